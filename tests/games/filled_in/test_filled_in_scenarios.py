"""Filled-in scenario files: the replays in scenarios/filled-in, and validation faults."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.replay import replay

ROOT = Path(__file__).parents[3]
SCENARIOS = sorted((ROOT / "scenarios" / "filled-in").glob("*.toml"))

GOOD_HEAD = """format = "towersim/1"
kind = "filled-in"
"""
SETUP = """
[setup]
players = ["Ann", "Bob"]
"""


def test_there_are_enough_replays_and_each_checks_something() -> None:
    assert len(SCENARIOS) >= 8
    for path in SCENARIOS:
        assert "[expect]" in path.read_text(), path.name


def test_every_replay_meets_its_expectations() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "replay", "--json", *map(str, SCENARIOS)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr
    reports = json.loads(out.stdout)
    assert all(r["ok"] and r["expect"]["checked"] for r in reports)


def test_replays_cover_the_rules() -> None:
    """Together the replays show every rule the issue lists at least once."""
    reports = []
    for path in SCENARIOS:
        from simulator.replay import load_scenario

        reports.append(load_scenario(path).run())
    types = {e["type"] for r in reports for e in r["events"]}
    assert types >= {
        "reroll", "draft", "place", "purple", "crew", "triangle", "tool_complete",
        "tool_missed", "level_complete", "cannot_place", "game_end", "announce", "mark",
        "refused",
    }  # fmt: skip
    assert any(r["variant"] == "remote" for r in reports)
    assert any(isinstance(r["winner"], list) for r in reports)  # a shared win
    shared = [e for r in reports for e in r["events"] if e["type"] == "triangle" and e["shared"]]
    assert len(shared) >= 2
    double = [e for r in reports for e in r["events"] if e.get("dice") == ["?", "?"]]
    assert double


def _invalid(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert replay([str(path)], as_json=False) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "needs a [setup] table"),
        ('\n[setup]\nplayers = ["Ann"]\n', "players must list 2 to 4 names"),
        ('\n[setup]\nplayers = ["Ann", "Ann"]\n', "distinct"),
        (SETUP + "sheet = 6\n", "no tower sheet 6"),
        (SETUP + "sheet = [1, 2, 3]\n", "one sheet for everybody"),
        (SETUP + "sheet = 1.5\n", "whole number"),
        (SETUP + 'variant = "solo"\n', "must be one of 'standard', 'remote'"),
        (SETUP + 'host = "Ann"\n', "only the remote variant has a host"),
        (SETUP + 'start_player = "Zed"\n', "'Zed' is not one of the players"),
        (SETUP + 'crew = ["foreman", "nobody"]\n', "unknown crew card 'nobody'"),
        (SETUP + 'colour = "red"\n', "unknown key 'colour'"),
        (SETUP + '\n[[action]]\ntype = "jump"\nplayer = "Ann"\n', "must be one of"),
        (SETUP + '\n[[action]]\ntype = "draft"\nplayer = "Zed"\ndie = 0\n', "'Zed' is not"),
        (SETUP + '\n[[action]]\ntype = "draft"\nplayer = "Ann"\n', "missing required key 'die'"),
        (
            SETUP + '\n[[action]]\ntype = "draft"\nplayer = "Ann"\ndie = -1\n',
            "die: must be from 0 to 99, not -1",
        ),
        (
            SETUP + '\n[[action]]\ntype = "roll"\nplayer = "Ann"\nfaces = [1, 2]\n',
            "list of strings",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "Z"\ncolour = "red"\n',
            "shape: must be one of",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "pink"\n',
            "colour: must be one of",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\n',
            "needs cells",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\n'
            'cells = [[0, 0], [0, "1"]]\n',
            "[row, col] pairs of whole numbers",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\n'
            "cells = [[0, 0]]\nrow = 0\n",
            "either cells or row/col",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\n'
            "row = 0\ncol = 0\nturns = 4\n",
            "0 to 3",
        ),
        (
            SETUP + '\n[[action]]\ntype = "place"\nplayer = "Ann"\nshape = "I"\ncolour = "red"\n'
            "row = 0\ncol = 0\nswap = 2\n",
            "swap: must be from 0 to 1, not 2",
        ),
        (SETUP + '\n[[action]]\ntype = "computer"\nplayer = "Ann"\n', "takes no player"),
        (
            SETUP + '\n[[action]]\ntype = "computer"\nmoves = 0\n',
            "moves: must be from 1 to 5000 decisions, not 0",
        ),
        (SETUP + '\n[expect]\nwinner = "Zed"\n', "'Zed' is not a player"),
    ],
)
def test_invalid_files_give_one_line_and_exit_2(
    tmp_path: Path, body: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _invalid(tmp_path, GOOD_HEAD + body, capsys)
    assert message in err, err


def test_the_line_of_the_fault_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD_HEAD + SETUP + '\n[[action]]\ntype = "draft"\nplayer = "Ann"\ndie = "one"\n'
    err = _invalid(tmp_path, text, capsys)
    line = text.splitlines().index('die = "one"') + 1
    assert f"bad.toml:{line}: action #1: die:" in err


def test_a_refused_action_changes_nothing(tmp_path: Path) -> None:
    from simulator.replay import load_scenario

    plain = tmp_path / "plain.toml"
    refused = tmp_path / "refused.toml"
    roll = '\n[[action]]\ntype = "roll"\nplayer = "Ann"\n'
    plain.write_text(GOOD_HEAD + SETUP + roll)
    refused.write_text(GOOD_HEAD + SETUP + roll.replace("Ann", "Bob") + roll)
    a, b = load_scenario(plain).run(), load_scenario(refused).run()
    assert a["state_hash"] == b["state_hash"]
    (event,) = [e for e in b["events"] if e["type"] == "refused"]
    assert event == {
        "turn": 1, "player": "Bob", "type": "refused", "action": 1,
        "reason": "the dice are rolled by Ann (this round's start player), not by Bob",
    }  # fmt: skip


def test_computer_moves_stop_after_the_given_count(tmp_path: Path) -> None:
    from simulator.replay import load_scenario

    path = tmp_path / "few.toml"
    path.write_text(GOOD_HEAD + SETUP + '\n[[action]]\ntype = "computer"\nmoves = 3\n')
    report = load_scenario(path).run()
    kinds = [e["type"] for e in report["events"] if e["type"] in ("roll", "draft")]
    assert kinds == ["roll", "draft", "draft"] and not report["over"]
