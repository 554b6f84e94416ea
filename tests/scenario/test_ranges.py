"""Every numeric value a scenario file holds has a range, checked when the file is read
(issue 23, item 9): a value at either end loads, one beyond it is refused with one line
naming the key, its line and the range. Values that once hung a replay are checked by
the message only, never run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario_helpers import GOOD_TOML

from simulator.games.crazy_tower import scenario as crazy_tower
from simulator.games.filled_in import scenario as filled_in
from simulator.games.lots import scenario as lots
from simulator.games.registry import GAMES
from simulator.physics.profile import OVERRIDABLE
from simulator.replay import load_scenario
from simulator.scenario.errors import ScenarioError
from simulator.scenario.ranges import CRAZY_TOWER, FILLED_IN, HAND, LOTS, PHYSICS, Range

HEAD = 'format = "towersim/1"\nkind = "{kind}"\n'
# Each game's smallest valid file, and for each ranged action key an action that takes it.
SETUPS = {
    "lots": '[setup]\nplayers = ["Ann", "Ben"]\n',
    "crazy-tower": '[setup]\nplayers = ["Ann", "Ben"]\n',
    "filled-in": '[setup]\nplayers = ["Ann", "Ben"]\n',
}
CARRIERS = {
    "lots": {"moves": 'type = "computer"', "*": 'type = "place"\nplayer = "Ann"\nblock = "red-1"'},
    "crazy-tower": {
        "moves": 'type = "computer"',
        "offset": 'type = "lay_card"\nplayer = "Ann"',
        "*": 'type = "place_block"\nplayer = "Ann"\nblock = "red-1a"',
    },
    "filled-in": {
        "moves": 'type = "computer"',
        "die": 'type = "draft"\nplayer = "Ann"',
        "*": 'type = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\nrow = 0\ncol = 0',
    },
}
# Every numeric key of each game's actions, and its range.
GAME_RANGES: dict[str, dict[str, Range]] = {
    "lots": {**LOTS, **HAND, "moves": lots.MOVES},
    "crazy-tower": {
        **{key: CRAZY_TOWER[key] for key in ("at", "offset", "elapsed")},
        **{key: bounds for key, bounds in HAND.items() if key != "nudge"},
        "moves": crazy_tower.MOVES,
    },
    "filled-in": {**FILLED_IN, "moves": filled_in.MOVES},
}
# Keys of actions that hold no single number (names, switches, lists); Filled In's grid
# boxes (row, col, turns) are read and checked as cells by its own GridTable.
NOT_NUMBERS = {"block", "colour", "card", "target", "piece", "mirror", "cube", "path"}
NOT_NUMBERS |= {"cube_path", "side", "give", "take", "faces", "reroll", "shape", "cells"}
NOT_NUMBERS |= {"purples", "crew", "tremor"}  # tremor: a list, checked part by part
GRID = {"row", "col", "turns"}


def beyond(bounds: Range) -> tuple[object, object]:
    """A value just under the minimum and one just over the maximum."""
    step = 1 if bounds.integer else max(abs(bounds.maximum), abs(bounds.minimum), 1) * 1e-3
    return bounds.minimum - step, bounds.maximum + step


def game_file(kind: str, key: str, value: object) -> str:
    carriers = CARRIERS[kind]
    carrier = carriers.get(key, carriers["*"])
    return HEAD.format(kind=kind) + SETUPS[kind] + f"\n[[action]]\n{carrier}\n{key} = {value}\n"


def refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "scen.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


def loads(tmp_path: Path, text: str) -> None:
    path = tmp_path / "scen.toml"
    path.write_text(text)
    load_scenario(path)


def line_of(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key} ="))


GAME_CASES = [(kind, key) for kind, ranges in GAME_RANGES.items() for key in ranges]


@pytest.mark.parametrize(("kind", "key"), GAME_CASES)
def test_an_action_number_beyond_its_range_is_refused(tmp_path: Path, kind: str, key: str) -> None:
    bounds = GAME_RANGES[kind][key]
    for value in beyond(bounds):
        text = game_file(kind, key, value)
        message = refusal(tmp_path, text)
        assert f"scen.toml:{line_of(text, key)}: action #1: {key}: must be " in message
        assert bounds.describe() in message


@pytest.mark.parametrize(("kind", "key"), GAME_CASES)
def test_an_action_number_at_either_end_of_its_range_loads(
    tmp_path: Path, kind: str, key: str
) -> None:
    bounds = GAME_RANGES[kind][key]
    for value in (bounds.minimum, bounds.maximum):
        loads(tmp_path, game_file(kind, key, value))


@pytest.mark.parametrize("kind", ["lots", "crazy-tower"])
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("turns", 2**62),
        ("travel_height", "1e12"),
        ("lower_speed", "1e-300"),
        ("release_vx", "1e300"),
        ("travel_height", "1e308"),
        ("nudge", "1e300"),
        ("angle_error", "-1e300"),
        ("release_vy", "-1e300"),
    ],
)
def test_the_numbers_that_hung_replay_are_refused_when_read(
    tmp_path: Path, kind: str, key: str, value: object
) -> None:
    if key not in GAME_RANGES[kind]:  # Crazy Tower has no turns or nudge
        return
    message = refusal(tmp_path, game_file(kind, key, value))
    assert f"{key}: must be {GAME_RANGES[kind][key].describe()}" in message


@pytest.mark.parametrize("kind", ["lots", "crazy-tower"])
@pytest.mark.parametrize(
    ("part", "row"),
    [("x", "[1, 1e9, 10, 0]"), ("y", "[1, 0, -1e9, 0]"), ("angle", "[1, 0, 10, 1e300]")],
)
def test_a_path_row_beyond_the_play_area_is_refused(
    tmp_path: Path, kind: str, part: str, row: str
) -> None:
    if kind == "lots":
        row = row[:-1] + ", 0]"
    text = game_file(kind, "path", f"[{row}]")
    assert f"action #1: path: {part} must be from " in refusal(tmp_path, text)


def test_every_numeric_action_key_has_a_range() -> None:
    for kind in ("lots", "crazy-tower", "filled-in"):
        keys = {k for ks in GAMES.get(kind).load("action_keys").values() for k in ks}
        grid = GRID if kind == "filled-in" else set()
        assert keys - NOT_NUMBERS - grid - set(GAME_RANGES[kind]) == set(), kind


PHYSICS_LINE = GOOD_TOML.count("\n") + 3


@pytest.mark.parametrize("key", OVERRIDABLE)
def test_a_physics_value_beyond_its_range_is_refused(tmp_path: Path, key: str) -> None:
    bounds = PHYSICS[key]
    for value in beyond(bounds):
        message = refusal(tmp_path, GOOD_TOML + f"\n[physics]\n{key} = {value}\n")
        assert f"scen.toml:{PHYSICS_LINE}: [physics]: {key}: must be {bounds.describe()}" in (
            message
        )


@pytest.mark.parametrize("key", OVERRIDABLE)
def test_a_physics_value_at_either_end_loads(tmp_path: Path, key: str) -> None:
    bounds = PHYSICS[key]
    for value in (bounds.minimum, bounds.maximum):
        loads(tmp_path, GOOD_TOML + f"\n[physics]\n{key} = {value}\n")


@pytest.mark.parametrize("kind", ["lots", "crazy-tower"])
def test_json_null_for_an_action_key_is_the_key_left_out(tmp_path: Path, kind: str) -> None:
    carrier = CARRIERS[kind]["*"]
    action = dict(line.split(" = ") for line in carrier.splitlines())
    action = {key: value.strip('"') for key, value in action.items()}
    keys = GAMES.get(kind).load("action_keys")[action["type"]]
    nulls = dict.fromkeys(key for key in keys if key in GAME_RANGES[kind] or key == "path")
    assert len(nulls) >= 6
    bare = tmp_path / "bare.json"
    with_nulls = tmp_path / "nulls.json"
    head = {"format": "towersim/1", "kind": kind, "setup": {"players": ["Ann", "Ben"]}}
    bare.write_text(json.dumps({**head, "action": [action]}))
    with_nulls.write_text(json.dumps({**head, "action": [{**action, **nulls}]}))
    assert load_scenario(with_nulls).scenario.actions == load_scenario(bare).scenario.actions


@pytest.mark.parametrize("kind", ["lots", "crazy-tower"])
@pytest.mark.parametrize(
    ("row", "fault"),
    [
        ("[0.01, 9.85, 1.25]", "tremor: must be [rms_cm, hz, band_hz, seed]"),
        ('[0.01, 9.85, 1.25, "x"]', "tremor: seed must be an integer"),
        ("[0.01, 9.85, 1.25, 1.5]", "tremor: seed must be an integer"),
        ("[2.0, 9.85, 1.25, 7]", "tremor: rms_cm must be from 0 to 1 cm"),
        ("[0.01, 1e300, 1.25, 7]", "tremor: hz must be from 0.5 to 50 Hz"),
        ("[0.01, 9.85, -1, 7]", "tremor: band_hz must be from 0 to 10 Hz"),
        ("[0.01, 9.85, 1.25, 4294967296]", "tremor: seed must be from 0 to 2147483647"),
    ],
)
def test_a_bad_tremor_is_one_clear_line(tmp_path: Path, kind: str, row: str, fault: str) -> None:
    assert fault in refusal(tmp_path, game_file(kind, "tremor", row))


@pytest.mark.parametrize("kind", ["lots", "crazy-tower"])
def test_a_tremor_at_the_ends_of_its_ranges_loads(tmp_path: Path, kind: str) -> None:
    loads(tmp_path, game_file(kind, "tremor", "[0, 0.5, 0, 0]"))
    loads(tmp_path, game_file(kind, "tremor", "[1, 50, 10, 2147483647]"))
