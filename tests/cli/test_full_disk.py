"""Every command that writes files, run with a disk that takes only a few bytes of any
file: one line saying which file could not be written, the command's documented exit
status, no traceback and no part of a file left behind."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.full_disk import ROOT, no_partial_files, run_full

LIMIT = 300  # bytes of any one file
BENCH = ["--tasks", "would-it-stand", "--hands", "surgeon", "--episodes", "1"]
GAME = ["--game", "filled-in", "--seats", "random,random", "--games", "2"]
EXPERIMENT = """format = "towersim-experiment/1"
name = "tiny"

[[param]]
name = "material.wood.friction"
values = [0.67]

[[lots_game]]
games = 1
players = 2
decisions = 2
"""

COMMANDS = {
    "play --record": (["play", "filled-in", "--headless", "--record", "game.toml"], "game.toml"),
    "replay --png": (["replay", "scenario.toml", "--png", "final.png"], "final.png"),
    "demo --png": (["demo", "--pieces", "1", "--headless", "--png", "demo.png"], "demo.png"),
    "sheet print": (["sheet", "print", "1", "--out", "sheet.png"], "sheet.png"),
    "sheet stand": (["sheet", "stand", "scenario.toml", "--out", "stand.png"], "stand.png"),
    "tune": (["tune", "tiny.toml", "--workers", "1", "--out", "tuned"], "tuned/results.jsonl"),
    "lab run": (["lab", "run", *GAME, "--out", "lab"], "lab/results.jsonl"),
    "lab report": (["lab", "report", "results", "--out", "report"], "report/"),
    "lab fork --record": (["lab", "fork", "RECORDING", "--at", "1", "--record", "forks"], "forks/"),
    "bench": (
        ["bench", "random", *BENCH, "--out", "bench"],
        "bench/results.json",
    ),
    "lab run --record": (["lab", "run", *GAME, "--out", "lab", "--record"], "lab/games/"),
}


def _prepare(folder: Path) -> None:
    shutil.copy(ROOT / "scenarios" / "filled-in" / "draft-order.toml", folder / "scenario.toml")
    (folder / "tiny.toml").write_text(EXPERIMENT)
    played = run_full(["lab", "run", *GAME, "--out", "results", "--record"], 10**7, folder)
    assert played.returncode == 0, played.stderr


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_command_on_a_full_disk_says_which_file_in_one_line_and_exits_2(tmp_path, command):
    argv, written = COMMANDS[command]
    _prepare(tmp_path)
    recording = min((tmp_path / "results" / "games").glob("*.toml"))
    argv = [str(recording) if arg == "RECORDING" else arg for arg in argv]
    ran = run_full(argv, LIMIT, tmp_path)
    err = ran.stderr.strip()
    assert ran.returncode == 2, err
    assert "Traceback" not in err and "cannot write" in err
    line = err.splitlines()[-1]
    assert f"cannot write {written}" in line and "File too large" in line, line
    assert no_partial_files(tmp_path) == []
    for path in tmp_path.rglob("*"):  # whatever was written is whole: never a torn file
        if path.suffix == ".png":
            assert path.read_bytes().startswith(b"\x89PNG")
        if path.suffix == ".jsonl":
            assert all(json.loads(line) for line in path.read_text().splitlines())


def test_the_lab_on_a_full_disk_prints_its_json_summary_with_the_unwritable_outcome(tmp_path):
    ran = run_full(["lab", "run", *GAME, "--out", "lab", "--json"], LIMIT, tmp_path)
    assert ran.returncode == 2 and "Traceback" not in ran.stderr
    summary = json.loads(ran.stdout)
    assert summary["outcome"] == "unwritable" and summary["played"] == 0
    assert ran.stderr.strip() == "towersim lab run: cannot write lab/results.jsonl: File too large"


def test_the_lab_keeps_the_records_that_fitted_and_resumes_once_the_disk_has_room(tmp_path):
    measured = run_full(["lab", "run", *GAME, "--out", "measured"], 10**7, tmp_path)
    assert measured.returncode == 0
    first = len((tmp_path / "measured" / "results.jsonl").read_text().splitlines()[0])
    one_record = first + 40  # the second record does not fit whole
    ran = run_full(["lab", "run", *GAME, "--out", "lab", "--json"], one_record, tmp_path)
    summary = json.loads(ran.stdout)
    assert ran.returncode == 2 and summary["outcome"] == "unwritable"
    kept = (tmp_path / "lab" / "results.jsonl").read_text().splitlines()
    assert len(kept) == summary["played"] == 1
    again = run_full(["lab", "run", *GAME, "--out", "lab", "--json"], 10**7, tmp_path)
    resumed = json.loads(again.stdout)
    assert again.returncode == 0 and resumed["already_stored"] == 1 and resumed["played"] == 1
