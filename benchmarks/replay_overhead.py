"""The whole ``towersim replay FILE --json`` call against raw pymunk stepping the same world.

For each sandbox case the replay is the CLI's own function (``simulator.replay.replay``
with ``as_json=True``: load, validate, build, run, report, JSON), in process. Its twin
is a ``pymunk.Space`` built directly from the same bodies (the file's polygons and
materials, in the world's creation order) with only the physics settings the report's
``"physics"`` lists, stepped as many steps as the report says. The twin must end in the
report's state hash (the same pose and velocity digest as ``World.state_hash``), or the
script fails: then the comparison would not be honest. A setting the raw world needs
that the report lacks is named in the output and taken from the report's profile
(``simulator.physics.profile``), so the run can still be compared.

Each round times the replay and the twin (build + steps) in thread CPU time, the order
alternating round by round, the cyclic GC held off while timing; the ratio is the median
over rounds of the per-round ratio. Target (issue 25): replay / raw <= 1.10.

A recorded LOTS game has no raw twin (pieces enter mid-run, the hand drives them): its
row compares the replay with the time spent inside ``Space.step`` in an instrumented
run of the same file, as ``benchmarks/lots_game.py`` does.

Run: PYTHONPATH=. python -m benchmarks.replay_overhead [--quick] [--rounds N]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import io
import json
import math
import struct
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pymunk

from benchmarks.towers import machine_line, median, print_table, timing_steps
from simulator.physics.geometry import inset, transform
from simulator.physics.profile import load_profile
from simulator.replay import load_scenario, replay
from simulator.scenario.sandbox import Sandbox, build_world

TARGET_RATIO = 1.10
ROOT = Path(__file__).resolve().parent.parent
HARMONIC = ROOT / "scenarios/calibration/harmonic-12-stands.toml"
COLUMN = ROOT / "scenarios/calibration/column-15.toml"
LOTS_GAME = ROOT / "scenarios/lots/win-piles.toml"
# What a raw space needs, by the report's names (World.__post_init__ sets each one).
RAW_SETTINGS = (
    "dt",
    "iterations",
    "collision_slop",
    "collision_bias",
    "gravity",
    "damping",
    "sleep_time_threshold",
    "idle_speed_threshold",
    "load_time",
)

# The 60-box wall: 4 x 2 cm boxes in a brick bond on a table, even courses six whole
# boxes, odd courses a half box at each end and five whole ones between.
WALL_BOXES = 60
_EVEN = [(x, 4.0) for x in (-10.0, -6.0, -2.0, 2.0, 6.0, 10.0)]
_ODD = [(-11.0, 2.0), *((x, 4.0) for x in (-8.0, -4.0, 0.0, 4.0, 8.0)), (11.0, 2.0)]


def wall_toml(boxes: int = WALL_BOXES) -> str:
    """A sandbox file: ``boxes`` boxes in courses from the table up, run for 4 s."""
    lines = [
        'format = "towersim/1"',
        'kind = "sandbox"',
        f'name = "a brick-bonded wall of {boxes} boxes"',
        "",
        "[[static]]",
        'id = "table"',
        "polygon = [[-40.0, -5.0], [40.0, -5.0], [40.0, 0.0], [-40.0, 0.0]]",
        'material = "felt"',
    ]
    course = n = 0
    while n < boxes:
        for x, width in _EVEN if course % 2 == 0 else _ODD:
            if n == boxes:
                break
            lines += [
                "",
                "[[body]]",
                f'id = "w{n:02d}"',
                f"box = [{width}, 2.0]",
                f"at = [{x}, {1.0 + 2.0 * course}]",
                'material = "wood"',
            ]
            n += 1
        course += 1
    lines += ["", "[run]", "seconds = 4.0", ""]
    return "\n".join(lines)


# -- the raw twin -------------------------------------------------------------------------


def physics_settings(report: dict[str, Any]) -> tuple[dict[str, float], list[str]]:
    """The raw world's settings from the report, and the names the report lacks (taken
    from the report's named profile so that the run can still be compared)."""
    given = report["physics"]
    missing = [key for key in RAW_SETTINGS if key not in given]
    profile = load_profile(report["profile"])
    # A profile from before a setting existed runs as if it were 0 (load_time).
    settings = {key: given.get(key, getattr(profile, key, 0.0)) for key in RAW_SETTINGS}
    return settings, missing


