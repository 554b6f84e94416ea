"""The typed parameter spec every engine gives (rules.engine.Parameter): each option's
type, default, choices or range, checked by GameOptions with a message naming the option
and what it allows."""

from __future__ import annotations

import pytest

from rules.crazy_tower.engine import ENGINE as CRAZY_TOWER
from rules.engine import GameOptions, Parameter
from rules.filled_in.engine import ENGINE as FILLED_IN
from rules.lots.engine import ENGINE as LOTS
from simulator.games.registry import GAMES


@pytest.mark.parametrize("kind", GAMES.kinds())
def test_every_engine_gives_a_spec_its_own_defaults_fit(kind):
    engine = GAMES.get(kind).load("engine")
    names = [p.name for p in engine.parameters]
    assert len(names) == len(set(names)) and names
    for parameter in engine.parameters:
        parameter.check(parameter.default, kind)
        assert parameter.help and set(parameter.modes) <= set(engine.modes)
        if parameter.menu:  # the start screen lists them: a few values, or a range
            assert parameter.values()
    for mode in engine.modes:
        assert engine.player_counts(mode)


def test_a_value_outside_the_choices_names_the_option_and_the_choices():
    with pytest.raises(ValueError, match=r"LOTS's option footprint must be one of 1A, 1B,.*'9Z'"):
        LOTS.new_game(GameOptions(("Ann", "Ben"), settings={"footprint": "9Z"}))


def test_a_number_outside_the_range_names_the_range():
    with pytest.raises(ValueError, match="challenge must be a whole number from 1 to 20, not 21"):
        CRAZY_TOWER.new_game(GameOptions(("Sol",), mode="solo", settings={"challenge": 21}))


def test_a_wrong_type_is_refused_and_true_is_no_number():
    options = GameOptions(("Sol",), mode="solo", settings={"challenge": "7"})
    with pytest.raises(ValueError, match="challenge must be"):
        CRAZY_TOWER.new_game(options)
    with pytest.raises(ValueError, match="not True"):
        CRAZY_TOWER.new_game(GameOptions(("Sol",), mode="solo", settings={"challenge": True}))


def test_an_option_of_another_mode_is_refused():
    options = GameOptions(("Ann", "Ben"), mode="competitive", settings={"challenge": 3})
    with pytest.raises(ValueError, match="option challenge is for the solo mode"):
        CRAZY_TOWER.new_game(options)


def test_a_list_option_checks_each_item():
    three = ("Ann", "Ben", "Cy")
    state = FILLED_IN.new_game(GameOptions(three, mode="remote", settings={"sheet": [1, 2, 3]}))
    assert FILLED_IN.to_act(state)
    with pytest.raises(ValueError, match="crew must be a list, each one of"):
        FILLED_IN.new_game(GameOptions(three, settings={"crew": ["no-such-card"]}))
    with pytest.raises(ValueError, match=r"sheet must be one of .*or a list of them"):
        FILLED_IN.new_game(GameOptions(three, settings={"sheet": [1, 99, 2]}))


def test_the_saboteur_starter_is_an_option_of_the_engine():
    options = GameOptions(("Ann", "Ben", "Cy"), mode="saboteur", settings={"starter": "drawn"})
    assert CRAZY_TOWER.to_act(CRAZY_TOWER.new_game(options))


def test_text_is_parsed_by_the_type_and_checked():
    sheet = next(p for p in FILLED_IN.parameters if p.name == "sheet")
    assert sheet.parse("2", "Filled In") == 2
    assert sheet.parse(" 1, 2 ", "Filled In") == [1, 2]
    with pytest.raises(ValueError, match="sheet must be one of 1, 2"):
        sheet.parse("two", "Filled In")
    flag = Parameter("fast", bool, False, "quick")
    assert flag.parse("True", "G") is True
    with pytest.raises(ValueError, match="fast must be true or false, not 'yes'"):
        flag.parse("yes", "G")
