"""Placement latency of candidate profiles (the tuning lab's proposals), 30-piece towers.

benchmarks/placement_latency.py measures the default profile only; this reuses its
samples and its ``measure`` (fresh settled tower, hand path plus settling, fastest of
``repeats``) for any profile given as overrides of the default, and reports the median
against the same target (<= 15 ms at 30 pieces, issue 25).

Run: PYTHONPATH=. python -m benchmarks.tuning_latency [--samples 15] [--set dt=1/960 ...]
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from benchmarks.placement_latency import TARGET_MS, Sample, measure
from benchmarks.towers import machine_line, median
from simulator.physics.profile import PhysicsProfile, load_profile

PIECES = 30
CANDIDATES = {
    "default (1/480 s, 40 it)": {},
    "1/960 s, 60 it": {"dt": 1 / 960, "iterations": 60},
}


def latency_ms(profile: PhysicsProfile, samples: int, repeats: int) -> tuple[float, float]:
    """(median wall ms, median cpu ms) over ``samples`` placements on 30 pieces."""
    outcomes = [measure(profile, PIECES, Sample.nth(i), repeats) for i in range(samples)]
    return median([o.wall * 1e3 for o in outcomes]), median([o.cpu * 1e3 for o in outcomes])


def _overrides(pairs: list[str]) -> dict[str, float | int]:
    out: dict[str, float | int] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        out[name] = int(text) if name == "iterations" else float(Fraction(text))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    candidates = dict(CANDIDATES)
    if args.set:
        candidates = {" ".join(args.set): _overrides(args.set)}
    print(machine_line())
    base = load_profile()
    for label, overrides in candidates.items():
        wall, cpu = latency_ms(base.with_overrides(**overrides), args.samples, args.repeats)
        verdict = "PASS" if min(wall, cpu) <= TARGET_MS else "FAIL"
        print(
            f"{label}: median wall {wall:.1f} ms, cpu {cpu:.1f} ms at {PIECES} pieces "
            f"(target <= {TARGET_MS:.0f} ms): {verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
