"""Wall time of a whole 4-player LOTS game, headless, with the legal random players.

Usage: ``PYTHONPATH=. python -m benchmarks.lots_game [--seeds 1-9] [--players 4] [--quick]``

Each seed plays one competitive game on footprint 1A to its end (rolls, crew cards, the
hand carrying every piece, settling, the grid view, contacts and the rules) and reports
its wall time, turns, physics steps and how it ended; then the median over the seeds.
As a baseline measured in the same run, the time spent inside pymunk's ``Space.step``
is timed per game (the game played a second time with a timer around each step), so
the share of the game the simulator adds on top is a ratio rather than an absolute
number: in wall time, and in thread CPU time (cpu/step: what other processes on a
shared machine do not inflate). Target (issue 25): median <= 0.6 s on one core.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from benchmarks.towers import timing_steps
from rules.lots import LotsOptions
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer, play_turns
from simulator.games.lots.scenario import MAX_COMPUTER_DECISIONS
from simulator.seeds import seat_seed

TARGET_SECONDS = 0.6  # issue 25 (issue 7 asked for 2 s)


def new_game(seed: int, players: int) -> LotsMatch:
    """Play one game to its end: the legal random players in every seat."""
    names = tuple(f"Player {i + 1}" for i in range(players))
    match = LotsMatch(LotsOptions(players=names, footprint="1A", seed=seed))
    seats = {seat: RandomPlayer(seat_seed(seed, seat)) for seat in range(players)}
    play_turns(match, seats, MAX_COMPUTER_DECISIONS)
    return match


def play(seed: int, players: int, repeats: int = 1) -> tuple[float, float, float, float, LotsMatch]:
    """(wall seconds, wall seconds inside Space.step, thread CPU seconds, CPU seconds
    inside Space.step, the finished match), each the least of ``repeats`` runs.

    The game is timed as a whole, then played again with a timer around each
    ``Space.step`` (the same game bit for bit, checked): the timers' own cost stays out
    of both numbers. The runs are identical, so their spread is the machine's noise,
    which the least of several filters out."""
    best = [math.inf] * 4
    for _ in range(repeats):
        wall, inside, spent, spent_inside, match = _play_once(seed, players)
        best = [min(a, b) for a, b in zip(best, (wall, inside, spent, spent_inside), strict=True)]
    return best[0], best[1], best[2], best[3], match


def _play_once(seed: int, players: int) -> tuple[float, float, float, float, LotsMatch]:
    clock, cpu = time.perf_counter, time.thread_time
    started, cpu_started = clock(), cpu()
    match = new_game(seed, players)
    wall, spent = clock() - started, cpu() - cpu_started
    inside = [0.0, 0.0]

    def record(wall: float, spent: float) -> None:
        inside[0] += wall
        inside[1] += spent

    with timing_steps(record):
        again = new_game(seed, players)
    if again.state_hash() != match.state_hash():
        raise RuntimeError(f"seed {seed}: the timed replay of the game diverged")
    return wall, inside[0], spent, inside[1], match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-9", help="a range of seeds, like 1-9")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="three seeds only")
    parser.add_argument(
        "--repeats", type=int, default=1, help="runs per game, the least time kept (default 1)"
    )
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    seeds = list(range(first, last + 1))[: 3 if args.quick else None]
    print(
        f"{'seed':>4} {'wall s':>7} {'in step s':>9} {'wall/step':>9} {'cpu s':>7} "
        f"{'cpu/step':>8} {'turns':>5} {'steps':>7}  end"
    )
    walls, ratios = [], []
    for seed in seeds:
        wall, inside, spent, spent_inside, match = play(seed, args.players, args.repeats)
        walls.append(wall)
        ratios.append(spent / spent_inside)
        state = match.state
        print(
            f"{seed:>4} {wall:>7.3f} {inside:>9.3f} {wall / inside:>9.2f} {spent:>7.3f} "
            f"{spent / spent_inside:>8.2f} {state.turn:>5} {match.world.steps:>7}  "
            f"{state.end_reason}"
        )
    median = statistics.median(walls)
    verdict = "PASS" if median <= TARGET_SECONDS else "FAIL"
    print(
        f"median {median:.3f} s over {len(seeds)} games (cpu/step median "
        f"{statistics.median(ratios):.2f}); target <= {TARGET_SECONDS} s: {verdict}"
    )


if __name__ == "__main__":
    main()
