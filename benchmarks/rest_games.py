"""CPU of whole headless games at rest 2 (the new default, issue 38) side by side with
today's default, in the same process: a 4-player LOTS game and a 4-player Crazy Tower
game of random players, and a Filled In game.

Each game is exactly ``towersim play GAME --players 4 --seed N --headless``, played
three ways from the same seed (``benchmarks.rest_cost`` says what each way is):
``today`` (rest 1, every step through pymunk's Space.step), ``rest 1`` and ``rest 2``.
The games may differ after the first placement whose verdict differs, so the ratio
compares whole games, as a user sees them. Timed in thread CPU; reported: the median
over the seeds per game and way, and its ratio to ``today``.

Run: PYTHONPATH=. python -m benchmarks.rest_games [--seeds 1-5] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import time
from unittest import mock

from benchmarks.rest_cost import WAYS, Way, stepping
from benchmarks.towers import machine_line, median, print_table
from simulator.cli import main as towersim

GAMES = {
    "lots": ["lots", "--players", "4"],
    "crazy-tower": ["crazy-tower", "--players", "4"],
    "filled-in": ["filled-in", "--players", "4"],
}
# Issue 38's targets: at most these fractions of today's CPU.
TARGETS = {"lots": 0.30, "crazy-tower": 0.30, "filled-in": 0.5}


def play(way: Way, args: list[str], seed: int) -> tuple[float, str]:
    """Thread CPU seconds of one headless game played ``way``, and its state hash."""
    out = io.StringIO()
    with (
        stepping(way),
        mock.patch("simulator.physics.profile.new_games_rest", lambda: way.rest),
        contextlib.redirect_stdout(out),
    ):
        started = time.thread_time()
        code = towersim(["play", *args, "--seed", str(seed), "--headless", "--json"])
        spent = time.thread_time() - started
    if code != 0:
        raise RuntimeError(f"towersim play {' '.join(args)} --seed {seed} exited {code}")
    return spent, json.loads(out.getvalue())["state_hash"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-5", help="a range of seeds, like 1-5")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--quick", action="store_true", help="two seeds")
    args = parser.parse_args()
    first, last = (int(v) for v in args.seeds.split("-"))
    seeds = [1, 2] if args.quick else list(range(first, last + 1))
    print(machine_line())
    rows = []
    for game in args.games.split(","):
        cpu: dict[str, list[float]] = {way.label: [] for way in WAYS}
        for i, seed in enumerate(seeds):
            ways = WAYS if i % 2 == 0 else tuple(reversed(WAYS))  # rotate the order
            for way in ways:
                spent, _ = play(way, GAMES[game], seed)
                cpu[way.label].append(spent)
        base = median(cpu[WAYS[0].label])
        for way in WAYS:
            ms = median(cpu[way.label])
            rows.append((game, way.label, f"{ms:.2f}", f"{ms / base:.2f}"))
        ratio = median(cpu[WAYS[-1].label]) / base
        verdict = "met" if ratio <= TARGETS[game] else "MISSED"
        rows.append((game, f"target <= {TARGETS[game]}", "", f"{ratio:.2f} {verdict}"))
    print(f"seeds {seeds}, thread CPU s per game, median")
    print_table(("game", "way", "median s", "x today"), rows)


if __name__ == "__main__":
    main()
