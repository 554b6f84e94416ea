"""``towersim hand fitts``: its JSON, its table, and one line for bad input."""

from __future__ import annotations

import json

import pytest

from simulator.cli import main

KEYS = {"profile", "a_s", "b_s_per_bit", "r2", "throughput_bits_s", "endpoint_sd_cm", "rows"}


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["hand", "fitts", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_json_has_exactly_the_issue_keys(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "--profile", "p50")
    assert set(report) == KEYS
    assert report["profile"] == "p50"
    rows = report["rows"]
    assert len(rows) >= 6 and all(row["trials"] == 25 for row in rows)
    ids = [row["id_bits"] for row in rows]
    assert ids == sorted(ids) and ids[0] == 1.0 and ids[-1] >= 6.0
    assert {"mt_s", "we_cm", "ide_bits", "throughput_bits_s"} <= set(rows[0])
    assert 3.7 <= report["throughput_bits_s"] <= 4.9


def test_a_seed_replays_and_another_differs(capsys: pytest.CaptureFixture[str]) -> None:
    first = _json(capsys, "--seed", "5")
    assert _json(capsys, "--seed", "5") == first
    assert _json(capsys, "--seed", "6") != first


@pytest.mark.parametrize(("old", "new"), [("surgeon", "braced"), ("shaky", "older")])
def test_an_old_name_runs_its_new_hand(
    capsys: pytest.CaptureFixture[str], old: str, new: str
) -> None:
    assert _json(capsys, "--profile", old) == _json(capsys, "--profile", new)
    assert main(["hand", "fitts", "--profile", old]) == 0
    assert f"hand {old} (now {new})" in capsys.readouterr().out


def test_the_table_names_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "fitts", "--profile", "p90"]) == 0
    out = capsys.readouterr().out
    for said in ("MT s", "We cm", "IDe bits", "fit: MT =", "R^2", "throughput:", "effective width"):
        assert said in out


def test_hurry_reports_the_spread(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "fitts", "--hurry", "2"]) == 0
    out = capsys.readouterr().out
    assert "at 2 times its own pace" in out
    assert "spread at 2 times the pace: endpoint SD" in out
    hurried, calm = _json(capsys, "--hurry", "2"), _json(capsys)
    assert hurried["endpoint_sd_cm"] >= 1.5 * calm["endpoint_sd_cm"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--profile", "nobody"], "towersim hand fitts: unknown hand 'nobody' (known: p10"),
        (["--hurry", "fast"], "towersim hand fitts: --hurry must be a number from 0.1 to 10"),
        (["--hurry", "0"], "towersim hand fitts: --hurry must be a number from 0.1 to 10"),
        (["--hurry", "nan"], "towersim hand fitts: --hurry must be a number from 0.1 to 10"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(["hand", "fitts", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(said) and captured.err.count("\n") == 1


@pytest.mark.parametrize("command", [["hand"], ["hand", "fitts"]])
def test_the_hand_commands_have_help(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: towersim hand" in capsys.readouterr().out
