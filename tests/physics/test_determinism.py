"""The same scenario in two processes gives the same state hash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]

HAND_SCENARIO = """
format = "towersim/1"
kind = "sandbox"
name = "two placements by the hand on a block"

[[static]]
id = "table"
polygon = [[-40, -2], [40, -2], [40, 0], [-40, 0]]
material = "felt"

[[body]]
id = "base"
box = [7.5, 2.5]
at = [0, 1.25]

[[place]]
id = "t"
piece = "lots-T"
x = 0.5
angle = 180

[[place]]
id = "s"
piece = "lots-S"
mirror = true
x = -1.0
angle = 90

[run]
seconds = 1.5
"""


def _hash_in_new_process(path: Path) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "replay", "--json", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)["state_hash"]


def test_same_scenario_same_hash_across_processes(tmp_path: Path) -> None:
    scenario = tmp_path / "hand.toml"
    scenario.write_text(HAND_SCENARIO)
    first = _hash_in_new_process(scenario)
    second = _hash_in_new_process(scenario)
    assert first == second
    assert len(first) == 64


def test_a_calibration_case_hashes_alike_across_processes() -> None:
    case = ROOT / "scenarios" / "calibration" / "harmonic-08-falls.toml"
    assert _hash_in_new_process(case) == _hash_in_new_process(case)


def test_demo_is_deterministic_for_a_seed_and_differs_across_seeds() -> None:
    from simulator.demo import demo_report

    a = demo_report(5, 3, "2A")
    b = demo_report(5, 3, "2A")
    c = demo_report(5, 4, "2A")
    assert a["state_hash"] == b["state_hash"]
    assert a["state_hash"] != c["state_hash"]
