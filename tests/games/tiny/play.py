"""``towersim play tiny``: a whole game of random computer players, headless."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rules.engine import GameOptions
from simulator.bots.cli import bot_seats
from simulator.games.expect import GameExpect
from simulator.games.parameters import add_flags, flag_settings
from simulator.games.play_common import add_common_arguments, publish
from simulator.games.runner import report
from simulator.scenario.header import FORMAT, Header
from tests.games.tiny.engine import ENGINE, MAX_PLAYERS, MODES
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import play_computer


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=2, help="1 to 4 (default 2)")
    add_flags(parser, ENGINE.parameters, "Tiny Tower")
    add_common_arguments(parser, hands=False)


def _problem(args: argparse.Namespace) -> str | None:
    if not 1 <= args.players <= MAX_PLAYERS:
        return f"--players must be 1 to {MAX_PLAYERS}"
    seats = bot_seats(args, args.players)
    if isinstance(seats, str):
        return seats
    if set(seats.levels.values()) != {"random"}:
        return "Tiny Tower's computer players are random only"
    return None


def run(args: argparse.Namespace) -> int:
    problem = _problem(args)
    if problem:
        print(f"towersim play tiny: {problem}", file=sys.stderr)
        return 2
    names = tuple(f"Player {i + 1}" for i in range(args.players))
    settings = flag_settings(args, ENGINE.parameters, MODES[0], "Tiny Tower")
    assert not isinstance(settings, str)  # the one mode has every option
    options = GameOptions(names, seed=args.seed, settings=settings)
    started = time.perf_counter()
    match = TinyMatch(options)
    # A scenario's first "computer" action: the recording could be that.
    play_computer(match, {}, 0, args.seed)
    wall_ms = (time.perf_counter() - started) * 1000
    header = Header(FORMAT, "tiny", f"Tiny Tower, seed {args.seed}", "", args.seed)
    result = report(match, header, match.profile, GameExpect(), wall_ms)
    return publish("tiny", args, result, match, _summary)


def _summary(result: dict[str, Any], match: Any) -> None:
    print(f"{result['name']}: {result['end_reason']}; standing: {', '.join(result['tower'])}")
    print(f"state {result['state_hash'][:16]}")
