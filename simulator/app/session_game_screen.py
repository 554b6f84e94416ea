"""A game screen whose game a session module saves and loads (Crazy Tower's, Filled
In's): kept apart from game_screen.py so each screen module stays short."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from simulator.app.game_screen import GameScreen


class SessionGameScreen(GameScreen):
    """A game screen whose game (``self.game``) a session module saves and loads with
    ``save(game, path)``, ``load(path)`` and ``autosave_path()``."""

    session: ClassVar[Any]  # the game's session module
    game: Any

    def _write(self, path: Path) -> None:
        self.session.save(self.game, path)

    def _autosave_path(self) -> Path:
        return self.session.autosave_path()

    def _read(self, path: Path) -> Any:
        return self.session.load(path)
