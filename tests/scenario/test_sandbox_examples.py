"""The example sandbox scenarios in scenarios/sandbox/ all run and meet their [expect]."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from scenario_helpers import Replay, edit

SANDBOX = Path(__file__).parents[2] / "scenarios" / "sandbox"
EXAMPLES = sorted(SANDBOX.glob("*.toml"))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_meets_its_expectations(replay: Replay, path: Path) -> None:
    result = replay(path, "--json")
    assert (result.code, result.err) == (0, "")
    report = json.loads(result.out)
    assert report["ok"] is True
    assert report["expect"]["checked"] is True  # every example states what must happen
    assert report["name"] == tomllib.loads(path.read_text())["name"]


def test_all_examples_in_one_batch(replay: Replay) -> None:
    result = replay(*EXAMPLES, "--json")
    assert result.code == 0
    assert len(json.loads(result.out)) == len(EXAMPLES)


def test_edge_examples_differ_only_in_where_the_block_is() -> None:
    stands = tomllib.loads((SANDBOX / "edge-block-stands.toml").read_text())
    falls = tomllib.loads((SANDBOX / "edge-block-falls.toml").read_text())
    assert stands["static"] == falls["static"]
    assert stands["body"][0]["box"] == falls["body"][0]["box"]
    assert stands["body"][0]["at"][0] < 0 < falls["body"][0]["at"][0]


def test_the_careless_path_is_what_knocks_the_cube(replay: Replay, tmp_path: Path) -> None:
    """Without its low travel_height the same placement leaves the cube standing."""
    text = (SANDBOX / "careless-hand.toml").read_text()
    careful = tmp_path / "careful.toml"
    careful.write_text(edit(text, "travel_height = 6.0\n", ""))
    result = replay(careful, "--json")
    assert result.code == 1  # its expect (the cube moved) is no longer met
    report = json.loads(result.out)
    assert not any(b["moved"] for b in report["bodies"])
