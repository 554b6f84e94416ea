"""Calibration cases with a known flip point, built for any value of their parameter:
the harmonic stack (overhang fraction, flips at 1), Paterson and Zwick's optimal stack of
4 blocks (fraction of its overhang, flips at 1), a block on an incline that slides (flips
at atan(mu)) and a tall block on a rough incline that topples (atan(w/h)).

The geometry is that of scripts/make_calibration.py, so the stored calibration files
are points of these families.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from simulator.physics.geometry import Point, box_polygon, centroid, checked_convex, transform
from simulator.physics.materials import MaterialChoice
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import Pose
from simulator.scenario.header import FORMAT, Header
from simulator.scenario.sandbox import BodySpec, RunSpec, Sandbox, SandboxExpect

FAMILIES = ("harmonic", "paterson-zwick", "incline-slide", "incline-topple")
# The families whose parameter is a fraction of a critical overhang (flip at 1).
OVERHANG_FAMILIES = ("harmonic", "paterson-zwick")

BLOCK_LENGTH = 10.0  # cm (harmonic stack)
BLOCK_HEIGHT = 1.0
INCLINE_DENSITY = 1.5
SLIDE_MU = 0.5  # the incline-slide family's default pair friction
TOPPLE_DEFAULT = (2.0, 6.0)  # the incline-topple family's default block (width, height)

# Issue 25's accuracy cases: every one is a family below (accuracy_families) and a pair
# of calibration files just either side of its threshold (scripts/make_calibration.py).
HARMONIC_SIZES = (4, 8, 12, 16, 20)
HARMONIC_HEIGHTS = (1.0, 2.0, 4.0)  # cm
SLIDE_FRICTIONS = (0.3, 0.5, 0.8)
TOPPLE_BLOCK = (1.0, 3.0)  # width, height: 18.435 degrees

_ROOT2 = math.sqrt(2.0)
# Paterson and Zwick's optimal 4-block stack ("Overhang", Amer. Math. Monthly 116, 2009):
# (right edge in block lengths from the table edge, layer from the table), bottom to top,
# left to right. Its overhang is (15 - 4 sqrt 2)/8 = 1.16789 (docs/physics.md derives it).
PATERSON_ZWICK = (
    ((7.0 - 2.0 * _ROOT2) / 8.0, 1),  # on the table, under everything
    ((25.0 - 18.0 * _ROOT2) / 8.0, 2),  # the counterweight
    ((15.0 - 4.0 * _ROOT2) / 8.0, 2),  # the block that reaches out
    ((24.0 * _ROOT2 - 31.0) / 8.0, 3),  # pins the reaching block's inner end down
)


@dataclass(frozen=True)
class Family:
    """One threshold case: ``build(x)`` is the scenario at parameter ``x``."""

    case: str
    n: int = 8  # harmonic: blocks
    block_height: float = BLOCK_HEIGHT  # harmonic: each block's thickness, cm
    mu: float = SLIDE_MU  # incline-slide: pair friction
    width: float = TOPPLE_DEFAULT[0]  # incline-topple: block width and height
    height: float = TOPPLE_DEFAULT[1]

    @property
    def label(self) -> str:
        if self.case == "harmonic":
            thick = "" if self.block_height == BLOCK_HEIGHT else f"-h{self.block_height:g}"
            return f"harmonic-{self.n:02d}{thick}"
        if self.case == "paterson-zwick":
            return f"paterson-zwick-{len(PATERSON_ZWICK)}"
        # The defaults keep the labels they had before the other sizes existed.
        if self.case == "incline-slide" and self.mu != SLIDE_MU:
            return f"incline-slide-mu{self.mu:g}"
        if self.case == "incline-topple" and (self.width, self.height) != TOPPLE_DEFAULT:
            return f"incline-topple-{self.width:g}x{self.height:g}"
        return self.case

    @property
    def unit(self) -> str:
        return "%" if self.case in OVERHANG_FAMILIES else "deg"

    @property
    def analytic(self) -> float:
        if self.case in OVERHANG_FAMILIES:
            return 1.0
        if self.case == "incline-slide":
            return math.degrees(math.atan(self.mu))
        return math.degrees(math.atan(self.width / self.height))

    def error(self, measured: float) -> float:
        """Measured minus analytic: percent of the critical overhang, or degrees."""
        if self.case in OVERHANG_FAMILIES:
            return (measured - 1.0) * 100.0
        return measured - self.analytic

    @property
    def search(self) -> tuple[float, float, float]:
        """(low, high, resolution) of the bisection."""
        if self.case in OVERHANG_FAMILIES:
            return 0.85, 1.15, 0.001
        return self.analytic - 4.0, self.analytic + 4.0, 0.02

    def build(self, x: float, profile: PhysicsProfile) -> Sandbox:
        if self.case == "harmonic":
            return harmonic(self.n, x, profile, self.block_height)
        if self.case == "paterson-zwick":
            return paterson_zwick(x, profile)
        if self.case == "incline-slide":
            return incline(x, (4.0, 1.0), math.sqrt(self.mu), 0.1, profile)
        # Pair friction 1.44 > tan(theta): the tall block cannot slip before it tips.
        return incline(x, (self.width, self.height), 1.2, 0.5, profile)


def accuracy_families() -> list[Family]:
    """Issue 25's threshold cases, in the order tables list them."""
    families = [
        Family("harmonic", n=n, block_height=h) for h in HARMONIC_HEIGHTS for n in HARMONIC_SIZES
    ]
    families.append(Family("paterson-zwick"))
    families += [Family("incline-slide", mu=mu) for mu in SLIDE_FRICTIONS]
    families.append(Family("incline-topple", width=TOPPLE_BLOCK[0], height=TOPPLE_BLOCK[1]))
    return families


