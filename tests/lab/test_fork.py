"""``lab fork`` on a short game recorded with ``towersim play lots --headless --record``."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path

import pytest

from simulator.cli import main as towersim
from simulator.lab import fork

SEED = 6  # a solo game of the random player that lasts 10 turns


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fork") / "game.toml"
    argv = ["play", "lots", "--mode", "solo", "--headless", "--seed", str(SEED)]
    assert towersim([*argv, "--record", str(path)]) == 0
    return path


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    fork.add_arguments(parser)
    return fork.main(parser.parse_args(argv))


def recorded(path: Path) -> dict:
    return tomllib.loads(path.read_text())


def test_two_continuations_from_the_start(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    forks = tmp_path / "forks"
    assert run([str(recording), "--at", "0", "--times", "2", "--record", str(forks)]) == 0
    lines = capsys.readouterr().out.splitlines()
    actions = len(recorded(recording)["action"])
    assert lines[0] == (
        f"{recording}: replayed 0 of {actions} actions, then played on 2 times with the "
        f"recording's seats (seeds {SEED} to {SEED + 1})."
    )
    assert lines[2].split() == ["#", "seed", "winner", "scores", "falls", "end", "turns", "changed"]
    assert [line.split()[:2] for line in lines[3:5]] == [["1", str(SEED)], ["2", str(SEED + 1)]]
    assert lines[5].startswith("The winner changed in 0 of 2 continuations")
    # The recording's own seats and seed play the recorded game again, to the same state.
    assert lines[3].endswith("nothing")
    own = recorded(recording)["expect"]
    again = recorded(forks / "continuation-1.toml")["expect"]
    assert again["state_hash"] == own["state_hash"]
    assert again["scores"] == own["scores"] and again.get("end_reason") == own.get("end_reason")


def test_json_and_a_changed_hand(recording: Path, capsys: pytest.CaptureFixture) -> None:
    argv = [str(recording), "--at", "4", "--times", "1", "--bot", "easy", "--hand", "clumsy"]
    assert run([*argv, "--seed", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["seats"] == [{"level": "easy", "hand": "clumsy"}]
    assert result["change"] == "bot level easy and the clumsy hand for every seat"
    (only,) = result["continuations"]
    assert only["seed"] == 40 and only["turns"] >= 2  # the first 4 actions are 2 turns
    ending = result["recorded"]
    assert only["winner_changed"] == (only["winners"] != ending["winners"])
    assert only["scores_changed"] == (only["scores"] != ending["scores"])
    assert result["changed"]["falls"] == int(only["falls"] != ending["falls"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--at", "999"], "has {actions} actions; give 0 to {actions}"),
        (["--at", "1", "--hand", "wobbly"], "--hand: unknown dexterity profile 'wobbly'"),
        (["--at", "1", "--bot", "genius"], "unknown bot level 'genius'"),
        (["--at", "1", "--seat", "2", "--bot", "easy"], "--seat 2: seats are 1 to 1"),
        (["--at", "1", "--profile", "jelly"], "--profile: unknown physics profile 'jelly'"),
        (["--at", "1", "--times", "0"], "--times 0: give 1 to 10,000"),
    ],
)
def test_bad_input_is_one_line(
    recording: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture
) -> None:
    assert run([str(recording), *argv]) == 2
    err = capsys.readouterr().err
    actions = len(recorded(recording)["action"])
    assert err.startswith("towersim lab fork: ") and err.count("\n") == 1
    assert message.format(actions=actions) in err


def test_a_file_that_is_no_recording(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "towersim/1"\nkind = "lots"\n[setup]\nplayers = 3\n')
    assert run([str(bad), "--at", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"towersim lab fork: {bad}") and err.count("\n") == 1
    assert run([str(tmp_path / "missing.toml"), "--at", "0"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_filled_in_game_plays_on_and_has_no_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path, forks = tmp_path / "sheet.toml", tmp_path / "forks"
    argv = ["play", "filled-in", "--headless", "--seat", "1=easy", "--seed", "3"]
    assert towersim([*argv, "--record", str(path)]) == 0
    capsys.readouterr()
    seats = ["--seats", "easy,random", "--record", str(forks)]
    assert run([str(path), "--at", "0", "--times", "1", *seats]) == 0
    assert capsys.readouterr().out.splitlines()[3].endswith("nothing")
    again = recorded(forks / "continuation-1.toml")["expect"]
    assert again["state_hash"] == recorded(path)["expect"]["state_hash"]
    assert run([str(path), "--at", "2", "--hand", "steady"]) == 2
    assert capsys.readouterr().err == (
        "towersim lab fork: --hand: a LOTS: Filled In game is played without a hand\n"
    )


def test_a_hand_for_the_random_player_is_refused(
    recording: Path, capsys: pytest.CaptureFixture
) -> None:
    assert run([str(recording), "--at", "1", "--hand", "steady"]) == 2
    assert capsys.readouterr().err == (
        "towersim lab fork: --hand: seat 1 is the random player, which has no hand; give it a "
        "level with --bot or --seats\n"
    )


def test_a_crazy_tower_game_reproduced_and_on_other_physics(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path, forks = tmp_path / "tower.toml", tmp_path / "forks"
    argv = ["play", "crazy-tower", "--mode", "solo", "--challenge", "2", "--headless"]
    assert towersim([*argv, "--seed", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    assert run([str(path), "--at", "0", "--times", "1", "--record", str(forks)]) == 0
    again = recorded(forks / "continuation-1.toml")["expect"]
    assert again["state_hash"] == recorded(path)["expect"]["state_hash"]
    capsys.readouterr()
    assert run([str(path), "--at", "3", "--times", "1", "--profile", "classic", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["change"] == "the recording's seats, on the classic physics"
    assert isinstance(result["same_prefix"], bool)
    assert result["recorded"]["end_reason"] == recorded(path)["expect"]["end_reason"]


def test_a_damaged_recording_is_refused(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    damaged = tmp_path / "damaged.toml"
    text = recording.read_text()
    digest = recorded(recording)["expect"]["state_hash"]
    damaged.write_text(text.replace(digest, "0" * 64))
    assert run([str(damaged), "--at", "0", "--times", "1"]) == 2
    assert capsys.readouterr().err == (
        f"towersim lab fork: {damaged}: its actions do not lead to the state_hash it records\n"
    )
