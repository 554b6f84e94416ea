"""Cost per simulated second of the physics settings the profile was chosen from.

The accuracy of each setting comes from the tuning lab (``towersim tune
scenarios/experiments/profile-frontier.toml``: every issue-25 threshold by bisection);
this benchmark measures what each setting costs, side by side in one process, so the
frontier in docs/physics.md pairs each error with a cost measured the same way.

Workload: the 15 harmonic stacks of the threshold cases (n = 4 to 20, blocks 1, 2 and 4
cm thick) at 99 % of their critical overhang, each run for its 4 s as the tuning lab
runs it (``run_sandbox``: load, run, monitor, report). Rounds take the settings in a
rotated order; each run is timed in thread CPU time, so other processes on a shared
machine do not count. Reported: CPU ms per simulated second (median over rounds of the
sum over the 15 stacks), and the ratio to the first setting, the baseline of the run.

Run: PYTHONPATH=. python -m benchmarks.profile_cost [--rounds 2] [--quick]
"""

from __future__ import annotations

import argparse
import time

from benchmarks.towers import machine_line, median, print_table
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.scenario.sandbox import run_sandbox
from simulator.tuning.cases import Family

# (label, base profile, overrides): the old default as the baseline, then the grid of
# scenarios/experiments/profile-frontier.toml (every point sleeps after 0.6 s).
SETTINGS: list[tuple[str, str, dict[str, float | int]]] = [
    ("default-2026-11: 1/900 s, 45 it., no load, sleep 0.25 s", "default-2026-11", {}),
] + [
    (
        f"1/{hz} s, {it} it., load {load} s",
        "default",
        {"dt": 1 / hz, "iterations": it, "load_time": load, "sleep_time_threshold": 0.6},
    )
    for hz in (900, 600)
    for it in (45, 60, 75, 90)
    for load in (0.2, 0.4)
]
HEIGHTS = (1.0, 2.0, 4.0)
SIZES = (4, 8, 12, 16, 20)
FRACTION = 0.99


def workload(quick: bool) -> list[Family]:
    if quick:
        return [Family("harmonic", n=12, block_height=2.0)]
    return [Family("harmonic", n=n, block_height=h) for h in HEIGHTS for n in SIZES]


def cost(profile: PhysicsProfile, families: list[Family]) -> tuple[float, float]:
    """(thread CPU seconds, simulated seconds) of running every stack once."""
    cpu = simulated = 0.0
    for family in families:
        sandbox = family.build(FRACTION, profile)
        started = time.thread_time()
        report = run_sandbox(sandbox)
        cpu += time.thread_time() - started
        simulated += report["sim_seconds"]
    return cpu, simulated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="one stack, one round")
    args = parser.parse_args()
    rounds = 1 if args.quick else args.rounds
    families = workload(args.quick)
    profiles = [load_profile(base).with_overrides(**over) for _, base, over in SETTINGS]
    per_setting: list[list[float]] = [[] for _ in SETTINGS]
    for r in range(rounds):
        order = [(i + r) % len(SETTINGS) for i in range(len(SETTINGS))]
        for i in order:
            cpu, simulated = cost(profiles[i], families)
            per_setting[i].append(1000.0 * cpu / simulated)
    print(machine_line())
    print(f"{len(families)} stacks at {FRACTION:.0%} of the critical overhang, {rounds} rounds")
    base = median(per_setting[0])
    rows = [
        (label, f"{median(ms):.1f}", f"{median(ms) / base:.2f}")
        for (label, _, _), ms in zip(SETTINGS, per_setting, strict=True)
    ]
    print_table(("setting", "CPU ms per simulated s", "x baseline"), rows)


if __name__ == "__main__":
    main()
