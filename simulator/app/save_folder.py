"""Where the app keeps saves and autosaves, for every game."""

from __future__ import annotations

from pathlib import Path

from simulator.user_folders import data_dir


def save_dir() -> Path:
    """Where autosaves and saves go: the user data folder (simulator/user_folders.py)."""
    return data_dir()


def autosave_path(game: str) -> Path:
    """Where a game's autosave goes (one a game, so no two overwrite each other)."""
    return save_dir() / f"autosave-{game}.toml"
