"""`towersim play lots`, its recordings, and `replay` of lots scenarios."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cli import main

ROOT = Path(__file__).parents[3]
REQUIRED = {
    "format",
    "kind",
    "name",
    "ok",
    "expect",
    "physics",
    "steps",
    "sim_seconds",
    "wall_ms",
    "state_hash",
    "players",
    "scores",
    "winner",
    "end_reason",
    "events",
    "turns",
}


def _play(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["play", "lots", "--headless", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_headless_game_ends_and_reports_in_the_replay_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = _play(capsys, "--players", "3", "--seed", "4")
    assert set(report) >= REQUIRED
    assert report["kind"] == "lots" and report["players"] == ["Player 1", "Player 2", "Player 3"]
    assert report["over"] and report["end_reason"] in ("target", "piles", "stolen")
    assert report["winner"] is not None
    assert all({"turn", "player", "type"} <= set(e) for e in report["events"])
    # Pieces are conserved: supply + banks + tower + removed = 30 (checked via events).
    taken = [e for e in report["events"] if e["type"] == "take_block"]
    assert len(taken) <= 30


def test_a_recording_replays_to_the_same_state_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.toml"
    played = _play(capsys, "--players", "2", "--seed", "9", "--record", str(record))
    assert main(["replay", "--json", str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["state_hash"] == played["state_hash"]
    assert replayed["scores"] == played["scores"] and replayed["ok"]


def test_a_json_recording_replays_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    played = _play(capsys, "--mode", "solo", "--seed", "2", "--record", str(record))
    assert main(["replay", "--json", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == played["state_hash"]


def test_the_same_game_in_two_processes_gives_the_same_hash() -> None:
    def run() -> str:
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "simulator.cli",
                "play",
                "lots",
                "--headless",
                "--json",
                "--players",
                "2",
                "--seed",
                "5",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(out.stdout)["state_hash"]

    assert run() == run()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "2 to 4 players"),
        (["--mode", "solo", "--players", "2"], "solo is for 1 player"),
    ],
)
def test_bad_options_get_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "lots", "--headless", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_without_headless_it_says_the_app_is_not_there_yet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "lots"]) == 2
    assert "--headless" in capsys.readouterr().err


def test_every_lots_scenario_meets_its_expectations() -> None:
    files = sorted(str(p) for p in (ROOT / "scenarios" / "lots").glob("*.toml"))
    assert len(files) >= 10
    assert main(["replay", *files]) == 0


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        ('[setup]\nplayers = ["Ann"]\nfootprint = "9Z"\n', "unknown footprint '9Z'"),
        ('[setup]\nplayers = ["Ann", "Ann"]\n', "distinct"),
        ('[setup]\nplayers = ["Ann", "Ben"]\nmode = "solo"\n', "does not fit"),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "dance"\nplayer = "Ann"\n',
            "must be one of",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "roll"\nplayer = "Zed"\n',
            "'Zed' is not one of the players",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "place"\nplayer = "Ann"\n'
            'block = "red-1"\ncol = -1\n',
            "col: must be from 0 to 99, not -1",
        ),
        ('[setup]\nplayers = ["Ann", "Ben"]\n[expect]\nwinner = "Zed"\n', "not a player"),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "place"\nplayer = "Ann"\n'
            'block = "red-1"\npath = [[100000000, 0.0, 20.0, 0.0, 0]]\n',
            "path: the hand's path lasts 100000000 steps, more than 60 minutes",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "place"\nplayer = "Ann"\n'
            'block = "red-1"\nfeel = 12\n',
            "feel: must be from 0 to 9, not 12",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "place"\nplayer = "Ann"\n'
            'block = "red-1"\nfeel = 1\npath = [[10, 0.0, 20.0, 0.0, 0]]\n',
            "a live move (path) has no 'feel'",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\nhand = "wobbly"\n',
            "must be one of",
        ),
        (
            '[setup]\nplayers = ["Ann", "Ben"]\n[expect]\nscores = { Ann = "x" }\n',
            "must be an integer",
        ),
    ],
)
def test_a_bad_lots_scenario_gets_one_line_and_exit_2(
    snippet: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = "towersim/1"\nkind = "lots"\n' + snippet)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
