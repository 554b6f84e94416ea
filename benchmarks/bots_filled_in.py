"""Filled In bots: win rate and score margin of a level against another (random).

Usage: ``PYTHONPATH=. python -m benchmarks.bots_filled_in [--games 50] [--level normal]
[--opponent random]``

2-player games on sheet 1, seeds 1..N, the bot at seat 1 on odd seeds and seat 2 on
even ones; a shared win counts as half. No target is set in issue 8; this shows the
lookahead is worth something.
"""

from __future__ import annotations

import argparse
import statistics
import time

from simulator.games.filled_in.play import play_game
from simulator.lab.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--opponent", default="random")
    args = parser.parse_args()
    wins, margins, times = 0.0, [], []
    for seed in range(1, args.games + 1):
        seat = 0 if seed % 2 else 1
        started = time.process_time()
        result, _ = play_game(2, 1, "standard", seed, {seat: args.level, 1 - seat: args.opponent})
        times.append(time.process_time() - started)
        names = list(result["scores"])
        mine, theirs = result["scores"][names[seat]], result["scores"][names[1 - seat]]
        winner = result["winner"]
        winners = winner if isinstance(winner, list) else [winner]
        wins += (1 / len(winners)) if names[seat] in winners else 0.0
        margins.append(mine - theirs)
    low, high = wilson(wins, args.games)
    print(
        f"{args.level} vs {args.opponent}: {wins:g}/{args.games} wins = {wins / args.games:.0%} "
        f"(95 % CI {low:.0%} to {high:.0%}); median margin {statistics.median(margins):+g} "
        f"points; median game {statistics.median(times):.2f} s CPU"
    )


if __name__ == "__main__":
    main()
