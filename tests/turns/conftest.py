"""Turn controllers are tested as plain Python: no window, no GL, no pyglet."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    # A controller autosaves as the screen does: never into the tester's home.
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path / "home"))