def raw_space(sandbox: Sandbox, settings: dict[str, float]) -> tuple[pymunk.Space, list[Any]]:
    """A pymunk space of the sandbox's bodies, built as World builds them (same order,
    same shapes, same material values), and its dynamic (id, body) pairs in that order."""
    space = pymunk.Space(threaded=False)
    space.threads = 1
    space.gravity = (0.0, -settings["gravity"])
    space.iterations = int(settings["iterations"])
    space.collision_slop = settings["collision_slop"]
    space.collision_bias = settings["collision_bias"]
    space.damping = settings["damping"]
    space.sleep_time_threshold = settings["sleep_time_threshold"]
    space.idle_speed_threshold = settings["idle_speed_threshold"]
    materials = sandbox.profile.materials
    dynamic = []
    for spec in sandbox.bodies:
        material = spec.material.resolve(materials)
        pose = spec.pose
        if spec.static:
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
            shapes = [
                pymunk.Poly(body, transform(p, pose.x, pose.y, pose.angle), radius=0.0)
                for p in spec.polygons
            ]
        else:
            edge = spec.piece.edge_radius if spec.piece else 0.0
            body = pymunk.Body()
            shapes = [pymunk.Poly(body, inset(p, edge), radius=edge) for p in spec.polygons]
            body.position = (pose.x, pose.y)
            body.angle = pose.angle
            dynamic.append((spec.id, body))
        for shape in shapes:
            shape.friction = material.friction
            shape.elasticity = material.elasticity
            if not spec.static:
                shape.density = material.density
        space.add(body, *shapes)
    return space, dynamic


def digest(bodies: list[Any]) -> str:
    """World.state_hash's digest of (id, body) pairs: id, pose and velocity as doubles."""
    out = hashlib.sha256()
    pack = struct.Struct("<6d").pack
    for body_id, body in bodies:
        out.update(body_id.encode())
        p, v = body.position, body.velocity
        out.update(pack(p.x, p.y, body.angle, v.x, v.y, body.angular_velocity))
    return out.hexdigest()


# -- timing ------------------------------------------------------------------------------


def cpu(action: Callable[[], object]) -> float:
    """Thread CPU seconds of ``action()``, the cyclic GC held off."""
    gc.collect()
    gc.disable()
    try:
        start = time.thread_time()
        action()
        return time.thread_time() - start
    finally:
        gc.enable()


def replay_call(path: Path) -> dict[str, Any]:
    """What ``towersim replay PATH --json`` does, in process; the report it printed."""
    out, err = io.StringIO(), io.StringIO()
    status = replay([str(path)], as_json=True, out=out, err=err)
    if status == 2:
        raise RuntimeError(f"{path}: {err.getvalue().strip()}")
    return json.loads(out.getvalue())


@dataclass
class Row:
    name: str
    steps: int
    baseline: str
    replay: list[float] = field(default_factory=list)
    raw: list[float] = field(default_factory=list)
    raw_steps: list[float] = field(default_factory=list)
    # Parts of the replay, timed on their own in the same rounds (sandboxes only):
    # reading and validating the file, and building its world.
    load: list[float] = field(default_factory=list)
    build: list[float] = field(default_factory=list)

    def cells(self) -> list[str]:
        ratio = median([a / b for a, b in zip(self.replay, self.raw, strict=True)])
        steps_ratio = median([a / b for a, b in zip(self.replay, self.raw_steps, strict=True)])
        if self.load:
            # Medians, not a median of per-round differences: a difference of three
            # timings is as noisy as all three.
            rest = median(self.replay) - median(self.load) - median(self.build)
            parts = [
                f"{median(self.load) * 1e3:.2f}",
                f"{median(self.build) * 1e3:.2f}",
                f"{rest / median(self.raw_steps):.3f}",
            ]
        else:
            parts = ["-", "-", "-"]
        return [
            self.name,
            str(self.steps),
            f"{median(self.replay) * 1e3:.2f}",
            f"{median(self.raw) * 1e3:.2f}",
            f"{median(self.raw_steps) * 1e3:.2f}",
            f"{ratio:.3f}",
            f"{steps_ratio:.3f}",
            "PASS" if ratio <= TARGET_RATIO else "FAIL",
            *parts,
            self.baseline,
        ]


def resting_bodies(space: pymunk.Space, dynamic: list[Any]) -> list[pymunk.Body]:
    """The dynamic bodies that touch something at the start: the ones that take up their
    weight over load_time (as World.load_gradually picks them)."""
    return [
        body
        for _, body in dynamic
        if any(
            hit.shape is not None and hit.shape.body is not body
            for shape in body.shapes
            for hit in space.shape_query(shape)
        )
    ]


def step_raw(
    space: pymunk.Space, resting: list[Any], settings: dict[str, float], steps: int
) -> None:
    """``steps`` steps of the raw space with the report's settings: over the first
    load_time seconds each resting body carries a shrinking share of its weight (an
    upward force, set every step since pymunk clears forces) and nothing sleeps."""
    dt = settings["dt"]
    step = space.step
    loading = round(settings["load_time"] / dt) if resting else 0
    done = 0
    if loading > 0:
        space.sleep_time_threshold = math.inf
        lift = [(body, body.mass * settings["gravity"]) for body in resting]
        while done < min(loading, steps):
            done += 1
            share = 1.0 - done / loading
            for body, weight in lift:
                body.force = (0.0, weight * share)
            step(dt)
        if done == loading:
            space.sleep_time_threshold = settings["sleep_time_threshold"]
    for _ in range(steps - done):
        step(dt)


