"""Wall time to resolve one placement (hand path plus settling) on LOTS towers.

For every sample a fresh world is built (never reused: ``Space.copy()`` does not
reproduce a run) holding a brick-bonded wall of 10, 20 or 30 LOTS pieces on the wide lot,
settled with ``settle``. Then, timed: a Monitor, ``world.add_piece`` at a start pose
beside and above the tower, ``Hand(world).grab``, ``hand.carry(HandPath(x, angle))`` and
``settle(world, monitor)``. Samples cycle through pieces, mirror images, angles and
target x positions, deterministically.

Baseline, so the number can be read: the same sample is rebuilt and replayed with a timer
around every ``space.step`` call, giving the raw pymunk time of exactly the steps the
placement took (the replay must end in the same state hash). ``x raw`` is the placement's
CPU time over that raw time; what is above 1 is Python in the hand, settle and monitor.

Each sample is run three times on fresh worlds and the fastest kept (the runs are
bit-identical, so their spread is scheduler noise); wall and thread CPU time are both
reported because the benchmark machine may be shared.

The process is single-threaded (the world uses pymunk's unthreaded solver), so this is a
single-core latency.

Run: PYTHONPATH=. python -m benchmarks.placement_latency [--quick] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from dataclasses import dataclass

from benchmarks.towers import (
    lot_span,
    machine_line,
    median,
    percentile,
    print_table,
    timed,
    timing_steps,
    top_of,
    tower_world,
)
from rules.pieces import get_piece
from simulator.physics.hand import Hand, HandPath
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World

SIZES = (10, 20, 30)
TARGET_MS = 15.0  # median at 30 pieces (issue 25; 30 ms before it)
PIECES = ("lots-I", "lots-O", "lots-T", "lots-L", "lots-S")
# Seven targets (coprime with five pieces) so piece and x combine differently each lap.
TARGET_X = (-3.75, 1.25, 3.75, -1.25, 0.0, 2.5, -2.5)
SUPPLY_GAP = 15.0  # cm: the new piece starts this far left of the lot, like a supply line
START_LIFT = 10.0  # cm above the tower top


@dataclass(frozen=True)
class Sample:
    index: int
    piece: str
    mirror: bool
    angle: float  # degrees
    x: float

    @classmethod
    def nth(cls, i: int) -> Sample:
        piece = PIECES[i % len(PIECES)]
        lap = i // len(PIECES)
        return cls(
            i,
            piece,
            mirror=piece in ("lots-L", "lots-S") and lap % 2 == 1,
            angle=180.0 if (lap // 2) % 2 == 1 else 0.0,
            x=TARGET_X[i % len(TARGET_X)],
        )


@dataclass(frozen=True)
class Outcome:
    wall: float  # s
    cpu: float  # thread CPU s of the same run
    settle_cpu: float  # s of ``cpu`` after the release
    raw: float  # s inside space.step for the same placement (from the replay)
    settle_raw: float  # the part of ``raw`` after the release
    steps: int
    hand_steps: int
    settled: bool
    contact: bool
    events: int  # pieces the monitor saw move or fall
    asleep_at_start: int  # tower bodies asleep when the placement began


def settled_tower(profile: PhysicsProfile, pieces: int) -> World:
    world = tower_world(profile, pieces)
    if not settle(world).settled:
        raise RuntimeError(f"the {pieces}-piece benchmark tower did not settle")
    return world


class Placement:
    """One placement on a prepared world; ``run`` is the timed part."""

    def __init__(self, world: World, sample: Sample) -> None:
        self.world = world
        self.sample = sample
        self.spec = get_piece(sample.piece)
        left, _ = lot_span()
        self.start = Pose(left - SUPPLY_GAP, top_of(world) + START_LIFT, 0.0)
        self.steps_before = world.steps
        self.asleep_at_start = sum(e.body.is_sleeping for e in world.dynamic_entries)
        self.hand_steps = 0
        self.settled = self.contact = False
        self.events = 0
        self.settle_cpu = 0.0  # thread CPU s from the release to the end of settle
        self.cpu = 0.0  # thread CPU s of the whole run

    def run(self) -> None:
        world, s = self.world, self.sample
        cpu_start = time.thread_time()
        monitor = Monitor(world, support=lot_span())
        world.add_piece("new", self.spec, self.start, materials()[self.spec.material], s.mirror)
        hand = Hand(world)
        hand.grab("new")
        report = hand.carry(HandPath(x=s.x, angle=s.angle))
        released = time.thread_time()
        monitor.watch("new")
        result = settle(world, monitor)
        end = time.thread_time()
        self.settle_cpu = end - released
        self.cpu = end - cpu_start
        self.hand_steps = report.steps - self.steps_before
        self.contact = report.contact
        self.settled = result.settled
        self.events = len(monitor.events)


@dataclass(frozen=True)
class Replay:
    step_times: list[float]  # s inside each space.step call, in order
    hand_steps: int
    state_hash: str


def replay_raw(world: World, sample: Sample) -> Replay:
    """Replay the placement with a timer around each pymunk step."""
    times: list[float] = []
    with timing_steps(lambda wall, _cpu: times.append(wall)):
        placement = Placement(world, sample)
        placement.run()
    return Replay(times, placement.hand_steps, world.state_hash())


def measure(profile: PhysicsProfile, pieces: int, sample: Sample, repeats: int) -> Outcome:
    """Time the placement ``repeats`` times, each on a freshly built world, and keep the
    fastest: the runs are identical (checked), so the spread between them is scheduler
    noise from other processes, which min-of-k filters out. The raw replay is repeated
    alike, keeping each step's fastest time."""
    best: tuple[float, Placement] | None = None
    for _ in range(repeats):
        placement = Placement(settled_tower(profile, pieces), sample)
        wall = timed(placement.run, hold_gc=False)
        if best is None or wall < best[0]:
            best = (wall, placement)
    assert best is not None
    wall, placement = best
    steps = placement.world.steps - placement.steps_before
    expected = (steps, placement.hand_steps, placement.world.state_hash())
    fastest: list[float] = []
    for _ in range(repeats):
        replay = replay_raw(settled_tower(profile, pieces), sample)
        got = (len(replay.step_times), replay.hand_steps, replay.state_hash)
        if got != expected:
            raise RuntimeError(f"replay of sample {sample} diverged: not deterministic")
        if fastest:
            fastest = [min(a, b) for a, b in zip(fastest, replay.step_times, strict=True)]
        else:
            fastest = list(replay.step_times)
    hand = placement.hand_steps
    return Outcome(
        wall,
        placement.cpu,
        placement.settle_cpu,
        sum(fastest),
        sum(fastest[hand:]),
        steps,
        hand,
        placement.settled,
        placement.contact,
        placement.events,
        placement.asleep_at_start,
    )


