"""Crazy Tower bots: thread CPU per decision in two-player competitive games.

Usage: ``PYTHONPATH=. python -m benchmarks.ct_decisions [--level hard] [--seeds 1-3]
[--decisions 30] [--json]``

Both seats play the level with its own hand; the first N decisions of each seeded game
that place a piece (a block, a floor card, a piece put back: the ones that roll out),
reveal a card (expert rehearses the lay first) or pull a block (hard and expert
rehearse the pull) are timed in thread CPU, so a loaded machine changes the time little
and the decision not at all. Target (issue 42): hard <= 0.5 s median, expert <= 2 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import make_player
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.physics.profile import load_profile
from simulator.seeds import seat_seed

TIMED = ("place_block", "lay_card", "replace_piece", "reveal_card", "remove_block")


def game(level: str, seed: int, decisions: int) -> list[float]:
    """Thread CPU of the first ``decisions`` placing decisions of one game."""
    players = ["Player 1", "Player 2"]
    options = {"mode": "competitive", "players": players, "seed": seed}
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    bots = {name: make_player(level, seat_seed(seed, i)) for i, name in enumerate(players)}
    times: list[float] = []
    while len(times) < decisions and not match.state.is_over:
        started = time.thread_time()
        action = bots[match.state.current_player].decide(match)
        spent = time.thread_time() - started
        if action["type"] in TIMED:
            times.append(spent)
        match.perform(action)  # a refused one raises: the benchmark wants clean games
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seeds", default="1-3", help="first-last")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    times: list[float] = []
    for seed in range(int(first), int(last or first) + 1):
        times += game(args.level, seed, args.decisions)
    result: dict[str, Any] = {
        "level": args.level,
        "decisions": len(times),
        "median_s": round(statistics.median(times), 3),
        "mean_s": round(statistics.fmean(times), 3),
        "max_s": round(max(times), 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.level}: {result['decisions']} decisions, median "
            f"{result['median_s']} s, mean {result['mean_s']} s, max {result['max_s']} s"
        )


if __name__ == "__main__":
    main()
