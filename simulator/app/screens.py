"""Which screen plays which game, and opening files from the app.

Each game's screen module (its registry part ``screen``) offers ``open_screen(setup)``
and ``load_screen(path)``; modules are imported when first used, so the start screen
loads no game it does not open.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from simulator.app.settings import settings_path
from simulator.app.setup import REGISTRY, GameSetup, app_games
from simulator.app.watch import ReplayViewer
from simulator.replay import film_caption, film_moves, load_scenario
from simulator.scenario.errors import ScenarioError

if TYPE_CHECKING:
    from simulator.app.game_screen import GameScreen


def open_game(setup: GameSetup) -> GameScreen:
    screen: GameScreen = REGISTRY.get(setup.game).load("screen").open_screen(setup)
    screen.undo_accidents = setup.undo_accidents  # the table's option, every game's alike
    return screen


def file_kind(path: Path) -> str:
    """The kind of a scenario or save file; ScenarioError (one line) if it is bad."""
    return load_scenario(path).kind


def load_game(path: Path) -> GameScreen:
    """A game screen continuing a saved game (or any game scenario) from ``path``."""
    kind = file_kind(path)
    if kind not in app_games():
        raise ScenarioError(str(path), f"a {kind} scenario is not a game to play on: watch it")
    return REGISTRY.get(kind).load("screen").load_screen(path)


def watch_file(path: Path) -> ReplayViewer:
    """The replay viewer on the run of ``path`` (as ``replay --watch``); ScenarioError (one
    line) for a bad file."""
    filmed = film_moves(str(path))
    return ReplayViewer(filmed, film_caption(filmed.report, str(path)))


def recent_files(folder: Path, limit: int = 6) -> list[Path]:
    """The newest .toml files in the saves folder (autosaves and saves), newest first;
    never the settings, which share the folder when one folder holds everything
    (``$TOWERSIM_HOME``, an older version's ``~/.towersim``)."""
    settings_file = settings_path()
    try:
        found = [p for p in folder.glob("*.toml") if p.is_file() and p != settings_file]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
