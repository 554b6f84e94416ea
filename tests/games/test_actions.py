"""games/actions.py's parse_action: the [[action]] loop every physical game's scenario
shares (LOTS, Crazy Tower), and the order in which it judges an action."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.games.actions import parse_action
from simulator.scenario.document import Document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.fields import Table

KEYS = {"place": ("block", "side"), "pass": (), "computer": ("note",)}
PLAYERS = ["ann", "bo"]


def _value(table: Table, key: str) -> Any:
    return table.string(key)


def _refuse_red(table: Table, action: dict[str, Any]) -> None:
    if action.get("block") == "red":
        table.fail("no red blocks here", "block")


def _parse(raw: Any, **kwargs: Any) -> dict[str, Any]:
    root = Table(Document("game.json", "", {}, "json"), {}, "")
    return parse_action(root, raw, 2, PLAYERS, KEYS, _value, **kwargs)


def test_an_action_reads_its_types_keys_and_leaves_a_null_out() -> None:
    raw = {"type": "place", "player": "bo", "block": "blue", "side": None}
    assert _parse(raw) == {"type": "place", "player": "bo", "block": "blue"}
    assert _parse({"type": "computer", "note": "go"}) == {"type": "computer", "note": "go"}


def test_a_required_key_is_asked_for_before_any_value_is_read() -> None:
    raw = {"type": "place", "player": "ann", "side": 3}
    with pytest.raises(ScenarioError, match=r"action #3: a place action needs 'block'"):
        _parse(raw, required={"place": ("block",)})
    with pytest.raises(ScenarioError, match="side: must be a string"):  # found without it
        _parse(raw)


def test_the_games_check_judges_the_action_before_unknown_keys_are_refused() -> None:
    raw = {"type": "place", "player": "ann", "block": "red", "colour": "red"}
    with pytest.raises(ScenarioError, match="block: no red blocks here"):
        _parse(raw, check=_refuse_red)
    with pytest.raises(ScenarioError, match="unknown key 'colour'"):
        _parse({**raw, "block": "blue"}, check=_refuse_red)


def test_a_key_of_another_type_is_unknown() -> None:
    with pytest.raises(ScenarioError, match="unknown key 'block'"):
        _parse({"type": "pass", "player": "ann", "block": "blue"})
