"""The command line's bot options, shared by every ``towersim play GAME`` command:
``--bot LEVEL`` for every computer seat, ``--seat N=LEVEL[:HAND]`` for one (1-based),
and ``--hand PROFILE`` for the bots' hands (a seat's own ``:HAND`` wins)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from simulator.bots.dexterity import Dexterity, get_profile, hand_names
from simulator.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES, seat_levels, split_seat


@dataclass(frozen=True)
class Seats:
    """Who plays each seat (0-based): a bot level, and a hand profile or None (the
    level's own)."""

    levels: dict[int, str]
    hands: dict[int, Dexterity | None]


def add_bot_arguments(parser: argparse.ArgumentParser, *, hands: bool = True) -> None:
    parser.add_argument(
        "--bot",
        metavar="LEVEL",
        default=None,
        help=f"level of every computer seat: {', '.join(LEVEL_NAMES)} (default {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--seat",
        metavar="N=LEVEL[:HAND]" if hands else "N=LEVEL",
        action="append",
        default=None,
        help=(
            "level (and hand) of seat N (1-based), e.g. --seat 1=normal or "
            "--seat 2=hard:steady; may be repeated"
            if hands
            else "level of seat N (1-based), e.g. --seat 1=normal; may be repeated"
        ),
    )
    if hands:
        parser.add_argument(
            "--hand",
            "--dexterity",  # its first name, kept: --hand is the app's name for it too
            dest="dexterity",
            metavar="PROFILE",
            default=None,
            help=f"the players' hand: {', '.join(hand_names())} (default: the level's)",
        )


def bot_seats(
    args: argparse.Namespace, players: int, hand_named: Callable[[str], Dexterity] = get_profile
) -> Seats | str:
    """The seats' levels and hands from parsed arguments, or one line saying what is
    wrong; ``hand_named`` finds a hand by name (the game's registry entry's ``hand``:
    the shared profiles and the game's own)."""
    levels = seat_levels(args.bot, args.seat, players)
    if isinstance(levels, str):
        return levels
    hand = _profile(getattr(args, "dexterity", None), "--hand", hand_named)
    if isinstance(hand, str):
        return hand
    hands: dict[int, Dexterity | None] = dict.fromkeys(levels, hand)
    for item in args.seat or []:
        parsed = split_seat(item, players)
        if isinstance(parsed, str):  # seat_levels has refused it already
            return parsed
        seat, _, name = parsed
        if name is not None:
            if not hasattr(args, "dexterity"):
                return f"--seat {item!r}: this game is played without a hand"
            own = _profile(name, f"--seat {item!r}", hand_named)
            if isinstance(own, str):
                return own
            hands[seat] = own
    return Seats(levels, hands)


def _profile(
    name: str | None, option: str, hand_named: Callable[[str], Dexterity]
) -> Dexterity | str | None:
    if name is None:
        return None
    try:
        return hand_named(name)
    except KeyError as exc:
        return f"{option}: {exc.args[0]}"