def timed_twin(
    sandbox: Sandbox, settings: dict[str, float], steps: int
) -> tuple[float, float, str]:
    """CPU seconds of the whole raw twin (build + steps) and of its steps alone, and the
    state hash it ends in."""
    twin: list[Any] = []

    def build() -> None:
        space, dynamic = raw_space(sandbox, settings)
        twin[:] = [space, dynamic, resting_bodies(space, dynamic)]

    def run() -> None:
        step_raw(twin[0], twin[2], settings, steps)

    built = cpu(build)
    stepped = cpu(run)
    return built + stepped, stepped, digest(twin[1])


def sandbox_row(name: str, path: Path, rounds: int) -> tuple[Row, list[str]]:
    report = replay_call(path)  # warm: imports, asset caches
    settings, missing = physics_settings(report)
    sandbox = load_scenario(path).scenario
    steps = report["steps"]
    row = Row(name, steps, "raw twin: build + steps")
    for r in range(rounds):
        row.load.append(cpu(lambda: load_scenario(path).check_budget()))
        row.build.append(cpu(lambda: build_world(sandbox)))
        if r % 2:
            total, stepped, reached = timed_twin(sandbox, settings, steps)
            row.replay.append(cpu(lambda: replay_call(path)))
        else:
            row.replay.append(cpu(lambda: replay_call(path)))
            total, stepped, reached = timed_twin(sandbox, settings, steps)
        if reached != report["state_hash"]:
            raise RuntimeError(f"{name}: the raw twin did not reach the replay's state hash")
        row.raw.append(total)
        row.raw_steps.append(stepped)
    return row, missing


def inside_steps(path: Path) -> tuple[float, str]:
    """CPU seconds inside Space.step during a replay of ``path``, and its state hash."""
    inside = [0.0]

    def record(wall: float, spent: float) -> None:
        inside[0] += spent

    with timing_steps(record):
        report = replay_call(path)
    return inside[0], report["state_hash"]


def game_row(name: str, path: Path, rounds: int) -> Row:
    """A recorded game: the replay against the time inside Space.step of the same run
    (instrumented runs, alternating with the plain ones)."""
    report = replay_call(path)
    row = Row(name, report["steps"], "inside Space.step, same file")
    for _ in range(rounds):
        row.replay.append(cpu(lambda: replay_call(path)))
        inside, reached = inside_steps(path)
        if reached != report["state_hash"]:
            raise RuntimeError(f"{name}: the instrumented replay diverged")
        row.raw.append(inside)
        row.raw_steps.append(inside)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 rounds")
    parser.add_argument("--rounds", type=int, help="rounds per case (default 21, quick 3)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 21)
    print(f"machine: {machine_line()}")
    print(f"{rounds} rounds per case, thread CPU time, single thread")
    rows: list[Row] = []
    lacking: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="towersim-replay-") as folder:
        wall = Path(folder) / "wall-60.toml"
        wall.write_text(wall_toml())
        cases = [
            ("harmonic-12 (sleeps)", HARMONIC),
            (f"wall of {WALL_BOXES} boxes", wall),
            ("column of 15", COLUMN),
        ]
        for name, path in cases:
            row, missing = sandbox_row(name, path, rounds)
            rows.append(row)
            lacking.update(missing)
        rows.append(game_row(f"LOTS game {LOTS_GAME.name}", LOTS_GAME, rounds))
    print()
    print_table(
        [
            "case",
            "steps",
            "replay ms",
            "raw ms",
            "raw steps ms",
            "replay/raw",
            "replay/raw steps",
            f"<= {TARGET_RATIO:.2f}",
            "load ms",
            "build ms",
            "rest/raw steps",
            "raw is",
        ],
        [row.cells() for row in rows],
    )
    print(
        "\n(medians over rounds; replay: the CLI's replay call with --json, in process; "
        "raw: a pymunk space built from the same bodies with the report's physics "
        "settings, then stepped; it ends in the report's state hash; load: reading and "
        "validating the file, build: building its World, each timed alone in the same "
        "rounds; rest/raw steps: the replay less those two (the run, the monitor, the "
        "report, the JSON) over the raw steps, from the medians)"
    )
    if lacking:
        print(
            f"the report's physics lacks {', '.join(sorted(lacking))}: the raw world "
            "took it from the report's named profile"
        )
    else:
        print("the report's physics lists every setting the raw world needs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
