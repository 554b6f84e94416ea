"""The one list of game kinds: what each is called and where its parts live.

Every part is named by import path and loaded on first use, so start-up stays cheap and
a build without a game's package simply lists fewer kinds. The CLI, ``replay``, the app,
the bots, the tuning lab and the conformance suite read this list and no other; a game
defined elsewhere (a plug-in, or the tests' own tiny game) joins with ``register``, in
the way ``gymnasium.register`` adds an environment.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class GameKind:
    """One game: its ``kind`` as scenario files name it, its title, the package under
    which its match, scenario, play and player modules live, and its rules engine."""

    kind: str
    title: str
    package: str  # e.g. "simulator.games.lots", holding match, scenario, play, ...
    engine_path: str  # "module:attribute" of the game's rules engine (rules.engine.Engine)
    modes: tuple[str, ...]

    def module(self, part: str) -> ModuleType:
        """The game's module ``part`` ("scenario", "play", "match", ...)."""
        return importlib.import_module(f"{self.package}.{part}")

    def engine(self) -> Any:
        module, _, attribute = self.engine_path.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def present(self) -> bool:
        try:
            return importlib.util.find_spec(f"{self.package}.play") is not None
        except ModuleNotFoundError:
            return False


_BUILT_IN = (
    GameKind(
        "lots", "LOTS", "simulator.games.lots", "rules.lots.engine:ENGINE", ("competitive", "solo")
    ),
    GameKind(
        "crazy-tower",
        "Crazy Tower",
        "simulator.games.crazy_tower",
        "rules.crazy_tower.engine:ENGINE",
        ("competitive", "saboteur", "solo"),
    ),
    GameKind(
        "filled-in",
        "LOTS: Filled In",
        "simulator.games.filled_in",
        "rules.filled_in.engine:ENGINE",
        ("standard", "remote"),
    ),
)


class Registry:
    """Game kinds in registration order (the built-in three first)."""

    def __init__(self, kinds: tuple[GameKind, ...]) -> None:
        self._kinds = {game.kind: game for game in kinds}

    def register(self, game: GameKind) -> None:
        if game.kind in self._kinds or game.kind == "sandbox":
            raise ValueError(f"a game of kind {game.kind!r} is registered already")
        self._kinds[game.kind] = game

    def unregister(self, kind: str) -> None:
        self._kinds.pop(kind, None)

    @contextmanager
    def registered(self, game: GameKind) -> Iterator[GameKind]:
        """``game`` registered for the block (tests register their own games this way)."""
        self.register(game)
        try:
            yield game
        finally:
            self.unregister(game.kind)

    def kinds(self) -> list[str]:
        """The kinds whose package is present in this build."""
        return [kind for kind, game in self._kinds.items() if game.present()]

    def games(self) -> list[GameKind]:
        return [self._kinds[kind] for kind in self.kinds()]

    def get(self, kind: str) -> GameKind:
        try:
            return self._kinds[kind]
        except KeyError:
            known = ", ".join(self.kinds())
            raise KeyError(f"unknown game {kind!r} (known: {known})") from None


GAMES = Registry(_BUILT_IN)


def game_kinds() -> list[str]:
    """The kinds whose package is present in this build."""
    return GAMES.kinds()


def game_module(kind: str, part: str) -> ModuleType:
    """``part`` is "scenario" (parse/run) or "play" (the CLI command)."""
    return GAMES.get(kind).module(part)
