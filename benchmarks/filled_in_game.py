"""Wall time of a whole headless game of LOTS: Filled In, and of `sheet stand` on it.

Each run plays one complete 4-player game with the random legal player on every seat
(what `towersim play filled-in --headless --players 4` does), from a different seed,
and then builds every player's finished sheet in the physics (`sheet stand`, no
picture). The script reports the median and spread over the runs of: the game's wall
time, its moves and rounds, the time per move, and the stand time per sheet. Every
game is replayed once more from its move log to check that it reproduces the same state
hash (the benchmark fails otherwise). Times are thread CPU seconds, so other processes
on a shared machine do not count.

Run: PYTHONPATH=. python -m benchmarks.filled_in_game [--runs 9] [--sheet 1] [--variant standard]
"""

from __future__ import annotations

import argparse
import time

from benchmarks.towers import machine_line, median
from rules.filled_in.options import FilledInOptions
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.player import play_turns, player_chance
from simulator.games.filled_in.scenario import MAX_COMPUTER_DECISIONS
from simulator.games.filled_in.sheetfile import tower_from_pieces
from simulator.games.filled_in.stand import stand_tower

PLAYERS = ("Player 1", "Player 2", "Player 3", "Player 4")


def one_game(seed: int, sheet: int, variant: str) -> dict[str, float]:
    options = FilledInOptions(players=PLAYERS, sheet=sheet, variant=variant, seed=seed)
    started = time.thread_time()
    match = FilledInMatch(options)
    moves = play_turns(match, player_chance(seed), MAX_COMPUTER_DECISIONS)
    game = time.thread_time() - started

    again = FilledInMatch(options)  # a game is its setup, its seed and its moves
    for action in match.actions:
        again.perform(dict(action))
    if again.state_hash() != match.state_hash():
        raise SystemExit(f"seed {seed}: the replayed game does not reproduce the state hash")

    started = time.thread_time()
    towers = match.towers()
    for name, pieces in towers.items():
        stand_tower(tower_from_pieces(name, sheet, pieces))
    stand = (time.thread_time() - started) / len(towers)
    return {"game_s": game, "moves": moves, "rounds": match.state.round,
            "move_ms": 1000 * game / moves, "stand_s": stand}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="games to play (default 9)")
    parser.add_argument("--sheet", type=int, default=1, help="tower sheet (default 1)")
    parser.add_argument("--variant", default="standard", choices=("standard", "remote"))
    args = parser.parse_args()
    print(machine_line())
    results = [one_game(seed, args.sheet, args.variant) for seed in range(args.runs)]
    print(f"{args.runs} four-player games, sheet {args.sheet}, {args.variant} rules")
    for key, label in (
        ("game_s", "whole game (s)"),
        ("moves", "moves per game"),
        ("rounds", "rounds per game"),
        ("move_ms", "per move (ms)"),
        ("stand_s", "sheet stand per sheet (s)"),
    ):
        values = sorted(r[key] for r in results)
        print(f"  {label:<26} median {median(values):8.3f}   min {values[0]:8.3f}   "
              f"max {values[-1]:8.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
