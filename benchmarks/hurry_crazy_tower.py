"""Hurry under a clock: Crazy Tower's 1-minute challenge (9), a hurried computer player
against an unhurried one (issue 41, hand model 2).

Usage: ``PYTHONPATH=. python -m benchmarks.hurry_crazy_tower [--games 40] [--level easy]
[--hand average] [--challenge 9] [--first-seed 1] [--think S] [--json]``

The same seeds, the same level and hand, two players: the unhurried one moves its hand
at its own pace (hurry 1) whatever the clock; the hurried one speeds its hand up as the
time left asks (simulator.motor.placing.clock_hurry, from its level's pace up to twice
its own). Prints, for each, the share of games that finish the tower in time and the
share that end in a collapse, with 95 % Wilson intervals. Expected: the hurried player
finishes in time more often and collapses more often (docs/bots.md, "Hurry"); and the
blocks each has left when its game ends, and the pieces that fell (to be put back) a
game. ``--think S`` replaces the model's thinking time
per action (a what-if: the clock's share the hand can win back).
"""

from __future__ import annotations

import argparse
import contextlib
import json
from typing import Any

from rules.errors import IllegalMove
from simulator.bots.dexterity import get_profile
from simulator.bots.levels import level
from simulator.games.computer_seat import play_players
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import CrazyTowerBot
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.scenario import MAX_COMPUTER_DECISIONS
from simulator.lab.stats import wilson
from simulator.physics.profile import load_profile
from simulator.seeds import seat_seed

# How a solo challenge's game ends (rules/crazy_tower/ending.py): the tower completed
# (the challenge met or broken by its other conditions), a collapse, the clock.
FINISHED = ("last_block", "challenge_failed")
COLLAPSE = "collapse"
OUT_OF_TIME = "out_of_time"


def game(
    seed: int,
    level_name: str,
    hand: str,
    challenge: int,
    hurry: float | None,
    think: float | None = None,
) -> tuple[str, int, int]:
    """How one solo game ends (its result's reason), the blocks left in hand and the
    pieces that fell, for a bot of ``level_name`` with ``hand`` moving at ``hurry``
    (None: as the clock asks); ``think``: seconds of thinking per action (None: the
    hand model's)."""
    options = {"mode": "solo", "players": ["P1"], "challenge": challenge, "seed": seed}
    profile = tower_profile(load_profile(), sleep_given=False)
    match = CrazyTowerMatch(options, profile, think)
    bot = CrazyTowerBot(seat_seed(seed, 0), level(level_name), get_profile(hand), hurry)
    with contextlib.suppress(IllegalMove):  # a seat with no move left: reported as such
        play_players(match, {"P1": bot}, MAX_COMPUTER_DECISIONS)
    left = len(match.state.hands["P1"])
    fell = sum(1 for e in match.state.events if e.get("type") == "piece_fell")
    return str((match.state.result or {}).get("reason")), left, fell


def rates(games: list[tuple[str, int, int]]) -> dict[str, Any]:
    ends = [end for end, _, _ in games]
    n = len(ends)
    finished = sum(end in FINISHED for end in ends)
    collapsed = sum(end == COLLAPSE for end in ends)
    return {
        "games": n,
        "finished": finished,
        "finished_rate": round(finished / n, 3),
        "finished_95": [round(x, 3) for x in wilson(finished, n)],
        "collapsed": collapsed,
        "collapse_rate": round(collapsed / n, 3),
        "collapse_95": [round(x, 3) for x in wilson(collapsed, n)],
        "out_of_time": sum(end == OUT_OF_TIME for end in ends),
        "blocks_left_mean": round(sum(left for _, left, _ in games) / n, 2),
        "falls_mean": round(sum(fell for _, _, fell in games) / n, 2),
        "games_with_a_fall": sum(fell > 0 for _, _, fell in games),
    }


def compare(
    games: int,
    level_name: str,
    hand: str,
    challenge: int,
    first_seed: int = 1,
    think: float | None = None,
) -> dict[str, dict[str, Any]]:
    """Both players' rates over seeds first_seed .. first_seed + games - 1."""
    seeds = range(first_seed, first_seed + games)
    out = {}
    for label, hurry in (("unhurried", 1.0), ("hurried", None)):
        played = [game(s, level_name, hand, challenge, hurry, think) for s in seeds]
        out[label] = rates(played)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--hand", default="average")
    parser.add_argument("--challenge", type=int, default=9)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = compare(args.games, args.level, args.hand, args.challenge, args.first_seed, args.think)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    think = "the model's" if args.think is None else f"{args.think:g} s"
    print(
        f"challenge {args.challenge}, level {args.level}, hand {args.hand}, "
        f"{args.games} games, thinking {think} per action"
    )
    for label, row in result.items():
        print(
            f"  {label:10} finished in time {row['finished']:3}/{row['games']} "
            f"({row['finished_rate']:.0%}, 95 % {row['finished_95'][0]:.0%}-"
            f"{row['finished_95'][1]:.0%})  collapsed {row['collapsed']:3}/{row['games']} "
            f"({row['collapse_rate']:.0%}, 95 % {row['collapse_95'][0]:.0%}-"
            f"{row['collapse_95'][1]:.0%})  out of time {row['out_of_time']}  "
            f"blocks left {row['blocks_left_mean']:.2f}  pieces fell {row['falls_mean']:.2f} "
            f"a game ({row['games_with_a_fall']} games with a fall)"
        )


if __name__ == "__main__":
    main()
