"""App tests draw for real, headless through EGL (pyglet is set headless before any
window exists). The real-window test runs its app in a subprocess under Xvfb."""

from __future__ import annotations

import sys

import pytest

if "pyglet.window" not in sys.modules:
    import pyglet

    pyglet.options["headless"] = True


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    # Autosaves must not land in the tester's home.
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path / "home"))
