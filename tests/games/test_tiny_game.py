"""Tiny Tower, the test-only fourth game (tests/games/tiny), through the same paths as
the built-in three: replay, play --headless --json --record, and its physical match."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from rules.engine import GameOptions
from rules.errors import IllegalMove
from tests.games.tiny.cli import towersim
from tests.games.tiny.engine import ENGINE
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.scenario import ACTION_KEYS

SCENARIO = Path(__file__).parent / "tiny" / "three_boxes.toml"


def _replayed(path: Path) -> dict:
    result = towersim("replay", "--json", str(path))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_tiny_scenario_replays_to_the_same_state_in_two_processes() -> None:
    first, second = _replayed(SCENARIO), _replayed(SCENARIO)
    assert first["kind"] == "tiny" and first["ok"] and first["expect"]["checked"]
    assert first["state_hash"] == second["state_hash"]
    assert first["tower"] == ["box-3", "box-2", "box-1"] and first["steps"] > 0


def test_play_records_a_game_that_replays_to_its_hash(tmp_path: Path) -> None:
    record = tmp_path / "tiny.toml"
    played = towersim(
        "play", "tiny", "--headless", "--json", "--seed", "3", "--record", str(record)
    )
    assert played.returncode == 0, played.stderr
    report = json.loads(played.stdout)
    assert report["kind"] == "tiny" and report["over"]
    document = tomllib.loads(record.read_text())
    assert document["expect"]["state_hash"] == report["state_hash"]
    assert all(
        set(a) - {"type", "player"} <= set(ACTION_KEYS[a["type"]]) for a in document["action"]
    )
    replayed = _replayed(record)
    assert replayed["ok"] and replayed["state_hash"] == report["state_hash"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players must be 1 to 4"),
        (["--bot", "hard"], "random only"),
    ],
)
def test_bad_play_options_are_one_line(args: list[str], message: str) -> None:
    result = towersim("play", "tiny", "--headless", *args)
    lines = result.stderr.splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert lines[0].startswith("towersim play tiny: ") and message in lines[0]


def test_its_parameter_is_a_checked_play_flag() -> None:
    result = towersim("play", "tiny", "--headless", "--target", "9")
    said = "argument --target: Tiny Tower's option target must be a whole number from 1 to 6"
    assert result.returncode == 2 and said in result.stderr


def test_the_lab_plays_tiny_games_crossing_its_own_parameter(tmp_path: Path) -> None:
    """``towersim lab run`` knows Tiny Tower from its registry entry: its ``target`` is an
    axis (from its engine's parameters) and its falls are counted (its ``fallen``)."""
    out = tmp_path / "lab"
    argv = ["--game", "tiny", "--targets", "1,2", "--seats", "random,random", "--games", "2"]
    result = towersim("lab", "run", *argv, "--out", str(out), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["done"] == 4
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert sorted(r["config"]["target"] for r in records) == [1, 1, 2, 2]
    assert all(r["status"] == "done" and isinstance(r["falls"], list) for r in records)
    assert any("--target 2" in r["replay"] for r in records)


def _turn(match: TinyMatch, col: int) -> tuple[str, ...]:
    match.perform({"type": "take", "player": match.state.player})
    verdict = match.perform({"type": "place", "player": match.state.player, "col": col})
    assert verdict is not None
    return verdict.fallen


def test_a_box_off_the_stack_knocks_the_one_below_off_too() -> None:
    # Ann starts; her second box, lowered off the stack's edge, takes Ben's along
    match = TinyMatch(GameOptions(("Ann", "Ben"), seed=1))
    assert [_turn(match, col) for col in (0, 1)] == [(), ()]
    assert match.summary()["scores"] == {"Ann": 1, "Ben": 1}
    assert _turn(match, 2) == ("box-4", "box-2")
    summary = match.summary()
    assert (summary["end_reason"], summary["winners"]) == ("fell", ["Ben"])
    assert summary["scores"] == {"Ann": 1, "Ben": 0} and summary["tower"] == ["box-1"]
    assert [e.id for e in match.world.dynamic_entries] == ["box-1"]


def test_a_placement_the_rules_refuse_runs_no_physics() -> None:
    match = TinyMatch(GameOptions(("Ann", "Ben"), seed=4))
    with pytest.raises(IllegalMove, match="must take a box now"):
        match.perform({"type": "place", "player": "Ben", "col": 0})
    match.perform({"type": "take", "player": "Ben"})
    steps, before = match.world.steps, match.state_hash()
    with pytest.raises(IllegalMove, match="a placement has no nudge"):
        match.perform({"type": "place", "player": "Ben", "col": 0, "nudge": 1.0})
    with pytest.raises(IllegalMove, match="column from -2 to 2"):
        match.perform({"type": "place", "player": "Ben", "col": 3})
    assert match.world.steps == steps and match.action_count == 1
    assert match.state_hash() == before and ENGINE.to_act(match.state) == ["Ben"]
