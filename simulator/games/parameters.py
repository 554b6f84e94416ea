"""A game's parameters (``rules.engine.Parameter``, its engine's ``parameters``) where
people give them: ``towersim play``'s per-game flags, ``--setup KEY=VALUE`` and the
lab's axes. Nothing here names a game's options: a game brings them in its engine.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rules.engine import Parameter, parameter_table


def menu(parameters: Iterable[Parameter], mode: str | None = None) -> list[Parameter]:
    """The everyday options (``menu``): the start screen's, the play flags, the lab's
    axes; those of ``mode`` only, unless it is None."""
    return [p for p in parameters if p.menu and (mode is None or p.applies(mode))]


def parameter_of(parameters: Iterable[Parameter], name: str, title: str) -> Parameter:
    """The parameter called ``name``; ValueError naming the game's options if none is."""
    known = parameter_table(parameters)
    if name not in known:
        raise ValueError(f"{title} has no option {name!r} (its options: {', '.join(known)})")
    return known[name]


def flag(parameter: Parameter) -> str:
    """The command-line flag of ``parameter``: ``--start-player`` for ``start_player``."""
    return flag_of(parameter.name)


def flag_of(name: str) -> str:
    return "--" + name.replace("_", "-")


def text_reader(parameter: Parameter, title: str) -> Callable[[str], Any]:
    """argparse's ``type=`` for ``parameter``: the typed value, or argparse's error with
    the parameter's own sentence."""

    def read(text: str) -> Any:
        try:
            return parameter.parse(text, title)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def add_flags(parser: argparse.ArgumentParser, parameters: Iterable[Parameter], title: str) -> None:
    """One flag for each everyday option; not given, it is None (the game's default)."""
    for parameter in menu(parameters):
        default = "" if parameter.default is None else f"; default {parameter.default}"
        only = f"; {' or '.join(parameter.modes)} only" if parameter.modes else ""
        parser.add_argument(
            flag(parameter),
            dest=parameter.name,
            type=text_reader(parameter, title),
            default=None,
            metavar=parameter.name.upper(),
            help=f"{parameter.help} ({parameter.allowed()}{default}{only})",
        )


def flag_settings(
    args: argparse.Namespace, parameters: Iterable[Parameter], mode: str, title: str
) -> dict[str, Any] | str:
    """The everyday options the flags give (one not given is left to the game's
    default; text, as ``towersim app`` takes it, read by the parameter), or why one does
    not fit the game or ``mode``."""
    settings: dict[str, Any] = {}
    for parameter in menu(parameters):
        value = getattr(args, parameter.name, None)
        if value is None:
            continue
        if not parameter.applies(mode):
            return f"{flag(parameter)} is for {' or '.join(parameter.modes)} mode"
        try:
            settings[parameter.name] = (
                parameter.parse(value, title) if isinstance(value, str) else value
            )
        except ValueError as exc:
            return str(exc)
    return settings


def setup_settings(
    items: Sequence[str], parameters: Iterable[Parameter], title: str, mode_key: str
) -> dict[str, Any] | str:
    """``KEY=VALUE`` texts (``towersim host --setup``) as typed settings, each checked by
    its parameter; ``mode_key`` (the scenario's key for the mode) passes as text. One
    sentence naming the item if one is wrong."""
    known = parameter_table(parameters)
    settings: dict[str, Any] = {}
    for item in items:
        key, sep, text = (part.strip() for part in item.partition("="))
        if not sep or not key:
            example = next(iter(known), "KEY")
            return f"--setup {item!r}: expected KEY=VALUE, for example {example}=..."
        if key == mode_key:
            settings[key] = text
            continue
        parameter = known.get(key)
        if parameter is None:
            names = ", ".join([*known, mode_key])
            return f"--setup {item!r}: {title} has no option {key!r} (its options: {names})"
        try:
            settings[key] = parameter.parse(text, title)
        except ValueError as exc:
            return f"--setup {item!r}: {exc}"
    return settings
