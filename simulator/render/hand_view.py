"""The simulated hand, drawn: an arm from the top of the view and a hand pinching its
piece, at every angle.

The hand itself is a kinematic body with no shape (``physics.hand.Hand``), so nothing
of it would show: this draws it in two parts. The arm (``arm_mesh``) always hangs
straight down from above the view to the grip point, whatever the piece's angle: it is
placed at the grip point and never turned. The hand (``hand_mesh``), in the hand's own
coordinates with the grip point at the origin, turns with the piece: a round palm over
the grip point and a thumb and a finger along the piece to its two sides, their tips
hooked over its edges. Its tone says how hard the grip works (``render.film.Grip``'s
strain): slate blue when firm, amber when the pinch pulls at its force limit, red when
the piece is pushed out of the fingers; a piece that slips out is left with an open
red hand for a moment (``open_hand_mesh``). The scene places both at the hand's pose
each frame and drops them when the hand lets go.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from simulator.render.bodies import opaque
from simulator.render.film import FIRM, SLIPPING, STRAINED
from simulator.render.mesh import Mesh
from simulator.render.palette import RGB
from simulator.render.symbols import Point

GRIPPER: RGB = (48, 62, 100)  # slate blue: far from every piece, card, table and text tone
GRIPPER_EDGE: RGB = (236, 240, 246)  # a light rim, so the grip reads on dark pieces too
# The hand's tone by its grip's strain: firm, pinching at its limit, slipping.
STRAIN_TONES: dict[int, RGB] = {FIRM: GRIPPER, STRAINED: (196, 120, 20), SLIPPING: (200, 40, 40)}
ARM_ALPHA = 225  # the arm over the piece lets the tower show through a little
FINGER_ALPHA = 235
# Sizes in cm (a LOTS cell is 2.5 cm).
ARM_WIDTH = 0.9
ARM_LENGTH = 80.0  # up and out of view
PALM_RADIUS = 0.7
FINGER_WIDTH = 0.42
TIP_DEPTH = 0.22  # how far a fingertip hooks past the piece's edge
TIP_HEIGHT = 0.7  # a fingertip's length across the piece's side
RIM = 0.1
MAX_PINCH = 12.0  # cm: the longest piece the thumb and a finger close around end to end
OPEN_SPREAD = 0.9  # cm an open hand's fingers stand off the piece's sides
SLIP_SECONDS = 0.6  # how long an open hand stays where a piece slipped out


def arm_mesh(strain: int = FIRM) -> Mesh:
    """The arm: from the grip point straight up out of view, in world directions."""
    mesh = Mesh()
    tone = STRAIN_TONES[strain]
    mesh.segment((0.0, 0.0), (0.0, ARM_LENGTH), ARM_WIDTH + 2 * RIM, opaque(GRIPPER_EDGE, 160))
    mesh.segment((0.0, 0.0), (0.0, ARM_LENGTH), ARM_WIDTH, opaque(tone, ARM_ALPHA))
    return mesh


def hand_mesh(
    polygons: Sequence[Sequence[Point]],
    anchor: Point = (0.0, 0.0),
    strain: int = FIRM,
    *,
    spread: float = 0.0,
) -> Mesh:
    """The hand for a piece of these polygons (its own coordinates) held at ``anchor``
    (a point of the piece), in the hand's coordinates (grip point at 0, 0): the palm
    over the grip point, thumb and finger out along the piece to its ends through the
    grip point, tips hooked over them (``spread`` cm off them: an open hand). A piece
    longer than a hand spans (a floor card) is pinched across instead, at its edges
    above and below the grip point."""
    ax, ay = anchor
    moved = [[(x - ax, y - ay) for x, y in poly] for poly in polygons]
    low, high = span_at(moved, 0.0)
    across = high - low > MAX_PINCH
    if across:  # pinch the other way: work in swapped coordinates, swap back at the end
        low, high = span_at([[(y, x) for x, y in poly] for poly in moved], 0.0)
    tone, edge = opaque(STRAIN_TONES[strain], FINGER_ALPHA), opaque(GRIPPER_EDGE)
    bars: list[tuple[float, float, float, float]] = []  # (u0, u1, v0, v1) along the pinch
    half, tip = FINGER_WIDTH / 2, TIP_HEIGHT / 2
    for side, end in ((-1.0, low - spread), (1.0, high + spread)):
        bars.append((0.0, end, -half, half))  # the finger along the piece
        bars.append((end - side * TIP_DEPTH / 2, end + side * TIP_DEPTH, -tip, tip))  # its tip
    mesh = Mesh()
    for u0, u1, v0, v1 in bars:
        lo, hi = min(u0, u1), max(u0, u1)
        square = [(lo, v0), (hi, v0), (hi, v1), (lo, v1)]
        if across:
            square = [(v, u) for u, v in square]
        mesh.polygon(square, tone)
        mesh.outline(square, RIM * 0.6, edge)
    mesh.polygon(_circle(PALM_RADIUS + RIM), edge)
    mesh.polygon(_circle(PALM_RADIUS), opaque(STRAIN_TONES[strain]))  # solid over the grip
    return mesh


def span_at(polygons: Sequence[Sequence[Point]], y: float) -> tuple[float, float]:
    """The polygons' extent along x at height ``y`` (where the fingers close), or their
    whole extent when no polygon reaches that height."""
    xs: list[float] = []
    for poly in polygons:
        for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
            if y0 == y1:
                if y0 == y:
                    xs += [x0, x1]
            elif min(y0, y1) <= y <= max(y0, y1):
                xs.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    if not xs:
        xs = [x for poly in polygons for x, _ in poly]
    return min(xs), max(xs)


def open_hand_mesh(polygons: Sequence[Sequence[Point]], anchor: Point) -> Mesh:
    """The hand a piece slipped out of, fingers open, red."""
    return hand_mesh(polygons, anchor, SLIPPING, spread=OPEN_SPREAD)


def _circle(radius: float, sides: int = 20) -> list[Point]:
    return [
        (radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides))
        for k in range(sides)
    ]
