"""The command line's bot options, shared by every ``towersim play GAME`` command:
``--bot LEVEL`` for every computer seat, ``--seat N=LEVEL`` for one (1-based), and
``--dexterity PROFILE`` for the bots' hands."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from simulator.bots.dexterity import Dexterity, get_profile, profiles
from simulator.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES, seat_levels


@dataclass(frozen=True)
class Seats:
    levels: dict[int, str]  # 0-based seat -> level name
    dexterity: Dexterity | None  # None: each level's own hand


def add_bot_arguments(parser: argparse.ArgumentParser, *, hands: bool = True) -> None:
    parser.add_argument(
        "--bot",
        metavar="LEVEL",
        default=None,
        help=f"level of every computer seat: {', '.join(LEVEL_NAMES)} (default {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--seat",
        metavar="N=LEVEL",
        action="append",
        default=None,
        help="level of seat N (1-based), e.g. --seat 1=normal; may be repeated",
    )
    if hands:
        parser.add_argument(
            "--hand",
            "--dexterity",  # its first name, kept: --hand is the app's name for it too
            dest="dexterity",
            metavar="PROFILE",
            default=None,
            help=f"the players' hand: {', '.join(profiles())} (default: the level's)",
        )


def bot_seats(args: argparse.Namespace, players: int) -> Seats | str:
    """The seats' levels and hand from parsed arguments, or one line saying what is
    wrong."""
    levels = seat_levels(args.bot, args.seat, players)
    if isinstance(levels, str):
        return levels
    name = getattr(args, "dexterity", None)
    dexterity = None
    if name is not None:
        try:
            dexterity = get_profile(name)
        except KeyError as exc:
            return f"--dexterity: {exc.args[0]}"
    return Seats(levels, dexterity)
