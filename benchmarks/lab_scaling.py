"""The balance lab on one and on two local workers: games per hour, and the same records.

Usage:
  PYTHONPATH=. python -m benchmarks.lab_scaling [--games 24] [--level easy]
      [--footprint 2B] [--rounds 1] [--quick]

Plays one tournament (LOTS solo on one footprint, one computer seat, seeds 1..N) into
fresh folders with ``--workers 1`` (in this process) and ``--workers 2`` (two spawned
processes), alternating which goes first each round, and reports wall time, games per
hour and the ratio, the pool's start-up included. Both must give the same records (state
hashes) game for game. Target (issue 26): two workers >= 1.9 times one worker's games per
hour on a two-core machine; run it with the machine otherwise idle.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
import time
from pathlib import Path

from simulator.cli import main as towersim


def run(out: Path, workers: int, args: argparse.Namespace) -> tuple[float, dict[str, str]]:
    """Wall seconds of one run and each game's state hash."""
    argv = [
        "lab", "run", "--game", "lots", "--mode", "solo", "--footprints", args.footprint,
        "--seats", args.level, "--games", str(args.games), "--out", str(out),
        "--workers", str(workers), "--json",
    ]  # fmt: skip
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = towersim(argv)
    wall = time.perf_counter() - started
    if code != 0:
        raise SystemExit(f"lab run --workers {workers} exited {code}")
    lines = (out / "results.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    return wall, {r["key"]: r["state_hash"] for r in records}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--footprint", default="2B")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="4 random games, one round")
    args = parser.parse_args()
    if args.quick:
        args.games, args.level, args.rounds = 4, "random", 1
    walls: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        hashes: dict[int, dict[str, str]] = {}
        for round_ in range(args.rounds):
            order = (1, 2) if round_ % 2 == 0 else (2, 1)
            for workers in order:
                wall, hashes[workers] = run(Path(tmp) / f"r{round_}w{workers}", workers, args)
                walls[workers].append(wall)
                rate = 3600 * args.games / wall
                print(f"round {round_ + 1}, {workers} worker(s): {wall:.1f} s, {rate:.0f} games/h")
            if hashes[1] != hashes[2]:
                raise SystemExit("one and two workers gave different records")
    one, two = min(walls[1]), min(walls[2])
    print(f"same records game for game: yes ({args.games} games)")
    print(
        f"games per hour: 1 worker {3600 * args.games / one:.0f}, 2 workers "
        f"{3600 * args.games / two:.0f}; ratio {one / two:.2f} (target >= 1.9)"
    )


if __name__ == "__main__":
    main()
