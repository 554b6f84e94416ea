"""Where the app keeps saves and autosaves, for every game."""

from __future__ import annotations

import os
from pathlib import Path


def save_dir() -> Path:
    """Where autosaves and saves go: $TOWERSIM_HOME, else ~/.towersim."""
    return Path(os.environ.get("TOWERSIM_HOME") or Path.home() / ".towersim")


def autosave_path(game: str) -> Path:
    """Where a game's autosave goes (one a game, so no two overwrite each other)."""
    return save_dir() / f"autosave-{game}.toml"
