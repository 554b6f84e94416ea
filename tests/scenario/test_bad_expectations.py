"""A game scenario's [expect] and header values of the wrong type or size: one line,
status 2 (a file fault), never a FAIL (status 1) or an echo of the whole value."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from scenario_helpers import Replay

ROOT = Path(__file__).parents[2]
GAME = ROOT / "scenarios" / "lots" / "third-crew-card.toml"


def with_expect(tmp_path: Path, expect: str) -> Path:
    text = GAME.read_text()
    path = tmp_path / "game.toml"
    path.write_text(text[: text.index("[expect]")] + "[expect]\n" + expect + "\n")
    return path


@pytest.mark.parametrize(
    ("expect", "says"),
    [
        ("events = [{type = {a = 1}}]", "[expect] events #1: type: must be a string, not a table"),
        ('events = [{type = "score", player = "Zed"}]', "player: 'Zed' is not a player"),
        ("scores = {Ann = 99999999999999999999}", "[expect.scores]: Ann: must be at most 10000"),
        ('scores = {Ann = "x"}', "[expect.scores]: Ann: must be an integer, not a string"),
    ],
)
def test_a_wrong_expectation_is_a_file_fault(
    replay: Replay, tmp_path: Path, expect: str, says: str
) -> None:
    result = replay(with_expect(tmp_path, expect))
    assert result.code == 2
    assert says in result.err and len(result.err.strip().splitlines()) == 1


def test_a_huge_value_is_not_echoed_whole(replay: Replay, tmp_path: Path) -> None:
    result = replay(with_expect(tmp_path, f'winner = "{"x" * 1_000_000}"'))
    assert result.code == 2
    assert "is not a player" in result.err and "characters)" in result.err
    assert len(result.err) < 400


def test_a_huge_name_is_refused(replay: Replay, tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(GAME.read_text().replace('name = "LOTS:', f'name = "{"n" * 1_000_000}', 1))
    result = replay(path)
    assert result.code == 2
    assert "name: must be at most 200 characters" in result.err and len(result.err) < 400


def test_null_is_refused_for_a_required_key(replay: Replay, tmp_path: Path) -> None:
    good = tomllib.loads(GAME.read_text())
    good["action"][0]["type"] = None
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good))
    result = replay(path)
    assert result.code == 2
    assert "type: is required and may not be null" in result.err
