"""What the start screen (or ``towersim app``'s options) decides before a game opens.

Every game screen module offers ``open_screen(setup) -> screen`` and
``load_screen(path) -> screen``; the window shows whichever screen it is given
(``AppWindow.show``), so the start screen knows no game's internals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine import Parameter
from simulator.games.parameters import menu, parameter_of
from simulator.games.registry import GAMES as REGISTRY

COMPUTER_PREFIX = "Computer"  # a seat whose name starts so is played by the computer
HUMAN = "human"  # a seat's controller; anything else is a bot level (simulator.bots.levels)


@dataclass(frozen=True)
class Seat:
    name: str
    controller: str = HUMAN  # "human" or a bot level: random, easy, normal, hard, expert

    @property
    def human(self) -> bool:
        return self.controller == HUMAN


def app_games() -> tuple[str, ...]:
    """The games the app offers: the registered ones with a screen, as registered now (a
    game registered or unregistered later is seen at the next call)."""
    return tuple(game.kind for game in REGISTRY.games() if game.screen is not None)


def game_title(kind: str) -> str:
    return REGISTRY.get(kind).title


def everyday(game: str, mode: str) -> list[Parameter]:
    """The game's options the start screen and ``towersim app`` offer in ``mode``."""
    return menu(REGISTRY.get(game).parameters, mode)


@dataclass(frozen=True)
class GameSetup:
    game: str  # one of app_games()
    seats: tuple[Seat, ...]
    seed: int = 0
    mode: str = ""  # one of the game's engine's modes; "": its first
    # the game's own options, by parameter name (rules.engine.Parameter); one not given
    # is its parameter's default (None: the rules decide)
    settings: Mapping[str, Any] = field(default_factory=dict)
    dexterity: str | None = None  # the human hand's profile (assets/dexterity); None: exact
    undo_accidents: bool = True  # the table's fair-play option (simulator/app/table_rules.py)
    extra: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", self.mode or REGISTRY.get(self.game).modes[0])
        object.__setattr__(self, "settings", dict(self.settings))  # a copy of its own

    def setting(self, name: str) -> Any:
        """The option ``name``: as set up, else its parameter's default."""
        if name in self.settings:
            return self.settings[name]
        game = REGISTRY.get(self.game)
        return parameter_of(game.parameters, name, game.title).default

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def humans(self) -> set[str]:
        """The players at this desk, by name."""
        return {seat.name for seat in self.seats if seat.human}

    @property
    def computers(self) -> dict[str, str]:
        """The computer seats, by player name: their levels."""
        return {seat.name: seat.controller for seat in self.seats if not seat.human}
