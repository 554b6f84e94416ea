"""A plug-in whose game offers a command named like a built-in one (``replay``): the CLI
refuses it in one line (tests/games/test_registry.py)."""

from __future__ import annotations

from dataclasses import replace

from tests.games.tiny import GAME as TINY

GAME = replace(
    TINY, kind="clash", title="Clash", commands={"replay": "simulator.games.filled_in.sheet"}
)
