"""Where the app keeps saves and autosaves, for every game."""

from __future__ import annotations

from pathlib import Path

from simulator.files import towersim_home


def save_dir() -> Path:
    """Where autosaves and saves go: the towersim home ($TOWERSIM_HOME, else ~/.towersim)."""
    return towersim_home()


def autosave_path(game: str) -> Path:
    """Where a game's autosave goes (one a game, so no two overwrite each other)."""
    return save_dir() / f"autosave-{game}.toml"
