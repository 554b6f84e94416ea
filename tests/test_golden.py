"""Golden state hashes: every shipped scenario, every golden recording, and the headless
games that made them reach exactly the state they reached when the hashes were written
(``scripts/make_golden.py``). A change meant to keep behaviour must keep every one."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from simulator.cli import main
from simulator.tuning.calibrate import KNOWN_MISSES

ROOT = Path(__file__).parents[1]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "hashes.json").read_text())


def _run(argv: list[str], failing: bool = False) -> dict[str, Any]:
    """The --json report; ``failing``: a calibration case the default is known to get
    wrong (its expectation fails, exit 1), whose state is guarded all the same."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    assert code == (1 if failing else 0), f"towersim {' '.join(argv)} exited {code}"
    return json.loads(out.getvalue())


def test_every_shipped_scenario_is_guarded() -> None:
    shipped = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "scenarios").rglob("*")
        if p.suffix in (".toml", ".json") and p.parent.name not in ("experiments", "sheets")
    }
    assert shipped == set(GOLDEN["scenarios"])


@pytest.mark.parametrize("name", sorted(GOLDEN["scenarios"]))
def test_a_shipped_scenario_replays_to_its_golden_hash(name: str) -> None:
    known_miss = name.removeprefix("scenarios/").removesuffix(".toml") in KNOWN_MISSES
    report = _run(["replay", "--json", str(ROOT / name)], failing=known_miss)
    assert report["state_hash"] == GOLDEN["scenarios"][name]


@pytest.mark.parametrize("name", sorted(GOLDEN["games"]))
def test_a_golden_recording_replays_to_its_hash(name: str) -> None:
    path = ROOT / "tests" / "golden" / "games" / f"{name}.toml"
    assert _run(["replay", "--json", str(path)])["state_hash"] == GOLDEN["games"][name]


@pytest.mark.parametrize("name", sorted(GOLDEN["games_args"]))
def test_a_headless_game_plays_to_its_golden_hash(name: str) -> None:
    """The bots decide afresh: their choices, not only the physics, are guarded."""
    args = GOLDEN["games_args"][name]
    assert _run(["play", *args, "--headless", "--json"])["state_hash"] == GOLDEN["games"][name]
