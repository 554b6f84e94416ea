"""One lab game is one ``towersim play GAME --headless`` command: its arguments are
built here, parsed by the game's own play parser and run by the game's own ``run``, so
the lab plays the very game the printed replay command plays."""

from __future__ import annotations

import argparse
import shlex
from functools import cache
from typing import Any

from simulator.games.parameters import flag_of
from simulator.games.registry import GAMES
from simulator.lab.tournament import Axis, GameSpec, Seat, axes


class RefusedArguments(ValueError):
    """The play command refused the arguments (one line, argparse's own words)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, never an exit
        raise RefusedArguments(f"{self.prog}: {message}")


@cache
def play_parser(kind: str) -> argparse.ArgumentParser:
    """The parser of ``towersim play KIND``, as the CLI builds it."""
    parser = _Parser(prog=f"towersim play {kind}", add_help=False)
    GAMES.get(kind).load("command").add_arguments(parser)
    return parser


def mode_option(kind: str) -> str | None:
    """The play option that picks the game's mode (the flag of its registry ``mode_key``:
    --mode, Filled In's --variant); None if the game has one mode only."""
    game = GAMES.get(kind)
    return flag_of(game.mode_key) if len(game.modes) > 1 else None


def has_hands(kind: str) -> bool:
    """Whether the game's seats play with a simulated hand (--hand): the registry says."""
    return GAMES.get(kind).hands


def axis_values(kind: str, option: str) -> list[Any] | None:
    """Every value the game's parameter ``option`` allows (in its order), or None if
    the game does not offer it as an axis."""
    axis = _axis(kind, option)
    values = None if axis is None else axis.parameter.values()
    return None if values is None else list(values)


def option_type(kind: str, option: str) -> type:
    """The type of the game's parameter ``option`` (what its texts are read as)."""
    axis = _axis(kind, option)
    return str if axis is None else axis.parameter.type


def _axis(kind: str, option: str) -> Axis | None:
    return next((a for a in axes([kind]) if a.option == option), None)


def play_arguments(spec: GameSpec, record: str | None = None) -> list[str]:
    """The arguments after ``towersim play GAME`` that play ``spec``."""
    argv = ["--headless", "--seed", str(spec.seed)]
    mode = mode_option(spec.game)
    if mode is not None:
        argv += [mode, spec.mode]
    argv += ["--players", str(len(spec.seats))]
    for option, value in spec.config.items():
        argv += [flag_of(option), str(value)]
    argv += _seat_arguments(spec.seats, spec.hand)
    if record is not None:
        argv += ["--record", record]
    return argv


def _seat_arguments(seats: tuple[Seat, ...], hand: str | None) -> list[str]:
    """``--bot`` or ``--seat`` per seat, and one ``--hand`` where every thinking seat
    plays with the same one; else each seat's own hand as ``--seat N=LEVEL:HAND``."""
    levels = [seat.level for seat in seats]
    shared = len({seat.hand for seat in seats if seat.level != "random"}) <= 1
    if shared and len(set(levels)) == 1:
        out = ["--bot", levels[0]]
    else:
        out = []
        for i, seat in enumerate(seats):
            own = f":{seat.hand}" if seat.hand and not shared else ""
            out += ["--seat", f"{i + 1}={seat.level}{own}"]
    if shared and hand is not None:
        out += ["--hand", hand]
    return out


def replay_command(spec: GameSpec) -> str:
    """The one command that replays ``spec`` (prints what the lab recorded)."""
    return shlex.join(["towersim", "play", spec.game, *play_arguments(spec)])


def parse(spec: GameSpec, record: str | None = None) -> argparse.Namespace:
    """The play command's parsed arguments for ``spec`` (RefusedArguments if refused)."""
    args = play_parser(spec.game).parse_args(play_arguments(spec, record))
    args.game = spec.game
    args.json = True  # the lab reads the game's report, the replay report's schema
    return args
