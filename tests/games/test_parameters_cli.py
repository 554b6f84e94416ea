"""A game's parameters on the command line (simulator/games/parameters.py): the play
flags of its everyday options, what they give, and ``--setup KEY=VALUE``."""

from __future__ import annotations

import argparse

import pytest

from rules.engine import Parameter
from simulator.games.parameters import add_flags, flag_settings, menu, setup_settings

SPEC = (
    Parameter("size", int, 3, "how big", low=1, high=5, menu=True),
    Parameter(
        "bonus", str, None, "a bonus card", choices=("gold", "tin"), menu=True, modes=("hard",)
    ),
    Parameter("start_player", str, None, "who starts"),
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_flags(parser, SPEC, "Toy")
    return parser


def test_only_the_everyday_options_are_flags_and_each_says_what_it_allows() -> None:
    assert [p.name for p in menu(SPEC)] == ["size", "bonus"]
    assert [p.name for p in menu(SPEC, "easy")] == ["size"]
    text = _parser().format_help()
    assert "--size SIZE" in text and "a whole number from 1 to 5; default 3" in text
    assert "hard only" in text and "--start-player" not in text


def test_flags_give_what_was_given_and_refuse_another_modes_option() -> None:
    args = _parser().parse_args(["--size", "4"])
    assert args.size == 4 and flag_settings(args, SPEC, "easy", "Toy") == {"size": 4}
    assert flag_settings(_parser().parse_args([]), SPEC, "easy", "Toy") == {}
    args = _parser().parse_args(["--bonus", "tin"])
    assert flag_settings(args, SPEC, "easy", "Toy") == "--bonus is for hard mode"
    assert flag_settings(args, SPEC, "hard", "Toy") == {"bonus": "tin"}
    with pytest.raises(argparse.ArgumentError, match="Toy's option size must be a whole"):
        _parser().parse_args(["--size", "9"])


def test_setup_items_are_typed_and_checked_by_their_parameter() -> None:
    given = setup_settings(["size=2", "start_player=Ann", "mode=hard"], SPEC, "Toy", "mode")
    assert given == {"size": 2, "start_player": "Ann", "mode": "hard"}
    said = setup_settings(["colour=red"], SPEC, "Toy", "mode")
    assert said == (
        "--setup 'colour=red': Toy has no option 'colour' "
        "(its options: size, bonus, start_player, mode)"
    )
    assert "expected KEY=VALUE, for example size=..." in str(
        setup_settings(["size"], SPEC, "Toy", "mode")
    )
    said = setup_settings(["bonus=lead"], SPEC, "Toy", "mode")
    assert said == "--setup 'bonus=lead': Toy's option bonus must be one of gold, tin, not 'lead'"
