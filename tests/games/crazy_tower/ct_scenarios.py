"""Crazy Tower scenario files written by a test, to be refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.replay import load_scenario
from simulator.scenario.errors import ScenarioError


def refusal(folder: Path, *, actions: str = "", setup: str = "") -> str:
    """The message a scenario of Ann and Bob is refused with (it must be one line):
    ``actions`` its action list's entries, ``setup`` more of its [setup] tables."""
    path = folder / "bad.toml"
    action = f"action = [{actions}]\n" if actions else ""
    path.write_text(
        f'format = "towersim/1"\nkind = "crazy-tower"\n{action}'
        f'[setup]\nplayers = ["Ann", "Bob"]\n{setup}'
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert "\n" not in message
    return message
