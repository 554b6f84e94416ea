"""``towersim play lots``: a whole game, every seat a computer player when --headless."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rules.lots import LotsOptions
from rules.lots.engine import ENGINE
from simulator.bots.cli import bot_seats
from simulator.games.expect import GameExpect
from simulator.games.lots.match import LotsMatch
from simulator.games.parameters import flag_settings
from simulator.games.play_common import (
    add_game_arguments,
    ending,
    play_headless,
    publish,
    standings,
)
from simulator.games.runner import report
from simulator.scenario.header import FORMAT, Header
from simulator.words import counted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    modes = "competitive (2 to 4 players) or solo, Jack of All Trades"
    players = "number of players: 2 to 4 (competitive, default 2); solo is 1"
    add_game_arguments(parser, ENGINE, "LOTS", modes, players)


def run(args: argparse.Namespace) -> int:
    players = _player_count(args)
    if isinstance(players, str):
        print(f"towersim play lots: {players}", file=sys.stderr)
        return 2
    seats = bot_seats(args, players)
    if isinstance(seats, str):
        print(f"towersim play lots: {seats}", file=sys.stderr)
        return 2
    settings = flag_settings(args, ENGINE.parameters, args.mode, "LOTS")
    if isinstance(settings, str):
        print(f"towersim play lots: {settings}", file=sys.stderr)
        return 2
    names = tuple(f"Player {i + 1}" for i in range(players))
    options = LotsOptions(players=names, seed=args.seed, **settings)
    started = time.perf_counter()
    match = LotsMatch(options)
    stopped = play_headless("lots", match, seats, args.seed)
    wall_ms = (time.perf_counter() - started) * 1000
    header = Header(
        FORMAT, "lots", f"LOTS, {counted(players, 'player')}, seed {args.seed}", "", args.seed
    )
    result = report(match, header, match.profile, GameExpect(), wall_ms)
    result["stopped"] = stopped  # why an unfinished game ended early (None: it did not)
    return publish("lots", args, result, match, _print_summary)


def _player_count(args: argparse.Namespace) -> int | str:
    if args.mode == "solo":
        if args.players not in (None, 1):
            return "solo is for 1 player"
        return 1
    players = 2 if args.players is None else args.players
    if not 2 <= players <= 4:
        return "competitive LOTS is for 2 to 4 players"
    return players


def _print_summary(result: dict[str, Any], match: LotsMatch) -> None:
    print(result["name"])
    for name in standings(match):
        print(f"  {name:<10} {counted(result['scores'][name], 'point'):>10}")
    print(ending(match, counted(result["turns"], "turn")))
    accidents = sum(1 for e in result["events"] if e["type"] == "accident")
    print(
        f"{counted(accidents, 'piece')} lost in accidents; {result['steps']} physics steps "
        f"in {result['wall_ms']:.0f} ms; state {result['state_hash'][:16]}."
    )
