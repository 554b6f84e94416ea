"""`towersim play filled-in`: the report, --record replays to the same state, determinism."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.replay import replay

ROOT = Path(__file__).parents[3]
REPORT_KEYS = {
    "format", "kind", "name", "ok", "expect", "physics", "steps", "sim_seconds", "wall_ms",
    "state_hash", "players", "scores", "winner", "end_reason", "events", "turns",
}  # fmt: skip


def _play(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["play", "filled-in", "--headless", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_report_has_the_replay_schema(capsys: pytest.CaptureFixture[str]) -> None:
    report = _play(capsys, "--players", "3", "--seed", "5")
    assert set(report) >= REPORT_KEYS
    assert report["kind"] == "filled-in" and report["players"] == [
        "Player 1",
        "Player 2",
        "Player 3",
    ]
    assert report["steps"] == 0 and report["sim_seconds"] == 0.0
    assert report["over"] and report["end_reason"].endswith(f"round {report['turns']}")
    assert set(report["scores"]) == set(report["players"])
    for name, total in report["scores"].items():
        assert report["breakdown"][name]["total"] == total
    assert all({"turn", "player", "type"} <= set(e) for e in report["events"])
    assert report["events"][-1]["type"] == "game_end"
    assert report["winner"] == report["events"][-1]["winner"]


def test_record_replays_to_the_same_state_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "game.toml"
    report = _play(
        capsys,
        "--players",
        "4",
        "--variant",
        "remote",
        "--sheet",
        "3",
        "--seed",
        "9",
        "--record",
        str(scenario),
    )
    assert replay([str(scenario)], as_json=True) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["state_hash"] == report["state_hash"]
    assert replayed["scores"] == report["scores"] and replayed["expect"]["met"]


def test_record_as_json_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "game.json"
    report = _play(capsys, "--seed", "2", "--record", str(scenario))
    assert json.loads(scenario.read_text())["expect"]["state_hash"] == report["state_hash"]
    assert replay([str(scenario)], as_json=False) == 0


def test_same_seed_same_game_and_another_seed_another(capsys: pytest.CaptureFixture[str]) -> None:
    first = _play(capsys, "--seed", "4")
    second = _play(capsys, "--seed", "4")
    other = _play(capsys, "--seed", "5")
    assert first["state_hash"] == second["state_hash"]
    assert first["events"] == second["events"]
    assert other["state_hash"] != first["state_hash"]


def test_same_game_in_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    command = [
        sys.executable,
        "-m",
        "simulator.cli",
        "play",
        "filled-in",
        "--headless",
        "--json",
        "--players",
        "3",
        "--seed",
        "17",
    ]
    hashes = set()
    for _ in range(2):
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        hashes.add(json.loads(out.stdout)["state_hash"])
    assert len(hashes) == 1
    assert hashes == {_play(capsys, "--players", "3", "--seed", "17")["state_hash"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5", "--headless"], "for 2 to 4 players"),
        (["--players", "1", "--headless"], "for 2 to 4 players"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "filled-in", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("game", ["lots", "crazy-tower", "filled-in"])
def test_every_play_command_checks_the_seed_the_same_way(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", game, "--headless", "--seed", "-1"])
    assert stop.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.endswith("argument --seed: must be 0 to 9223372036854775807, not -1")


def test_without_headless_and_without_a_display_it_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["play", "filled-in"]) == 2  # it would open the app on a desktop
    err = capsys.readouterr().err
    assert "no display" in err and "--headless" in err and len(err.strip().splitlines()) == 1


def test_unwritable_record_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["play", "filled-in", "--headless", "--record", str(blocker / "game.toml")])
    assert code == 2
    assert "cannot write" in capsys.readouterr().err


def test_plain_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "filled-in", "--headless", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "LOTS: Filled In, 2 players, sheet 1, standard, seed 3" in out
    assert " wins " in out and "points (levels" in out and "It lasted " in out
