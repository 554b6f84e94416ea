"""Wall time of a whole 4-player Crazy Tower game, headless (computer players).

Usage: ``python -m benchmarks.crazy_tower_game [--seeds 1-9] [--players 4]``

Each seed plays one competitive game to its end with the legal random players (hand,
settling, survey and rules included; world rebuilds after refused outcomes too) and
reports its wall time, physics steps, simulated seconds and how it ended; then the
median wall time over the seeds. The machine may be shared: compare medians measured
in one run, not across runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import play_turns
from simulator.games.crazy_tower.scenario import MAX_COMPUTER_DECISIONS, computer_players
from simulator.physics.profile import load_profile


def play(seed: int, players: int) -> tuple[float, CrazyTowerMatch]:
    options = {
        "mode": "competitive",
        "players": [f"Player {i + 1}" for i in range(players)],
        "seed": seed,
    }
    started = time.perf_counter()
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    play_turns(match, computer_players(match, seed), MAX_COMPUTER_DECISIONS)
    return time.perf_counter() - started, match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-9", help="a range of seeds, like 1-9")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    low, high = (int(n) for n in args.seeds.split("-"))
    walls = []
    print("| seed | wall s | steps | sim s | actions | floors | end |")
    print("|------|--------|-------|-------|---------|--------|-----|")
    for seed in range(low, high + 1):
        wall, match = play(seed, args.players)
        walls.append(wall)
        result = match.state.result or {}
        print(
            f"| {seed:4d} | {wall:6.2f} | {match.world.steps:5d} | {match.world.time:5.1f} "
            f"| {len(match.actions):7d} | {len(match.state.floors):6d} "
            f"| {result.get('reason', 'unfinished')} |"
        )
    print(f"median wall time over {len(walls)} games: {statistics.median(walls):.2f} s")


if __name__ == "__main__":
    main()
