"""`towersim replay --json` reports what docs/scenario-format.md promises, and its exit status
follows the expectations."""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from scenario_helpers import GOOD_TOML, Replay, edit

REPORT_KEYS = {
    "format", "kind", "name", "ok", "expect", "physics", "steps", "sim_seconds", "wall_ms",
    "state_hash", "bodies",
}  # fmt: skip
PHYSICS_KEYS = {
    "dt", "iterations", "collision_slop", "collision_bias", "gravity", "damping",
    "sleep_time_threshold",
}  # fmt: skip
BODY_KEYS = {"id", "start", "end", "displacement", "rotation", "moved"}

# A block whose centre is 1 cm past a table edge: it tips off.
OVER_THE_EDGE = """\
format = "towersim/1"
kind = "sandbox"
name = "over the edge"

[[static]]
id = "table"
polygon = [[-50.0, -5.0], [0.0, -5.0], [0.0, 0.0], [-50.0, 0.0]]

[[body]]
id = "block"
box = [10.0, 2.0]
at = [1.0, 1.0]

[run]
seconds = 1.5

[expect]
stands = true
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def run_json(replay: Replay, *paths: Path) -> tuple[int, Any]:
    result = replay(*paths, "--json")
    assert "Traceback" not in result.err
    return result.code, json.loads(result.out)


def assert_full_report(report: dict[str, Any]) -> None:
    assert set(report) >= REPORT_KEYS
    assert (report["format"], report["kind"]) == ("towersim/1", "sandbox")
    assert isinstance(report["name"], str) and isinstance(report["ok"], bool)
    assert set(report["expect"]) >= {"checked", "met", "failures"}
    assert isinstance(report["expect"]["failures"], list)
    assert report["ok"] == report["expect"]["met"] == (not report["expect"]["failures"])
    assert set(report["physics"]) >= PHYSICS_KEYS
    assert isinstance(report["physics"]["iterations"], int)
    assert isinstance(report["steps"], int) and report["steps"] > 0
    assert report["sim_seconds"] == pytest.approx(report["steps"] * report["physics"]["dt"])
    assert isinstance(report["wall_ms"], float) and report["wall_ms"] >= 0
    assert len(report["state_hash"]) == 64 and int(report["state_hash"], 16) >= 0
    assert report["bodies"]
    for body in report["bodies"]:
        assert set(body) >= BODY_KEYS
        for key in ("start", "end"):
            assert len(body[key]) == 3 and all(math.isfinite(v) for v in body[key])
        (x0, y0, a0), (x1, y1, a1) = body["start"], body["end"]
        assert body["displacement"] == pytest.approx(math.hypot(x1 - x0, y1 - y0))
        assert body["rotation"] == pytest.approx(a1 - a0)
        assert isinstance(body["moved"], bool)


def test_one_file_gives_one_object_with_every_key(replay: Replay, tmp_path: Path) -> None:
    code, report = run_json(replay, write(tmp_path, "good.toml", GOOD_TOML))
    assert code == 0
    assert isinstance(report, dict)
    assert_full_report(report)
    assert report["name"] == "block on a table"
    assert report["expect"] == {"checked": True, "met": True, "failures": []}
    assert [b["id"] for b in report["bodies"]] == ["top"]  # statics are not listed
    assert report["bodies"][0]["start"] == [0.0, 1.0, 0.0]
    assert report["bodies"][0]["moved"] is False
    assert report["sim_seconds"] == pytest.approx(0.5)


def test_several_files_give_an_array_in_order(replay: Replay, tmp_path: Path) -> None:
    first = write(tmp_path, "a.toml", GOOD_TOML)
    second = write(tmp_path, "b.toml", OVER_THE_EDGE)
    code, reports = run_json(replay, first, second)
    assert code == 1
    assert isinstance(reports, list) and len(reports) == 2
    assert [r["name"] for r in reports] == ["block on a table", "over the edge"]
    for report in reports:
        assert_full_report(report)


def test_an_unmet_expectation_exits_1(replay: Replay, tmp_path: Path) -> None:
    code, report = run_json(replay, write(tmp_path, "edge.toml", OVER_THE_EDGE))
    assert code == 1
    assert report["ok"] is False
    assert report["expect"]["checked"] is True and report["expect"]["met"] is False
    assert report["expect"]["failures"] == ["expected the bodies to stand, but moved: block"]
    (block,) = report["bodies"]
    assert block["moved"] is True and block["end"][1] < 0  # it fell below the table top


def test_the_text_summary_says_fail_and_why(replay: Replay, tmp_path: Path) -> None:
    path = write(tmp_path, "edge.toml", OVER_THE_EDGE)
    result = replay(path)
    assert result.code == 1 and result.err == ""
    assert result.out.startswith(f"FAIL {path}: over the edge: moved: block")
    assert "expected the bodies to stand, but moved: block" in result.out


def test_the_matching_expectation_exits_0(replay: Replay, tmp_path: Path) -> None:
    text = edit(OVER_THE_EDGE, "stands = true", 'stands = false\nmoved = ["block"]')
    code, report = run_json(replay, write(tmp_path, "edge.toml", text))
    assert code == 0
    assert report["ok"] is True and report["expect"]["met"] is True


def test_a_wrong_moved_list_exits_1(replay: Replay, tmp_path: Path) -> None:
    text = edit(GOOD_TOML, "stands = true", 'moved = ["top"]')
    code, report = run_json(replay, write(tmp_path, "s.toml", text))
    assert code == 1
    assert report["expect"]["failures"] == ["expected exactly [top] to move, but moved: []"]


def test_no_expect_runs_unchecked_and_exits_0(replay: Replay, tmp_path: Path) -> None:
    text = OVER_THE_EDGE.replace("[expect]\nstands = true\n", "")
    code, report = run_json(replay, write(tmp_path, "edge.toml", text))
    assert code == 0
    assert report["expect"] == {"checked": False, "met": True, "failures": []}
    assert report["bodies"][0]["moved"] is True


def test_equal_runs_give_equal_hashes_and_state_hash_is_checked(
    replay: Replay, tmp_path: Path
) -> None:
    path = write(tmp_path, "edge.toml", OVER_THE_EDGE.replace("stands = true", "stands = false"))
    _, first = run_json(replay, path)
    _, again = run_json(replay, path)
    assert first["state_hash"] == again["state_hash"]
    pinned = OVER_THE_EDGE.replace("stands = true", f'state_hash = "{first["state_hash"]}"')
    assert run_json(replay, write(tmp_path, "pinned.toml", pinned))[0] == 0
    wrong = OVER_THE_EDGE.replace("stands = true", f'state_hash = "{"0" * 64}"')
    code, report = run_json(replay, write(tmp_path, "wrong.toml", wrong))
    assert code == 1
    assert report["expect"]["failures"] == [
        f"expected state_hash {'0' * 64}, got {first['state_hash']}"
    ]


def test_a_different_start_gives_a_different_hash(replay: Replay, tmp_path: Path) -> None:
    _, a = run_json(replay, write(tmp_path, "a.toml", OVER_THE_EDGE))
    moved = edit(OVER_THE_EDGE, "at = [1.0, 1.0]", "at = [1.5, 1.0]")
    _, b = run_json(replay, write(tmp_path, "b.toml", moved))
    assert a["state_hash"] != b["state_hash"]


@pytest.mark.parametrize("text", [GOOD_TOML, OVER_THE_EDGE], ids=["stands", "falls"])
def test_json_and_toml_of_one_scenario_agree(replay: Replay, tmp_path: Path, text: str) -> None:
    toml_path = write(tmp_path, "scen.toml", text)
    json_path = write(tmp_path, "scen.json", json.dumps(tomllib.loads(text)))
    code, (from_toml, from_json) = run_json(replay, toml_path, json_path)
    assert from_toml["state_hash"] == from_json["state_hash"]
    assert from_toml["bodies"] == from_json["bodies"]
    assert from_toml["ok"] == from_json["ok"]
    assert code == (0 if text is GOOD_TOML else 1)


def test_physics_overrides_show_in_the_report(replay: Replay, tmp_path: Path) -> None:
    overrides: dict[str, float | int] = {
        "dt": 0.001,
        "iterations": 25,
        "collision_slop": 0.05,
        "collision_bias": 0.01,
        "gravity": 500.0,
        "damping": 0.9,
        "sleep_time_threshold": 1.0,
        "idle_speed_threshold": 0.2,
        "load_time": 0.25,
        "grip": 2,
        "rest": 2,
        "hand_model": 2,
    }
    table = "\n".join(f"{key} = {value}" for key, value in overrides.items())
    path = write(tmp_path, "p.toml", f"{GOOD_TOML}\n[physics]\n{table}\n")
    code, report = run_json(replay, path)
    assert code == 0
    settle = {"settle_speed": 0.5, "settle_hold": 0.15, "settle_cap": 10.0}  # not overridable
    assert report["physics"] == {**overrides, **settle}
    assert report["steps"] == 500  # 0.5 s at dt = 0.001


def test_a_named_profile_with_one_override(replay: Replay, tmp_path: Path) -> None:
    _, default = run_json(replay, write(tmp_path, "d.toml", GOOD_TOML))
    text = f'{GOOD_TOML}\n[physics]\nprofile = "pymunk-defaults"\ngravity = 900\n'
    code, report = run_json(replay, write(tmp_path, "p.toml", text))
    assert code == 0
    physics = report["physics"]
    assert physics["gravity"] == 900
    assert physics["dt"] == pytest.approx(1 / 60) != default["physics"]["dt"]
    assert physics["iterations"] == 10
    assert report["steps"] == 30  # 0.5 s at 1/60


def test_json_output_is_strict_json(replay: Replay, tmp_path: Path) -> None:
    result = replay(write(tmp_path, "edge.toml", OVER_THE_EDGE), "--json")

    def refuse(token: str) -> float:
        raise AssertionError(f"{token} in the report")

    json.loads(result.out, parse_constant=refuse)