def _r(value: float) -> float:
    """Rounded as scripts/make_calibration.py writes numbers, so that a family's member
    at a stored file's parameter is that file, to the bit."""
    return round(value, 9)


def _static(body_id: str, polygon: list[Point], material: MaterialChoice) -> BodySpec:
    """A static body given in world coordinates, stored as the scenario parser does."""
    polygon = checked_convex([(_r(x), _r(y)) for x, y in polygon])
    cx, cy = centroid([polygon])
    return BodySpec(
        body_id, True, [[(x - cx, y - cy) for x, y in polygon]], Pose(cx, cy, 0.0), material
    )


def _sandbox(name: str, bodies: list[BodySpec], run: RunSpec, profile: PhysicsProfile) -> Sandbox:
    header = Header(FORMAT, "sandbox", name, "", 0)
    return Sandbox(header, profile, bodies, [], run, SandboxExpect())


def _table() -> BodySpec:
    """The overhang cases' table, its edge at x = 0. Named materials, so the run's (a
    swept point's) decide their values."""
    table = [(-60.0, -5.0), (0.0, -5.0), (0.0, 0.0), (-60.0, 0.0)]
    return _static("table", table, MaterialChoice("felt"))


# A block that moves half a centimetre or turns 5 degrees in 4 s has fallen.
_OVERHANG_RUN = RunSpec(seconds=4.0, tolerance=0.5, rotation_tolerance=5.0)


def harmonic(
    n: int, fraction: float, profile: PhysicsProfile, height: float = BLOCK_HEIGHT
) -> Sandbox:
    """n blocks ``height`` cm thick; the k-th from the top overhangs the one below by
    fraction * L / (2k)."""
    bodies = [_table()]
    wood = MaterialChoice("wood")
    right = 0.0
    for i, k in enumerate(range(n, 0, -1)):
        right += fraction * BLOCK_LENGTH / (2 * k)
        pose = Pose(_r(right - BLOCK_LENGTH / 2), _r(height * (i + 0.5)), 0.0)
        bodies.append(
            BodySpec(f"b{i + 1:02d}", False, [box_polygon(BLOCK_LENGTH, height)], pose, wood)
        )
    return _sandbox(f"harmonic stack of {n} at {fraction:.4f}", bodies, _OVERHANG_RUN, profile)


def paterson_zwick(fraction: float, profile: PhysicsProfile) -> Sandbox:
    """Paterson and Zwick's optimal 4-block stack with every right edge scaled about the
    table edge by ``fraction`` (as the harmonic stack's): balanced below 1 (the centre of
    mass of all four sits (1 - fraction) L / 2 inside the edge), unbalanced above."""
    bodies = [_table()]
    wood = MaterialChoice("wood")
    for i, (right, layer) in enumerate(PATERSON_ZWICK):
        x = fraction * BLOCK_LENGTH * right - BLOCK_LENGTH / 2
        pose = Pose(_r(x), _r(BLOCK_HEIGHT * (layer - 0.5)), 0.0)
        bodies.append(
            BodySpec(f"b{i + 1:02d}", False, [box_polygon(BLOCK_LENGTH, BLOCK_HEIGHT)], pose, wood)
        )
    name = f"Paterson-Zwick stack of 4 at {fraction:.4f}"
    return _sandbox(name, bodies, _OVERHANG_RUN, profile)


def incline(
    theta: float,
    size: tuple[float, float],
    friction: float,
    tolerance: float,
    profile: PhysicsProfile,
) -> Sandbox:
    """A block at rest on a plane tilted by ``theta`` degrees; friction per shape."""
    t = math.radians(theta)  # the geometry from the exact angle, the pose from the rounded

    plane = transform([(-40.0, -2.0), (40.0, -2.0), (40.0, 0.0), (-40.0, 0.0)], 0.0, 0.0, t)
    # Every value its own: the case fixes its friction whatever the materials swept.
    own = (("density", INCLINE_DENSITY), ("friction", _r(friction)), ("elasticity", 0.0))
    material = MaterialChoice(None, own)
    w, h = size
    centre = Pose(_r(-math.sin(t) * h / 2), _r(math.cos(t) * h / 2), math.radians(_r(theta)))
    bodies = [
        _static("incline", plane, material),
        BodySpec("block", False, [box_polygon(w, h)], centre, material),
    ]
    run = RunSpec(seconds=3.0, tolerance=tolerance, rotation_tolerance=2.0)
    return _sandbox(f"block {w} x {h} on an incline at {theta:.3f} deg", bodies, run, profile)
