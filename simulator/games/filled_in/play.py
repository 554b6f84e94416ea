"""``towersim play filled-in``: a whole game, every seat a computer player when --headless."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rules.filled_in.engine import ENGINE
from rules.filled_in.options import FilledInOptions
from simulator.bots.cli import Seats, bot_seats
from simulator.games.expect import GameExpect
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.parameters import flag_settings
from simulator.games.play_common import (
    add_game_arguments,
    ending,
    play_headless,
    publish,
    standings,
)
from simulator.games.registry import GAMES
from simulator.games.runner import report
from simulator.physics.profile import load_profile
from simulator.scenario.header import FORMAT, Header
from simulator.words import counted

PROG = "towersim play filled-in"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    counts = ENGINE.player_counts(ENGINE.modes[0])
    add_game_arguments(
        parser,
        ENGINE,
        "LOTS: Filled In",
        "standard rules, or the remote rules (a host rolls; unmarked levels score)",
        f"number of players: {min(counts)} to {max(counts)} (default 2)",
        mode_key=GAMES.get("filled-in").mode_key,
        default_players=2,
        hands=False,  # no physics while Filled In is played
    )


def run(args: argparse.Namespace) -> int:
    counts = ENGINE.player_counts(args.variant)
    if args.players not in counts:
        return _fail(f"LOTS: Filled In is for {min(counts)} to {max(counts)} players")
    seats = bot_seats(args, args.players)
    if isinstance(seats, str):
        return _fail(seats)
    settings = flag_settings(args, ENGINE.parameters, args.variant, "LOTS: Filled In")
    if isinstance(settings, str):
        return _fail(settings)
    sheet = settings.get("sheet", FilledInOptions.sheet)  # a list given: one each
    sheet = tuple(sheet) if isinstance(sheet, list) else sheet
    result, match = play_game(args.players, sheet, args.variant, args.seed, seats.levels)
    return publish("filled-in", args, result, match, _print_summary)


def play_game(
    players: int,
    sheet: int | tuple[int, ...],
    variant: str,
    seed: int,
    levels: dict[int, str] | None = None,
) -> tuple[dict[str, Any], FilledInMatch]:
    """A whole headless game: (report, match). ``levels`` gives seats (0-based)
    a bot level; without it, or all ``random``, every seat is the random player."""
    names = tuple(f"Player {i + 1}" for i in range(players))
    started = time.perf_counter()
    match = FilledInMatch(FilledInOptions(players=names, sheet=sheet, variant=variant, seed=seed))
    everyone = {seat: "random" for seat in range(players)} | (levels or {})
    stopped = play_headless("filled-in", match, Seats(everyone, {}), seed)
    wall_ms = (time.perf_counter() - started) * 1000
    name = f"LOTS: Filled In, {counted(players, 'player')}, sheet {sheet}, {variant}, seed {seed}"
    header = Header(FORMAT, "filled-in", name, "", seed)
    result = report(match, header, load_profile(), GameExpect(), wall_ms)
    result["stopped"] = stopped  # why an unfinished game ended early (None: it did not)
    return result, match


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2


def _print_summary(result: dict[str, Any], match: FilledInMatch) -> None:
    print(result["name"])
    for name in standings(match):
        parts = result["breakdown"][name]
        detail = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
        print(f"  {name:<10} {counted(result['scores'][name], 'point'):>10} ({detail})")
    print(ending(match, counted(result["turns"], "round")))
    print(f"{result['wall_ms']:.0f} ms; state {result['state_hash'][:16]}.")
