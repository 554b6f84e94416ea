"""Filled In bots: what a game of four hard bots costs, and how a level fares against another.

Usage:
  PYTHONPATH=. python -m benchmarks.bots_filled_in [--games 50] [--level normal]
      [--opponent random]
  PYTHONPATH=. python -m benchmarks.bots_filled_in --decisions --level hard [--games 10]
  PYTHONPATH=. python -m benchmarks.bots_filled_in --four-hard [--games 3] [--base-tree DIR]

Versus (the default): 2-player games on sheet 1, seeds 1..N, the bot at seat 1 on odd
seeds and seat 2 on even ones; a shared win counts as half. No target is set in issue 8;
this shows the lookahead is worth something.

``--four-hard`` (issue 26: at most 5 s of CPU per game on one core): four ``hard`` bots
on sheet 1, seeds 1..N, each game's process CPU seconds. Then, on every position of those
games, the plain evaluator the bots were first written as (kept in
tests/games/filled_in/test_filled_in_bots.py: each block played on a full copy of the
game, every player scored) against the bots, in this process: their CPU and its ratio,
every choice compared (hard's greedy judge, its playouts aside: issue 42 gave hard a
search by playouts, docs/bots.md). With ``--base-tree`` (a checkout of an earlier revision, such as
the one before issue 26) each game is also played in a child process on that tree and
on this one, alternately, and their CPU compared; the state hashes must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.towers import machine_line, median
from rules.filled_in.scoring import score_breakdowns
from rules.filled_in.state import GameState
from simulator.bots.levels import level
from simulator.games.filled_in.bots import FilledInBot
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.play import play_game
from simulator.lab.stats import wilson

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 5.0  # issue 26: CPU per four-bot hard game
FOUR = 4
# Played the same way on either tree: the CPU of the game alone (not of starting Python).
CHILD = """
import json, sys, time
from simulator.games.filled_in.play import play_game
seed = int(sys.argv[1])
started = time.process_time()
result, _ = play_game(4, 1, "standard", seed, {seat: "hard" for seat in range(4)})
print(json.dumps({"cpu": time.process_time() - started, "hash": result["state_hash"]}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="default 50, or 3 with --four-hard")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--four-hard", action="store_true", help="issue 26's cost of a game")
    parser.add_argument(
        "--decisions", action="store_true", help="CPU of each --level decision against --opponent"
    )
    parser.add_argument("--base-tree", type=Path, help="with --four-hard: compare with a checkout")
    args = parser.parse_args()
    if args.four_hard:
        four_hard(args.games or 3, args.base_tree)
    elif args.decisions:
        decisions(args.games or 10, args.level, args.opponent)
    else:
        versus(args.games or 50, args.level, args.opponent)


def versus(games: int, bot: str, opponent: str) -> None:
    wins, margins, times = 0.0, [], []
    parts: dict[str, Counter[str]] = {bot: Counter(), opponent: Counter()}
    for seed in range(1, games + 1):
        seat = 0 if seed % 2 else 1
        started = time.process_time()
        result, match = play_game(2, 1, "standard", seed, {seat: bot, 1 - seat: opponent})
        times.append(time.process_time() - started)
        for i, breakdown in enumerate(score_breakdowns(match.state).values()):
            parts[bot if i == seat else opponent].update(breakdown.to_dict())
        names = list(result["scores"])
        mine, theirs = result["scores"][names[seat]], result["scores"][names[1 - seat]]
        winner = result["winner"]
        winners = winner if isinstance(winner, list) else [winner]
        wins += (1 / len(winners)) if names[seat] in winners else 0.0
        margins.append(mine - theirs)
    low, high = wilson(wins, games)
    print(
        f"{bot} vs {opponent}: {wins:g}/{games} wins = {wins / games:.0%} "
        f"(95 % CI {low:.0%} to {high:.0%}); median margin {statistics.median(margins):+g} "
        f"points; median game {statistics.median(times):.2f} s CPU"
    )
    for who, found in parts.items():  # where the points came from
        mean = ", ".join(f"{part} {found[part] / games:.1f}" for part in found)
        print(f"  {who} (mean a game): {mean}")


def decisions(games: int, bot: str, opponent: str) -> None:
    """The CPU of every draft and place decision of ``bot`` in 2-player games on sheet 1
    (seeds 1..N, seats alternated as in ``versus``): median and 95th percentile."""
    print(machine_line())
    times: dict[str, list[float]] = {"draft": [], "place": []}
    for seed in range(1, games + 1):
        seat = 0 if seed % 2 else 1
        _, match = play_game(2, 1, "standard", seed, {seat: bot, 1 - seat: opponent})
        name = match.state.names[seat]
        player = FilledInBot(level(bot), seed)
        for state, who in _positions(match):
            if who == name and state.phase in times:
                started = time.process_time()
                player.decide(state, name)
                times[state.phase].append(time.process_time() - started)
    for phase, found in times.items():
        if found:
            ranked = sorted(found)
            p95 = ranked[min(len(ranked) - 1, int(0.95 * len(ranked)))]
            print(
                f"{bot} {phase}: median {median(found):.3f} s CPU, 95th percentile "
                f"{p95:.3f} s, {len(found)} decisions in {games} games against {opponent}"
            )


def four_hard(games: int, base_tree: Path | None) -> None:
    from tests.games.filled_in.test_filled_in_bots import reference_decide

    print(machine_line())
    cpu, hashes, positions = [], {}, []
    for seed in range(1, games + 1):
        started = time.process_time()
        result, match = play_game(FOUR, 1, "standard", seed, {s: "hard" for s in range(FOUR)})
        cpu.append(time.process_time() - started)
        hashes[seed] = result["state_hash"]
        print(f"seed {seed}: {cpu[-1]:.2f} s CPU, {result['turns']} rounds, {hashes[seed][:16]}")
        positions += _positions(match)
    verdict = "PASS" if median(cpu) <= TARGET_S else "MISSED"
    print(
        f"four hard bots: {median(cpu):.2f} s CPU per game, median of {games} "
        f"(max {max(cpu):.2f} s; target <= {TARGET_S:g} s: {verdict})"
    )

    # the greedy judge hard searches with (its playouts aside) against the reference
    bot, plain, ours = FilledInBot(replace(level("hard"), playouts=None)), 0.0, 0.0
    for state, name in positions:
        started = time.process_time()
        chosen = bot.decide(state, name)
        middle = time.process_time()
        reference = reference_decide("hard", state, name)
        plain += time.process_time() - middle
        ours += middle - started
        if chosen != reference:
            raise SystemExit(f"{name} in round {state.round}: the bot and the reference differ")
    print(
        f"same {len(positions)} positions, all choices equal: plain evaluator {plain:.2f} s, "
        f"bots {ours:.2f} s CPU; plain / bots = {plain / ours:.1f}"
    )
    if base_tree is not None:
        _side_by_side(base_tree.resolve(), hashes)


def _positions(match: FilledInMatch) -> list[tuple[GameState, str]]:
    """Every decision of a finished all-bot game: (state before it, who decided)."""
    again = FilledInMatch(match.options)
    out = []
    for action in match.actions:
        out.append((again.state, action["player"]))
        again.perform(action)
    return out


def _side_by_side(base: Path, hashes: dict[int, str]) -> None:
    """Each game in a child on the base tree, then on this one (alternated pairs)."""
    rows = []
    for seed, expected in hashes.items():
        before, after = _child(base, seed), _child(ROOT, seed)
        if before["hash"] != expected or after["hash"] != expected:
            raise SystemExit(f"seed {seed}: the base tree plays another game")
        rows.append((before["cpu"], after["cpu"]))
        print(f"seed {seed}: base {before['cpu']:.2f} s, this tree {after['cpu']:.2f} s CPU")
    ratios = [b / a for b, a in rows]
    print(
        f"base {base}: {median([b for b, _ in rows]):.2f} s CPU per game, this tree "
        f"{median([a for _, a in rows]):.2f} s; base / this, median of pairs "
        f"{median(ratios):.1f} ({min(ratios):.1f} to {max(ratios):.1f}); same hashes"
    )


def _child(tree: Path, seed: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(seed)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"the game in {tree} failed:\n{done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


if __name__ == "__main__":
    main()
