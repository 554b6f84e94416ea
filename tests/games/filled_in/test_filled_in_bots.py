"""Filled In bots: deterministic for a seed, ahead of the random player, replayable."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.games.filled_in.play import play_game
from simulator.replay import replay_file


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_level_plays_the_same_game_twice_and_beats_random(level: str) -> None:
    first, match = play_game(2, 1, "standard", 4, {0: level, 1: "random"})
    again, _ = play_game(2, 1, "standard", 4, {0: level, 1: "random"})
    assert first["state_hash"] == again["state_hash"]
    assert match.over
    assert first["scores"]["Player 1"] > first["scores"]["Player 2"]


def test_without_bots_the_game_is_the_random_players_as_before() -> None:
    plain, _ = play_game(2, 1, "standard", 4)
    seated, _ = play_game(2, 1, "standard", 4, {0: "random", 1: "random"})
    assert plain["state_hash"] == seated["state_hash"]


def test_a_bot_game_records_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fi.toml"
    args = ["play", "filled-in", "--headless", "--seed", "2", "--bot", "normal", "--json"]
    assert main([*args, "--record", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    report = replay_file(str(path))
    assert report["ok"] and report["state_hash"] == played["state_hash"]
    # the seats' levels are kept, so a replay that plays on seats them again
    computers = tomllib.loads(path.read_text())["setup"]["computers"]
    assert computers == dict.fromkeys(played["players"], "normal")


def test_bad_seat_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "filled-in", "--headless", "--seat", "9=hard"]) == 2
    err = capsys.readouterr().err
    assert "seat must be 1 to 2" in err and len(err.strip().splitlines()) == 1
