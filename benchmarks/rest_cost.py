"""CPU of one placement on LOTS towers of 5 to 60 pieces: the world at rest 2 (the new
default, issue 38) side by side with today's default in the same process.

Three ways to run the same placement, from the same start (a brick-bonded wall settled
at rest 1, then the world's profile set to the way under test):

* ``today``: rest 1, and every step through pymunk's ``Space.step`` (the stepping of the
  code before issue 38);
* ``rest 1``: rest 1 with World.step's direct C step (what a file that names no rest
  gets now);
* ``rest 2``: the new default: a quiet tower sleeps as one group while the piece
  travels, and the settle ends on falling energy (docs/physics.md, "Resting").

A placement is ``benchmarks.placement_latency``'s: a monitor, a piece added beside the
lot, the hand's grab and whole path, the release and the settle. Timed in thread CPU,
each sample the fastest of ``--repeats`` runs on fresh worlds (the runs are identical;
their spread is other processes). Reported: the median per tower size, its ratio to
``today`` and the events the monitor saw (moved or fell), which must agree.

Run: PYTHONPATH=. python -m benchmarks.rest_cost [--samples 7] [--repeats 2] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from benchmarks.placement_latency import Placement, Sample, settled_tower
from benchmarks.towers import machine_line, median, print_table
from simulator.physics import world as world_module
from simulator.physics.profile import PhysicsProfile, load_profile

SIZES = (5, 15, 30, 60)
# Issue 38's targets: at most these fractions of today's CPU, and 60 pieces at most
# three times 5 pieces.
TARGETS = {30: 0.20, 60: 0.25}
GROWTH_TARGET = 3.0


@dataclass(frozen=True)
class Way:
    label: str
    rest: int
    pymunk_step: bool  # every step through pymunk's Space.step


WAYS = (
    Way("today (rest 1, Space.step)", 1, True),
    Way("rest 1", 1, False),
    Way("rest 2 (new default)", 2, False),
)


@contextlib.contextmanager
def stepping(way: Way) -> Iterator[None]:
    """World.step as ``way`` steps: pymunk's wrapper on every step, or as shipped."""
    pending = world_module._pending
    if way.pymunk_step:
        world_module._pending = lambda space: True
    try:
        yield
    finally:
        world_module._pending = pending


def run(way: Way, profiles: dict[int, PhysicsProfile], pieces: int, sample: Sample) -> Placement:
    with stepping(way):
        world = settled_tower(profiles[1], pieces)  # the same start for every way
        world.profile = profiles[way.rest]
        placement = Placement(world, sample)
        placement.run()
    return placement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="3 samples, 1 repeat")
    args = parser.parse_args()
    samples, repeats = (3, 1) if args.quick else (args.samples, args.repeats)
    profiles = {rest: load_profile(rest=rest) for rest in (1, 2)}
    cpu: dict[tuple[str, int], list[float]] = {}
    events: dict[tuple[str, int], list[int]] = {}
    for pieces in SIZES:
        for i in range(samples):
            sample = Sample.nth(i)
            for r in range(repeats):
                ways = WAYS if r % 2 == 0 else tuple(reversed(WAYS))  # rotate the order
                for way in ways:
                    placement = run(way, profiles, pieces, sample)
                    key = (way.label, pieces)
                    times = cpu.setdefault(key, [float("inf")] * samples)
                    times[i] = min(times[i], placement.cpu * 1000.0)
                    if r == 0:
                        events.setdefault(key, []).append(placement.events)
    print(machine_line())
    print(f"{samples} placements a size, fastest of {repeats} runs each, thread CPU")
    rows = []
    base = {p: median(cpu[(WAYS[0].label, p)]) for p in SIZES}
    for way in WAYS:
        for pieces in SIZES:
            ms = median(cpu[(way.label, pieces)])
            rows.append(
                (
                    way.label,
                    str(pieces),
                    f"{ms:.1f}",
                    f"{ms / base[pieces]:.2f}",
                    str(sum(events[(way.label, pieces)])),
                )
            )
    print_table(("way", "pieces", "median ms", "x today", "events"), rows)
    new = WAYS[-1].label
    for pieces, target in TARGETS.items():
        ratio = median(cpu[(new, pieces)]) / base[pieces]
        verdict = "met" if ratio <= target else "MISSED"
        print(f"{pieces} pieces: {ratio:.2f} of today's CPU (target <= {target}): {verdict}")
    growth = median(cpu[(new, 60)]) / median(cpu[(new, 5)])
    verdict = "met" if growth <= GROWTH_TARGET else "MISSED"
    print(f"60 pieces / 5 pieces: {growth:.2f} (target <= {GROWTH_TARGET}): {verdict}")


if __name__ == "__main__":
    main()