def profile_placements(profile: PhysicsProfile, pieces: int, samples: int) -> None:
    """cProfile the timed part of ``samples`` placements (profiler overhead inflates the
    Python share; read it for where, not how much)."""
    prof = cProfile.Profile()
    for i in range(samples):
        placement = Placement(settled_tower(profile, pieces), Sample.nth(i))
        prof.enable()
        placement.run()
        prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
    print(out.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 samples per size")
    parser.add_argument("--samples", type=int, help="samples per tower size (default 30)")
    parser.add_argument(
        "--repeats", type=int, help="timed runs per sample, fastest kept (default 3, quick 1)"
    )
    parser.add_argument(
        "--profile", action="store_true", help="also cProfile placements on the largest tower"
    )
    args = parser.parse_args(argv)
    samples = args.samples or (3 if args.quick else 30)
    repeats = args.repeats or (1 if args.quick else 3)
    profile = load_profile()

    print(f"machine: {machine_line()}")
    print(
        f"profile {profile.name} (dt {profile.dt:.6f} s, {profile.iterations} iterations, "
        f"sleep after {profile.sleep_time_threshold} s); {samples} samples per size, "
        f"fastest of {repeats} runs each; single thread, fresh world per run"
    )
    rows = []
    at_target = (float("nan"), float("nan"))
    everything: list[Outcome] = []
    for pieces in SIZES:
        outcomes = [measure(profile, pieces, Sample.nth(i), repeats) for i in range(samples)]
        everything += outcomes
        walls = [o.wall * 1e3 for o in outcomes]
        cpus = [o.cpu * 1e3 for o in outcomes]

        def med(values: list[float]) -> float:
            return median(values)

        rows.append(
            [
                str(pieces),
                f"{med(walls):.1f}",
                f"{percentile(walls, 0.9):.1f}",
                f"{max(walls):.1f}",
                f"{med(cpus):.1f}",
                f"{percentile(cpus, 0.9):.1f}",
                f"{max(cpus):.1f}",
                f"{med([o.hand_steps for o in outcomes]):.0f}+"
                f"{med([o.steps - o.hand_steps for o in outcomes]):.0f}",
                f"{med([(o.cpu - o.settle_cpu) * 1e3 for o in outcomes]):.1f} "
                f"({med([(o.raw - o.settle_raw) * 1e3 for o in outcomes]):.1f})",
                f"{med([o.settle_cpu * 1e3 for o in outcomes]):.1f} "
                f"({med([o.settle_raw * 1e3 for o in outcomes]):.1f})",
                f"{med([o.raw * 1e3 for o in outcomes]):.1f}",
                f"{med([o.cpu / o.raw for o in outcomes]):.2f}",
                f"{sum(o.settled for o in outcomes)}/{samples}",
                str(sum(o.events for o in outcomes)),
            ]
        )
        if pieces == max(SIZES):
            at_target = (med(walls), med(cpus))
    print()
    print_table(
        [
            "pieces",
            "wall median",
            "wall p90",
            "wall max",
            "cpu median",
            "cpu p90",
            "cpu max",
            "steps hand+settle",
            "hand cpu (raw)",
            "settle cpu (raw)",
            "raw ms",
            "x raw",
            "settled",
            "events",
        ],
        rows,
    )
    verdict = "PASS" if max(at_target) <= TARGET_MS else "FAIL"
    print(
        f"\ntarget: median <= {TARGET_MS:.0f} ms at {max(SIZES)} pieces: {verdict} "
        f"(wall {at_target[0]:.1f} ms, cpu {at_target[1]:.1f} ms)"
    )
    print(
        "(ms. wall: the whole placement, fastest of the runs; cpu: that run's thread CPU "
        "time; other columns are medians except settled and events; (raw): time inside "
        "space.step for the same steps, per-step fastest of the replays; x raw: cpu / raw "
        "per sample; events: moved/fell reports over all samples)"
    )
    contacts = sum(o.contact for o in everything)
    asleep = max(o.asleep_at_start for o in everything)
    print(
        f"hand reported contact in {contacts}/{len(everything)} placements; at most "
        f"{asleep} tower bodies were asleep when a placement began"
    )
    if args.profile:
        print(f"\ncProfile of {min(samples, 10)} placements on {max(SIZES)} pieces:")
        profile_placements(profile, max(SIZES), min(samples, 10))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
