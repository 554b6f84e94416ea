"""LOTS bots: win rate of one level against another, solo win rate per footprint, and
decision time per move.

Usage:
  PYTHONPATH=. python -m benchmarks.bots_lots versus [--games 100] [--level normal]
  PYTHONPATH=. python -m benchmarks.bots_lots solo [--games 20] [--level hard]
  (--out FILE appends one JSON line per game, so a long run can be read while it runs;
  --dexterity PROFILE gives the bot that hand instead of its level's own)

versus: 2-player games on footprint 1A, seeds 1..N; the bot sits at seat 1 on odd
seeds and seat 2 on even ones (the start player is drawn by the rules' chance). A
shared win counts as half. Targets: normal beats random in >= 90 % of games; median
decision time <= 1 s (CPU time of one core, placements only: discrete decisions are
instant). solo: the level plays Jack of All Trades on each footprint, seeds 1..N.
Targets: >= 80 % / 50 % / 25 % wins on difficulty 1 / 2 / 3 (the summary pools the two
footprints of each difficulty).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from rules.errors import IllegalMove
from rules.footprints import footprints
from rules.lots import LotsOptions
from simulator.bots.dexterity import Dexterity, get_profile
from simulator.games.lots.bots import make_player
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import play_turns
from simulator.games.lots.scenario import MAX_COMPUTER_DECISIONS
from simulator.lab.stats import wilson
from simulator.seeds import seat_seed


class Timed:
    """Wraps a player: CPU seconds of each placement decision."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.times: list[float] = []

    def decide(self, match: LotsMatch) -> Any:
        started = time.process_time()
        decision = self.player.decide(match)
        if decision[0] == "place":
            self.times.append(time.process_time() - started)
        return decision


def _play(match: LotsMatch, players: dict[int, Any]) -> str | None:
    """Play to the end; a player that runs out of placements the rules accept stops
    the game there (counted as not won), and the reason is returned."""
    try:
        play_turns(match, players, MAX_COMPUTER_DECISIONS)
    except IllegalMove as exc:
        return exc.reason
    return None


def versus(seed: int, level: str, opponent: str, hand: Dexterity | None) -> dict[str, Any]:
    bot_seat = 0 if seed % 2 else 1
    match = LotsMatch(LotsOptions(players=("P1", "P2"), footprint="1A", seed=seed))
    timed = Timed(make_player(level, seat_seed(seed, bot_seat), hand))
    players = {bot_seat: timed, 1 - bot_seat: make_player(opponent, seat_seed(seed, 1 - bot_seat))}
    started = time.perf_counter()
    stuck = _play(match, players)
    winners = match.state.winners
    share = (1.0 / len(winners)) if bot_seat in winners else 0.0
    return {
        "seed": seed,
        "bot_seat": bot_seat,
        "scores": match.state.scores,
        "end": match.state.end_reason,
        "win": share,
        "stuck": stuck,
        "wall_s": round(time.perf_counter() - started, 2),
        "decisions": [round(t, 4) for t in timed.times],
    }


def solo(seed: int, level: str, footprint: str, hand: Dexterity | None) -> dict[str, Any]:
    match = LotsMatch(LotsOptions(players=("Solo",), footprint=footprint, seed=seed))
    timed = Timed(make_player(level, seat_seed(seed, 0), hand))
    started = time.perf_counter()
    stuck = _play(match, {0: timed})
    return {
        "seed": seed,
        "footprint": footprint,
        "score": match.state.scores[0],
        "end": match.state.end_reason,
        "win": 1.0 if match.state.winners else 0.0,
        "stuck": stuck,
        "wall_s": round(time.perf_counter() - started, 2),
        "decisions": [round(t, 4) for t in timed.times],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("versus", "solo"))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--level", default=None)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--footprints", default=None, help="comma list (solo; default all)")
    parser.add_argument("--dexterity", default=None, help="the bot's hand (default: its level's)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    hand = get_profile(args.dexterity) if args.dexterity else None
    rows: list[dict[str, Any]] = []
    seeds = range(
        args.first_seed, args.first_seed + (args.games or (100 if args.what == "versus" else 20))
    )
    if args.what == "versus":
        level = args.level or "normal"
        jobs = [(versus, (s, level, args.opponent, hand)) for s in seeds]
    else:
        level = args.level or "hard"
        chosen = args.footprints.split(",") if args.footprints else sorted(footprints())
        jobs = [(solo, (s, level, f, hand)) for f in chosen for s in seeds]
    for fn, job_args in jobs:
        row = fn(*job_args)
        rows.append(row)
        print(json.dumps({k: v for k, v in row.items() if k != "decisions"}), flush=True)
        if args.out:
            with open(args.out, "a") as handle:
                handle.write(json.dumps(row) + "\n")
    summarise(args.what, rows)


def summarise(what: str, rows: list[dict[str, Any]]) -> None:
    times = [t for r in rows for t in r["decisions"]]
    if times:
        print(
            f"placement decisions: {len(times)}, median {statistics.median(times):.3f} s, "
            f"p90 {sorted(times)[int(0.9 * (len(times) - 1))]:.3f} s, max {max(times):.3f} s"
        )
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        key = row.get("footprint", "versus")
        groups.setdefault(key, []).append(row)
        if "footprint" in row:
            difficulty = footprints()[row["footprint"]].difficulty
            groups.setdefault(f"difficulty {difficulty}", []).append(row)
    for key, group in sorted(groups.items()):
        wins = sum(r["win"] for r in group)
        low, high = wilson(wins, len(group))
        print(
            f"{key}: {wins:g}/{len(group)} wins = {wins / len(group):.0%} "
            f"(95 % CI {low:.0%} to {high:.0%})"
        )


if __name__ == "__main__":
    main()
