"""Engine comparison (issue 25): the tuning lab's threshold cases in pymunk, with the
default profile exactly as the lab runs them, and in Box2D 2.3 under a few settings.

For each case the flip is found by bisection (the family's range and resolution) in
each engine; the table gives the error against the analytic value and the thread CPU
time of stepping per simulated second (median over the bisection's runs).

The Box2D world is built from the same ``Sandbox`` the family builds for pymunk: its
bodies' polygons, poses, static flags and resolved materials (docs/engine-comparison.md
says how units, friction and restitution are converted).

    PYTHONPATH=. python -m benchmarks.engine_compare [--quick] [--json PATH]

Needs the ``bench`` extra (``pip install '.[bench]'``: the ``box2d`` package).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from benchmarks.towers import machine_line, median, print_table
from simulator.files import write_atomically
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.world import World
from simulator.replay import load_scenario
from simulator.scenario.sandbox import Sandbox, run_sandbox
from simulator.tuning.bisection import find_flip
from simulator.tuning.calibrate import CALIBRATION
from simulator.tuning.cases import Family, accuracy_families

# Units: Box2D is tuned for moving bodies of 0.1 to 10 m, and its tolerances are fixed
# lengths in metres (linear slop 0.005 m, polygon skin 0.01 m). Our blocks are 10 cm
# long and 1 to 4 cm thick, so one centimetre becomes one Box2D metre (and one gram one
# kilogram; seconds stay seconds): every number of the sandbox is used as it is.
LENGTH_SCALE = 1.0  # Box2D metres per cm
MASS_SCALE = 1.0  # Box2D kilograms per g


@dataclass(frozen=True)
class Box2DSetting:
    """How Box2D steps: a fixed rate and its velocity and position iterations."""

    name: str  # a column's heading
    hz: float
    velocity_iterations: int
    position_iterations: int
    length_scale: float = LENGTH_SCALE
    # Take up the weight of resting bodies over the profile's load_time, as the pymunk
    # world does (World.load_gradually): the same start, so the engines alone differ.
    load_gradually: bool = False

    @property
    def dt(self) -> float:
        return 1.0 / self.hz


BOX2D_SETTINGS = (
    Box2DSetting("Box2D-60", 60.0, 8, 3),  # Box2D's own defaults (its manual and testbed)
    Box2DSetting("Box2D-240", 240.0, 30, 10),
    Box2DSetting("Box2D-900", 900.0, 45, 15),  # the pymunk default's rate
    Box2DSetting("Box2D-900L", 900.0, 45, 15, load_gradually=True),
)
PYMUNK = "pymunk"
COLUMN = CALIBRATION / "column-20.toml"  # issue 25's column: drift, not a flip


@dataclass(frozen=True)
class RunOutcome:
    falls: bool
    step_cpu_s: float  # thread CPU time spent stepping
    sim_s: float  # simulated time stepped
    asleep: bool  # every dynamic body asleep at the end
    moved_cm: float  # the farthest any dynamic body's centre moved, start to end


# -- pymunk: the sandbox runner itself -------------------------------------------------


def run_pymunk(sandbox: Sandbox) -> RunOutcome:
    """``run_sandbox`` as the tuning lab calls it, with a thread-CPU timer around each
    of the world's steps (the monitor's checks between them are not counted)."""
    spent = [0]
    worlds: list[World] = []

    def time_steps(world: World) -> None:
        worlds.append(world)
        step = world.step

        def timed(count: int = 1) -> None:
            start = time.thread_time_ns()
            step(count)
            spent[0] += time.thread_time_ns() - start

        world.step = timed  # type: ignore[method-assign]

    report = run_sandbox(sandbox, on_world=time_steps)
    falls = any(body["moved"] for body in report["bodies"])
    asleep = all(entry.body.is_sleeping for entry in worlds[-1].dynamic_entries)
    moved = max(body["displacement"] for body in report["bodies"])
    return RunOutcome(falls, spent[0] / 1e9, report["sim_seconds"], asleep, moved)


# -- Box2D: the same sandbox converted -------------------------------------------------


def box2d_world(sandbox: Sandbox, setting: Box2DSetting) -> tuple[Any, list[Any]]:
    """A Box2D world holding the sandbox's bodies, and its dynamic bodies in order.

    Friction: Chipmunk multiplies the two shapes' coefficients, Box2D mixes them as
    sqrt(f1 * f2); each fixture gets the square of its shape's value, so Box2D's pair
    value sqrt(f1^2 * f2^2) is Chipmunk's f1 * f2 exactly. Restitution: Chipmunk
    multiplies, Box2D takes the larger; each fixture gets e^2, exact for a pair of one
    material (wood on wood 0.01) and the larger square otherwise (Box2D also ignores
    restitution below 1 m/s of approach, b2_velocityThreshold).
    """
    import Box2D  # the bench extra; imported here so the module loads without it

    if sandbox.places:
        raise ValueError("the Box2D conversion has no hand: a sandbox with [[place]] entries")
    scale = setting.length_scale
    density_scale = MASS_SCALE / scale**2
    world = Box2D.b2World(gravity=(0.0, -sandbox.profile.gravity * scale), doSleep=True)
    dynamic = []
    for spec in sandbox.bodies:
        if spec.piece is not None and spec.piece.edge_radius > 0:
            raise ValueError(f"body {spec.id!r}: Box2D's polygons have no rounded edges")
        material = spec.material.resolve(sandbox.profile.materials)
        pose = spec.pose
        make = world.CreateStaticBody if spec.static else world.CreateDynamicBody
        body = make(position=(pose.x * scale, pose.y * scale), angle=pose.angle)
        for polygon in spec.polygons:
            if len(polygon) > Box2D.b2_maxPolygonVertices:
                raise ValueError(
                    f"body {spec.id!r}: Box2D takes at most {Box2D.b2_maxPolygonVertices} "
                    f"vertices a polygon, not {len(polygon)}"
                )
            body.CreatePolygonFixture(
                vertices=[(x * scale, y * scale) for x, y in polygon],
                density=0.0 if spec.static else material.density * density_scale,
                friction=material.friction**2,
                restitution=material.elasticity**2,
            )
        if not spec.static:
            dynamic.append(body)
    return world, dynamic


def run_box2d(sandbox: Sandbox, setting: Box2DSetting) -> RunOutcome:
    """Step the converted world for the run's seconds; the sandbox's verdict rule: a
    dynamic body whose centre moved more than the tolerance or that turned more than
    the rotation tolerance, from its start to its end pose, has moved."""
    world, bodies = box2d_world(sandbox, setting)
    start = [(b.position.x, b.position.y, b.angle) for b in bodies]
    steps = round(sandbox.run.seconds / setting.dt)
    step = world.Step
    dt, velocity, position = setting.dt, setting.velocity_iterations, setting.position_iterations
    began = time.thread_time_ns()
    loaded = (
        _load_gradually(world, bodies, sandbox.profile, setting) if setting.load_gradually else 0
    )
    for _ in range(steps - loaded):
        step(dt, velocity, position)
    spent = (time.thread_time_ns() - began) / 1e9
    run = sandbox.run
    falls = False
    farthest = 0.0
    for body, (x, y, angle) in zip(bodies, start, strict=True):
        moved = math.hypot(body.position.x - x, body.position.y - y) / setting.length_scale
        turned = math.degrees(body.angle - angle)
        falls = falls or moved > run.tolerance or abs(turned) > run.rotation_tolerance
        farthest = max(farthest, moved)
    asleep = not any(body.awake for body in bodies)
    return RunOutcome(falls, spent, steps * setting.dt, asleep, farthest)


def _load_gradually(
    world: Any, bodies: list[Any], profile: PhysicsProfile, setting: Box2DSetting
) -> int:
    """World.load_gradually's loading in Box2D: each body touching something at the
    start carries (1 - k/n) of its weight as an upward force at step k of the n steps of
    the profile's load_time, and nothing sleeps meanwhile. Returns the steps taken."""
    world.Step(0.0, 0, 0)  # finds the contacts (touching or not) without solving
    resting = [b for b in bodies if any(edge.contact.touching for edge in b.contacts)]
    n = round(profile.load_time / setting.dt)
    if n <= 0 or not resting:
        return 0
    gravity = profile.gravity * setting.length_scale
    world.allowSleeping = False
    for k in range(1, n + 1):
        share = 1.0 - k / n
        for body in resting:  # Box2D clears forces after every step, as pymunk does
            body.ApplyForceToCenter((0.0, body.mass * gravity * share), True)
        world.Step(setting.dt, setting.velocity_iterations, setting.position_iterations)
    world.allowSleeping = True
    return n


