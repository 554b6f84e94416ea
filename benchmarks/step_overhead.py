"""Per-step overhead of ``World.step`` over stepping the pymunk space directly.

Each round builds fresh, identical worlds (same bodies, same creation order, same
profile) and advances each by the same number of steps in a different way:

* ``loop``  : ``world.step(1)`` called n times (what a frame loop does)
* ``batch`` : ``world.step(n)`` once per turn (what settle() does), n = CHUNK = 48
* ``raw``   : ``world.space.step(dt)`` called n times, no simulator code at all
* ``raw-nocb`` (informational): as ``raw``, with the world's piece/table begin callback
  removed, to show what that Python callback costs on top of pure Chipmunk

Sleeping is disabled in every world, so the tower stays awake and every variant does
the same solver work; after each round the variants' state hashes must be equal (same
physical work, bit for bit), or the script fails. Within a round the variants take
turns of CHUNK steps, rotating who goes first, to cancel drift; each turn is timed in
thread CPU time, so other processes on a shared machine do not count. The reported ratio
is the median over rounds of the per-round ratio to ``raw``.

Run: PYTHONPATH=. python -m benchmarks.step_overhead [--quick]
"""

from __future__ import annotations

import argparse
import gc
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import pymunk

from benchmarks.towers import (
    machine_line,
    median,
    print_table,
    rain_world,
    tower_world,
)
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.settle import settle
from simulator.physics.world import PIECE_TYPE, TABLE_TYPE, World

TARGET_RATIO = 1.10
VARIANTS = ("loop", "batch", "raw", "raw-nocb")
RAIN_PREROLL = 96
CHUNK = 48  # steps per turn when the variants take turns within a round


@dataclass(frozen=True)
class Case:
    name: str
    description: str
    build: Callable[[PhysicsProfile], World]
    steps: int  # timed steps per variant per round (full run)


def _settled_tower(profile: PhysicsProfile, pieces: int) -> World:
    world = tower_world(profile, pieces)
    # Untimed: bring the wall to rest so the timed steps are the quiet steady state.
    if not settle(world).settled:
        raise RuntimeError("the benchmark tower did not settle")
    return world


def _landing_rain(profile: PhysicsProfile, pieces: int) -> World:
    world = rain_world(profile, pieces)
    # Untimed free fall (0.2 s): the timed window then starts as the first pieces land,
    # so it is dominated by collisions, tumbling and table touches rather than empty air.
    world.step(RAIN_PREROLL)
    return world


def cases(pieces: int) -> list[Case]:
    return [
        Case(
            "tower",
            f"settled wall of {pieces} LOTS pieces, awake (sleeping off)",
            lambda p: _settled_tower(p, pieces),
            480,
        ),
        Case(
            "moving",
            f"{pieces} LOTS pieces landing and tumbling on lot and table (0.2-0.7 s)",
            lambda p: _landing_rain(p, pieces),
            240,
        ),
    ]


def stepper(variant: str, world: World) -> Callable[[int], None]:
    """A function advancing ``world`` by n steps the way ``variant`` does."""
    dt = world.profile.dt
    if variant == "loop":
        step = world.step

        def advance(n: int) -> None:
            for _ in range(n):
                step(1)

    elif variant == "batch":
        advance = world.step
    else:
        if variant == "raw-nocb":
            # empty_callback resets begin to Chipmunk's no-op, so no Python is called.
            world.space.on_collision(PIECE_TYPE, TABLE_TYPE, begin=pymunk.empty_callback)
        raw = world.space.step

        def advance(n: int) -> None:
            for _ in range(n):
                raw(dt)

    return advance


def measure(case: Case, profile: PhysicsProfile, rounds: int, steps: int) -> dict[str, list[float]]:
    """CPU seconds per step for every variant, one value per round.

    Within a round the variants take turns in chunks of CHUNK steps (rotating who goes
    first), so a change in machine load hits all of them alike; thread CPU time rather
    than wall time keeps other processes' time slices out of the numbers.
    """
    per_step: dict[str, list[float]] = {v: [] for v in VARIANTS}
    clock = time.thread_time
    for r in range(rounds):
        worlds = {v: case.build(profile) for v in VARIANTS}
        advance = {v: stepper(v, w) for v, w in worlds.items()}
        spent = dict.fromkeys(VARIANTS, 0.0)
        gc.collect()
        gc.disable()  # a collection would land in whichever variant happened to run
        try:
            done = 0
            while done < steps:
                n = min(CHUNK, steps - done)
                k = (r + done // CHUNK) % len(VARIANTS)
                for variant in VARIANTS[k:] + VARIANTS[:k]:
                    start = clock()
                    advance[variant](n)
                    spent[variant] += clock() - start
                done += n
        finally:
            gc.enable()
        for variant in VARIANTS:
            per_step[variant].append(spent[variant] / steps)
        hashes = {v: w.state_hash() for v, w in worlds.items()}
        if len(set(hashes.values())) != 1:
            raise RuntimeError(f"{case.name}: variants diverged in round {r}: {hashes}")
    return per_step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: few short rounds")
    parser.add_argument("--rounds", type=int, help="rounds per case (default 21, quick 3)")
    parser.add_argument(
        "--steps", type=int, help="steps per variant per round (default: per case, quick 96)"
    )
    parser.add_argument("--pieces", type=int, default=30, help="LOTS pieces per world")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 21)

    # Sleeping off in every world: a settled tower stays awake and costs the same each round.
    profile = load_profile().with_overrides(sleep_time_threshold=math.inf)

    print(f"machine: {machine_line()}")
    print(
        f"profile {profile.name} (dt {profile.dt:.6f} s, {profile.iterations} iterations, "
        f"sleeping off); {rounds} rounds per case; single thread"
    )
    rows = []
    worst = 0.0
    for case in cases(args.pieces):
        steps = args.steps or (96 if args.quick else case.steps)
        per_step = measure(case, profile, rounds, steps)
        raw = per_step["raw"]
        ratios = {
            v: median([a / b for a, b in zip(per_step[v], raw, strict=True)]) for v in VARIANTS
        }
        worst = max(worst, ratios["loop"], ratios["batch"])
        rows.append(
            [
                case.name,
                f"{median(raw) * 1e6:.1f}",
                f"{median(per_step['loop']) * 1e6:.1f}",
                f"{median(per_step['batch']) * 1e6:.1f}",
                f"{median(per_step['raw-nocb']) * 1e6:.1f}",
                f"{ratios['loop']:.3f}",
                f"{ratios['batch']:.3f}",
                f"{ratios['raw-nocb']:.3f}",
            ]
        )
        print(f"  {case.name}: {case.description}; {steps} steps per variant per round")
    print()
    print_table(
        [
            "case",
            "raw us/step",
            "step(1) us/step",
            "step(N) us/step",
            "raw-nocb us/step",
            "step(1)/raw",
            "step(N)/raw",
            "raw-nocb/raw",
        ],
        rows,
    )
    verdict = "PASS" if worst <= TARGET_RATIO else "FAIL"
    print(
        f"\ntarget: step(1)/raw and step(N)/raw <= {TARGET_RATIO:.2f}: {verdict} "
        f"(worst {worst:.3f})"
    )
    print(
        "(thread CPU time; ratios: median over rounds of the per-round ratio; "
        "us/step: medians over rounds)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
