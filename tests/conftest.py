"""Shared fixtures: worlds built from the real assets and the default profile; and
Tiny Tower, the test-only fourth game, registered for the whole session."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from simulator.games.registry import GAMES
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


# Registered before collection, not by a fixture: the conformance suite and the match
# contract tests parametrise over the registered kinds as they are collected. A test
# running the CLI in a subprocess names the game there with TOWERSIM_GAMES.
_SESSION = ExitStack()


def pytest_configure(config: pytest.Config) -> None:
    from tests.games.tiny import GAME

    _SESSION.enter_context(GAMES.registered(GAME))


def pytest_unconfigure(config: pytest.Config) -> None:
    _SESSION.close()