# -- measuring -------------------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    case: str
    engine: str
    truth: float
    unit: str
    measured: float  # the flip; unbracketed: the end of the range it lies beyond
    error: float  # measured - truth (percent of the critical overhang, or degrees)
    bracketed: bool
    runs: int
    asleep_runs: int  # runs that ended with every dynamic body asleep
    cpu_per_sim_s: float  # median over the runs: thread CPU s of stepping per simulated s
    samples: list[dict[str, float | bool]]  # each run: x, falls, asleep, cpu_per_sim_s


Runner = Callable[[Sandbox], RunOutcome]


def measure_flip(family: Family, engine: str, run: Runner, profile: PhysicsProfile) -> Measured:
    """The family's flip in one engine, bisected over its own range and resolution."""
    samples: list[dict[str, float | bool]] = []

    def falls(x: float) -> bool:
        outcome = run(family.build(x, profile))
        cost = outcome.step_cpu_s / outcome.sim_s
        samples.append(dict(x=x, falls=outcome.falls, asleep=outcome.asleep, cpu_per_sim_s=cost))
        return outcome.falls

    low, high, resolution = family.search
    flip = find_flip(falls, low, high, resolution)
    measured = flip.value if flip.bracketed else flip.low
    return Measured(
        case=case_label(family),
        engine=engine,
        truth=family.analytic,
        unit=family.unit,
        measured=measured,
        error=family.error(measured),
        bracketed=flip.bracketed,
        runs=flip.runs,
        asleep_runs=sum(bool(sample["asleep"]) for sample in samples),
        cpu_per_sim_s=median([float(sample["cpu_per_sim_s"]) for sample in samples]),
        samples=samples,
    )


