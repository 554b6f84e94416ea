"""Issue 38, above pymunk: three costs outside the physics, each timed the old way and
the new way side by side in one process.

- ``crazy-tower``: whole 4-player Crazy Tower games of the random players. Old: the
  tower's balance read from the world afresh for every candidate position (what
  ``tower_slack`` did); new: read once per decision (``player.TowerBalance``).
- ``filled-in``: whole 4-player Filled In games of the random players. Old: every
  move's ``GameState.copy`` a ``to_dict`` / ``from_dict`` round trip; new: a copy of
  the containers.
- ``bots``: a ``normal`` LOTS bot's placement decisions (solo games, as
  benchmarks/bot_decisions.py plays them). Old: its rehearsals' scratch copies by
  ``copy.deepcopy``; new: pickled and unpickled. Also the share of a decision spent
  copying.

The old ways live only here, patched in for their runs. Each seed is played the old
way and the new way in turn, ``--rounds`` times; the fastest of a seed's rounds counts
(thread CPU, so other processes do not), then the median over the seeds. Both ways must
end every game in the same state hash (a speed-up changes no result), or this fails.

Run: PYTHONPATH=. python -m benchmarks.above_pymunk [--seeds 1-5] [--rounds 3] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from benchmarks.bot_decisions import measure
from benchmarks.crazy_tower_game import play
from benchmarks.towers import machine_line
from rules.filled_in.options import FilledInOptions
from rules.filled_in.state import GameState
from simulator.games.crazy_tower import player
from simulator.games.crazy_tower.player import TowerBalance
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.player import play_turns, player_chance
from simulator.games.filled_in.scenario import MAX_COMPUTER_DECISIONS
from simulator.games.match import Match

PLAYERS = 4
BOT_GAMES = (("2B", 1), ("1A", 2), ("2B", 3))  # (footprint, seed) of the bots' solo games
BOT_PLACEMENTS = 6


class FreshBalance(TowerBalance):
    """Old: the tower read from the world again for every question asked of it."""

    def slack(self, *args: Any, **kwargs: Any) -> float:
        return TowerBalance(self.match).slack(*args, **kwargs)


def round_trip_copy(self: GameState) -> GameState:
    """Old GameState.copy: through plain data and back."""
    out = GameState.from_dict(self.to_dict(with_events=False))
    out.events = list(self.events)
    return out


def deepcopy_scratch(self: Match) -> Match:
    """Old Match.scratch_copy: copy.deepcopy, the logs left out."""
    twin = copy.deepcopy(self, {id(self._actions): [], id(self._notices): []})
    twin._scratch = True
    return twin


@contextlib.contextmanager
def patched(owner: Any, name: str, value: Any) -> Iterator[None]:
    saved = owner.__dict__[name]
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


OLD_WAYS: dict[str, tuple[Any, str, Any]] = {
    "crazy-tower": (player, "TowerBalance", FreshBalance),
    "filled-in": (GameState, "copy", round_trip_copy),
    "bots": (Match, "scratch_copy", deepcopy_scratch),
}


def crazy_tower_game(seed: int) -> tuple[float, str]:
    started = time.thread_time()
    _, match = play(seed, PLAYERS)
    return time.thread_time() - started, match.state_hash()


def filled_in_game(seed: int) -> tuple[float, str]:
    names = tuple(f"Player {i + 1}" for i in range(PLAYERS))
    started = time.thread_time()
    match = FilledInMatch(FilledInOptions(players=names, seed=seed))
    play_turns(match, player_chance(seed), MAX_COMPUTER_DECISIONS)
    return time.thread_time() - started, match.state_hash()


class CopyClock:
    """Thread CPU spent inside Match.scratch_copy, whichever way it copies."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.copies = 0

    @contextlib.contextmanager
    def timing(self) -> Iterator[None]:
        inner = Match.__dict__["scratch_copy"]

        def timed(match: Match) -> Match:
            started = time.thread_time()
            try:
                return inner(match)
            finally:
                self.spent += time.thread_time() - started
                self.copies += 1

        with patched(Match, "scratch_copy", timed):
            yield


def bot_decisions(game: int) -> tuple[float, str, float, float]:
    """Median decision CPU of one solo game's first placements, its hash, the share of
    the decisions' CPU spent in scratch copies, and the CPU of one copy."""
    footprint, seed = BOT_GAMES[game]
    clock = CopyClock()
    with clock.timing():
        row = measure("normal", footprint, seed, BOT_PLACEMENTS)
    share = clock.spent / sum(row["times"])
    return statistics.median(row["times"]), row["hash"], share, clock.spent / clock.copies


def side_by_side(
    kind: str, run: Callable[[int], tuple[Any, ...]], seeds: list[int], rounds: int
) -> dict[str, list[tuple[Any, ...]]]:
    """Per way, per seed, the fastest of ``rounds`` runs; the old and the new way
    alternate, so both see the same machine."""
    best: dict[str, list[tuple[Any, ...]]] = {"old": [], "new": []}
    run(seeds[0])  # a warm-up: first imports and caches count for neither way
    for seed in seeds:
        runs: dict[str, list[tuple[Any, ...]]] = {"old": [], "new": []}
        for _ in range(rounds):
            with patched(*OLD_WAYS[kind]):
                runs["old"].append(run(seed))
            runs["new"].append(run(seed))
        for way, results in runs.items():
            best[way].append(min(results, key=lambda r: r[0]))
        if best["old"][-1][1] != best["new"][-1][1]:
            raise SystemExit(f"{kind}, seed {seed}: the old and the new way differ")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-5", help="a range of game seeds, like 1-5")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="two seeds, one round")
    args = parser.parse_args()
    low, _, high = args.seeds.partition("-")
    seeds = list(range(int(low), int(high or low) + 1))
    if args.quick:
        seeds, args.rounds = seeds[:2], 1
    print(machine_line())
    print(f"thread CPU, fastest of {args.rounds} rounds per seed, median over the seeds")
    print("| what | old | new | new / old |")
    print("|------|-----|-----|-----------|")
    bots = list(range(len(BOT_GAMES)))[: len(seeds)]
    for kind, run, over, unit in (
        ("crazy-tower", crazy_tower_game, seeds, "s a game"),
        ("filled-in", filled_in_game, seeds, "s a game"),
        ("bots", bot_decisions, bots, "s a decision"),
    ):
        best = side_by_side(kind, run, over, args.rounds)
        old, new = (statistics.median(r[0] for r in best[way]) for way in ("old", "new"))
        print(f"| {kind} ({len(over)} games, {unit}) | {old:.4f} | {new:.4f} | {new / old:.2f} |")
        if kind == "bots":
            old, new = (statistics.median(r[3] for r in best[way]) for way in ("old", "new"))
            print(f"| bots: one scratch copy, ms | {1e3 * old:.3f} | {1e3 * new:.3f} "
                  f"| {new / old:.2f} |")  # fmt: skip
            old, new = (statistics.median(r[2] for r in best[way]) for way in ("old", "new"))
            print(f"| bots: share of a decision in scratch copies | {old:.1%} | {new:.1%} | |")
    print("every game the same, old way and new, bit for bit")


if __name__ == "__main__":
    main()
