"""``towersim lab``: ``run`` plays a tournament into a results store; ``report``,
``fork`` and ``ladder`` (simulator.lab.report / .fork / .ladder) read it."""

from __future__ import annotations

import argparse
import importlib.util

from simulator.games.parameters import flag_of
from simulator.games.registry import GAMES
from simulator.lab.tournament import axes

# s: about 45 times the slowest game measured (a four-bot hard Crazy Tower game, 78 s of
# CPU), so a busy machine does not turn a slow game into a timeout.
DEFAULT_GAME_TIMEOUT = 3600.0
# The other subcommands live in their own modules, each with ``main(args)`` and, if it
# takes options, ``add_arguments(parser)`` (HELP and DESCRIPTION optional); a build
# without one simply offers fewer.
OTHER_SUBCOMMANDS = {
    "report": "simulator.lab.report",
    "fork": "simulator.lab.fork",
    "ladder": "simulator.lab.ladder",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    subcommands = parser.add_subparsers(dest="lab_command", metavar="SUBCOMMAND", required=True)
    run = subcommands.add_parser(
        "run",
        help="play a tournament of bot games into a results store",
        description="Play a tournament (a FILE, see docs/lab.md, or --game and --seats) "
        "into OUT/results.jsonl, one record per game as it ends. Run it again to resume: "
        "only games without a record are played.",
    )
    add_run_arguments(run)
    for name, module_name in OTHER_SUBCOMMANDS.items():
        if importlib.util.find_spec(module_name) is not None:
            module = importlib.import_module(module_name)
            help_text = getattr(module, "HELP", f"the lab's {name}")
            description = getattr(module, "DESCRIPTION", help_text)
            sub = subcommands.add_parser(name, help=help_text, description=description)
            if hasattr(module, "add_arguments"):
                module.add_arguments(sub)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help="a tournament file (TOML/JSON)")
    parser.add_argument("--out", metavar="OUT", help="the results folder (default lab-NAME)")
    given = parser.add_argument_group("a tournament on the command line (without FILE)")
    given.add_argument("--game", help=f"the game: {', '.join(GAMES.kinds())}")
    given.add_argument("--mode", help="one of the game's modes (default its first)")
    for axis in axes(GAMES.kinds()):
        given.add_argument(
            flag_of(axis.plural),
            dest=axis.plural,
            metavar="A,B|all",
            help=f"the {axis.plural} to cross ({flag_of(axis.option)} of towersim play)",
        )
    given.add_argument(
        "--seats",
        metavar="LEVEL[:HAND],...",
        help="one level per seat, a thinking seat's hand after a colon: normal:steady,random",
    )
    given.add_argument("--games", type=int, default=10, help="games per configuration (default 10)")
    given.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    given.add_argument("--name", help="the tournament's name (default GAME-MODE)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, help="local processes (default 1: in this process)"
    )
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler, tcp://host:8786")
    parser.add_argument(
        "--game-timeout",
        type=float,
        default=DEFAULT_GAME_TIMEOUT,
        metavar="SECONDS",
        help=f"a game taking longer is recorded as a timeout (default {DEFAULT_GAME_TIMEOUT:g})",
    )
    parser.add_argument(
        "--record",
        action="store_true",
        help="also write each game's recording to OUT/games/KEY.toml (for towersim replay "
        "and lab fork)",
    )
    parser.add_argument(
        "--json", action="store_true", help="no progress; print a JSON summary at the end"
    )


def main(args: argparse.Namespace) -> int:
    if args.lab_command == "run":
        from simulator.lab.run import run_tournament  # lazy: command

        return run_tournament(args)
    module = importlib.import_module(OTHER_SUBCOMMANDS[args.lab_command])
    return int(module.main(args))