def families(quick: bool) -> list[Family]:
    """Issue 25's threshold cases (``quick``: three of them)."""
    if quick:
        return [
            Family("harmonic", n=8, block_height=2.0),
            Family("harmonic", n=16, block_height=2.0),
            Family("incline-slide", mu=0.5),
        ]
    return accuracy_families()


def column(profile: PhysicsProfile) -> Sandbox:
    """Issue 25's column of 20 boxes (a calibration file: it stands and may drift)."""
    loaded = load_scenario(COLUMN)
    assert isinstance(loaded.scenario, Sandbox), COLUMN
    return replace(loaded.scenario, profile=profile)


def measure_drift(sandbox: Sandbox, engine: str, run: Runner) -> Measured:
    """How far the farthest body moved (mm) in the sandbox's run, one run."""
    outcome = run(sandbox)
    drift = outcome.moved_cm * 10.0
    cost = outcome.step_cpu_s / outcome.sim_s
    return Measured(
        case=f"column of {len(sandbox.bodies) - 1}, drift in {sandbox.run.seconds:g} s",
        engine=engine,
        truth=0.0,
        unit="mm",
        measured=drift,
        error=drift,
        bracketed=True,
        runs=1,
        asleep_runs=int(outcome.asleep),
        cpu_per_sim_s=cost,
        samples=[dict(x=0.0, falls=outcome.falls, asleep=outcome.asleep, cpu_per_sim_s=cost)],
    )


def engines(settings: tuple[Box2DSetting, ...]) -> list[tuple[str, Runner]]:
    runners: list[tuple[str, Runner]] = [(PYMUNK, run_pymunk)]
    for setting in settings:
        runners.append((setting.name, functools.partial(run_box2d, setting=setting)))
    return runners


def case_label(family: Family) -> str:
    if family.case == "harmonic":
        return f"harmonic n = {family.n}, {family.block_height:g} cm"
    if family.case == "paterson-zwick":
        return "Paterson-Zwick, 4 blocks"
    if family.case == "incline-slide":
        return f"slide, mu {family.mu:g}"
    return f"topple, {family.width:g} x {family.height:g} block"


