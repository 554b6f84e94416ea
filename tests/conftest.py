"""Shared fixtures: worlds built from the real assets and the default profile."""

from __future__ import annotations

import pytest

from simulator.physics.materials import materials
from simulator.physics.profile import load_profile
from simulator.physics.world import World


@pytest.fixture
def world() -> World:
    """An empty world with a felt table whose top is y = 0, from x = -60 to 60."""
    w = World(load_profile())
    w.add_static(
        "table", [[(-60, -5), (60, -5), (60, 0), (-60, 0)]], materials()["felt"], is_table=True
    )
    return w
