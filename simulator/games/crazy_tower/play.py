"""``towersim play crazy-tower``: a whole game, every seat a computer player when
--headless; --record writes a scenario that replays to the same state_hash."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rules.crazy_tower.engine import ENGINE
from simulator.bots.cli import bot_seats
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.handicap import hand_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.expect import GameExpect
from simulator.games.parameters import flag_settings
from simulator.games.play_common import (
    add_game_arguments,
    ending,
    play_headless,
    publish,
    standings,
)
from simulator.games.runner import report
from simulator.physics.profile import load_profile
from simulator.scenario.header import FORMAT, Header
from simulator.words import counted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    modes = "competitive (2 to 4 players), saboteur (3 or 4) or solo (1, with a challenge)"
    players = "number of players (default: 2 competitive, 3 saboteur, 1 solo)"
    add_game_arguments(parser, ENGINE, "Crazy Tower", modes, players)


def _fail(message: str) -> int:
    print(f"towersim play crazy-tower: {message}", file=sys.stderr)
    return 2


def options_from(args: argparse.Namespace) -> dict[str, Any] | str:
    """The rules' options for the command line, or why they are wrong."""
    counts = ENGINE.player_counts(args.mode)
    low, high = min(counts), max(counts)
    players = low if args.players is None else args.players
    if players not in counts:
        span = counted(low, "player") if low == high else f"{low} to {high} players"
        return f"{args.mode} mode is for {span}, not {players}"
    options: dict[str, Any] = {
        "mode": args.mode,
        "players": [f"Player {i + 1}" for i in range(players)],
        "seed": args.seed,
    }
    settings = flag_settings(args, ENGINE.parameters, args.mode, "Crazy Tower")
    return settings if isinstance(settings, str) else {**options, **settings}


def run(args: argparse.Namespace) -> int:
    options = options_from(args)
    if isinstance(options, str):
        return _fail(options)
    seats = bot_seats(args, len(options["players"]), hand_profile)
    if isinstance(seats, str):
        return _fail(seats)
    started = time.perf_counter()
    profile = tower_profile(load_profile(), sleep_given=False)
    match = CrazyTowerMatch(options, profile)
    stopped = play_headless("crazy-tower", match, seats, args.seed)
    wall_ms = (time.perf_counter() - started) * 1000
    title = f"Crazy Tower, {args.mode}, {counted(len(options['players']), 'player')}, "
    title += f"seed {args.seed}"
    if "challenge" in options:
        title += f", challenge {options['challenge']}"
    header = Header(FORMAT, "crazy-tower", title, "", args.seed)
    result = report(match, header, match.profile, GameExpect(), wall_ms)
    result["stopped"] = stopped  # why an unfinished game ended early (None: it did not)
    return publish("crazy-tower", args, result, match, _print_summary)


def _print_summary(result: dict[str, Any], match: CrazyTowerMatch) -> None:
    print(result["name"])
    for name in standings(match):
        print(f"  {name:<10} {counted(result['scores'][name], 'point'):>10} left in hand")
    floors = counted(len(result["floors"]), "floor card")
    print(ending(match, f"{counted(result['turns'], 'turn')}, with {floors} in the tower"))
    if result.get("stopped"):
        print(f"  {result['stopped']}")
    falls = sum(1 for e in result["events"] if e["type"] == "piece_fell")
    print(
        f"{counted(falls, 'piece')} fell; {result['steps']} physics steps in "
        f"{result['wall_ms']:.0f} ms; state {result['state_hash'][:16]}."
    )
