"""A tournament: one game and mode, the configurations crossed, the seats, and how many
seeded games each configuration plays. It expands into ``GameSpec``s, each exactly one
``towersim play GAME --headless ...`` command line."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.engine import Parameter
from simulator.bots.levels import LEVELS
from simulator.games.parameters import menu
from simulator.games.registry import GAMES

FORMAT = "towersim-lab/1"


@dataclass(frozen=True)
class Axis:
    """A configuration a tournament may cross, one of a game's everyday parameters
    (``menu``): ``footprints = ["1A", "1B"]`` in a file, ``--footprints 1A,1B`` on the
    command line, ``--footprint 1A`` for ``towersim play``; "all" means every value the
    parameter allows."""

    parameter: Parameter

    @property
    def plural(self) -> str:
        """The tournament's key."""
        return f"{self.parameter.name}s"

    @property
    def option(self) -> str:
        """The parameter's name: the key in a record's config."""
        return self.parameter.name


def axes(kinds: Iterable[str]) -> list[Axis]:
    """The axes the games ``kinds`` offer, each name once (as the first game has it)."""
    out: dict[str, Axis] = {}
    for kind in kinds:
        for parameter in menu(GAMES.get(kind).load("engine").parameters):
            out.setdefault(parameter.name, Axis(parameter))
    return list(out.values())


@dataclass(frozen=True)
class Seat:
    level: str  # a bot level (simulator/bots/levels.py)
    hand: str | None = None  # a dexterity profile; None: the level's own

    def effective_hand(self, game_has_hands: bool) -> str | None:
        """The hand this seat plays with: None for the random player (it has none) and
        for a game played without hands (Filled In)."""
        if not game_has_hands or self.level == "random":
            return None
        return self.hand or LEVELS[self.level].dexterity

    def describe(self) -> str:
        return f"{self.level}:{self.hand}" if self.hand else self.level


@dataclass(frozen=True)
class Tournament:
    name: str
    game: str  # a kind of the games registry
    mode: str  # one of the game's modes (its engine's)
    seats: tuple[Seat, ...]
    games: int  # seeded games per configuration
    seed: int  # the first game's seed; a configuration's game i has seed + i
    configs: dict[str, list[Any]] = field(default_factory=dict)  # option -> values

    def cells(self) -> list[dict[str, Any]]:
        """Every combination of the crossed configurations, in the order given."""
        cells: list[dict[str, Any]] = [{}]
        for option, values in self.configs.items():
            cells = [{**cell, option: value} for cell in cells for value in values]
        return cells

    def hand(self) -> str | None:
        """The one --hand of the play command: the hand the seats name (checked equal)."""
        return next((s.hand for s in self.seats if s.hand), None)

    def specs(self) -> list[GameSpec]:
        """Every game, configuration by configuration, seed by seed."""
        return [
            GameSpec(self.name, self.game, self.mode, cell, self.seats, self.seed + i, self.hand())
            for cell in self.cells()
            for i in range(self.games)
        ]


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament: everything ``towersim play`` needs to play it."""

    tournament: str
    game: str
    mode: str
    config: dict[str, Any]
    seats: tuple[Seat, ...]
    seed: int
    hand: str | None

    @property
    def key(self) -> str:
        """What the game is, hashed: equal keys are the same game, bit for bit, whatever
        tournament (or run of it) asked for it."""
        what = {
            "game": self.game,
            "mode": self.mode,
            "config": self.config,
            "seats": [[s.level, s.hand] for s in self.seats],
            "seed": self.seed,
        }
        text = json.dumps(what, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:20]