def truth_text(result: Measured) -> str:
    if result.unit == "%":
        return "1.000"
    if result.unit == "mm":
        return "0 mm"
    return f"{result.truth:.3f} deg"


def error_text(result: Measured) -> str:
    """The error; a flip outside the range is shown as beyond its end ("< -15.00 %")."""
    if result.unit == "mm":  # a drift; past a centimetre the column has come apart
        drift = result.error
        return f"{drift:.3f} mm" if drift < 10.0 else f"collapsed ({drift / 10:.0f} cm)"
    text = f"{result.error:+.2f} %" if result.unit == "%" else f"{result.error:+.3f} deg"
    if result.bracketed:
        return text
    return ("> " if result.error > 0 else "< ") + text


def row(measured: list[Measured]) -> list[str]:
    """One case's row: its name, truth, each engine's error, then each one's cost."""
    return (
        [measured[0].case, truth_text(measured[0])]
        + [error_text(m) for m in measured]
        + [f"{m.cpu_per_sim_s * 1000:.1f}" for m in measured]
    )


def legend(
    profile: PhysicsProfile, settings: tuple[Box2DSetting, ...], metres_per_cm: float
) -> list[str]:
    return [
        f"pymunk: the {profile.name} profile (1/{1 / profile.dt:.0f} s, "
        f"{profile.iterations} iterations, sleeping after {profile.sleep_time_threshold:g} s "
        f"under {profile.idle_speed_threshold:g} cm/s, loading over {profile.load_time:g} s),"
        " as `towersim tune` runs it.",
        *(
            f"{s.name}: {s.hz:g} Hz, {s.velocity_iterations} velocity and "
            f"{s.position_iterations} position iterations"
            + (
                ", loading resting bodies over the profile's load_time."
                if s.load_gradually
                else "."
            )
            for s in settings
        ),
        f"Box2D: {metres_per_cm:g} Box2D metres per cm, 1 kg per g; its default sleeping.",
        "error: the flip minus the truth (percent of the critical overhang, or degrees);"
        " '<' or '>': the flip lies beyond the end of the bisection's range;"
        " the column: how far its farthest box moved.",
        "CPU: ms of thread CPU time stepping per simulated second, median over the"
        " bisection's runs.",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="three cases and the column (a smoke run)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the raw results here")
    parser.add_argument(
        "--metres-per-cm",
        type=float,
        default=LENGTH_SCALE,
        help=f"Box2D's length unit (default {LENGTH_SCALE:g}: 1 cm is 1 Box2D metre)",
    )
    args = parser.parse_args(argv)
    if not (math.isfinite(args.metres_per_cm) and args.metres_per_cm > 0):
        parser.error("--metres-per-cm must be a positive number")
    try:
        import Box2D
    except ImportError:
        print("engine_compare needs the box2d package: pip install '.[bench]'", file=sys.stderr)
        return 2
    settings = tuple(replace(s, length_scale=args.metres_per_cm) for s in BOX2D_SETTINGS)
    profile = load_profile("default")
    runners = engines(settings)
    cases: list[list[Measured]] = []
    for family in families(args.quick):
        cases.append([measure_flip(family, name, run, profile) for name, run in runners])
        print(f"{cases[-1][0].case}: measured", file=sys.stderr, flush=True)
    sandbox = column(profile)
    cases.append([measure_drift(sandbox, name, run) for name, run in runners])
    print(f"{cases[-1][0].case}: measured", file=sys.stderr, flush=True)
    rows = [row(measured) for measured in cases]
    names = [name for name, _ in runners]
    print_table(
        ["case", "truth", *(f"error {n}" for n in names), *(f"CPU {n}" for n in names)], rows
    )
    print()
    print("\n".join(legend(profile, settings, args.metres_per_cm)))
    machine = f"{machine_line()}; Box2D {Box2D.__version__}"
    print(machine)
    if args.json:
        payload = {
            "machine": machine,
            "metres_per_cm": args.metres_per_cm,
            "box2d_settings": [asdict(s) for s in settings],
            "pymunk_profile": profile.report(),
            "results": [asdict(m) for measured in cases for m in measured],
        }
        write_atomically(args.json, json.dumps(payload, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
