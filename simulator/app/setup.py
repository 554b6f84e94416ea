"""What the start screen (or ``towersim app``'s options) decides before a game opens.

Every game screen module offers ``open_screen(setup) -> screen`` and
``load_screen(path) -> screen``; the window shows whichever screen it is given
(``AppWindow.show``), so the start screen knows no game's internals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simulator.games.registry import GAMES as REGISTRY

# The games the app offers: the registered ones with a screen (read once, when the app
# is imported; the CLI registers plug-in games before that).
GAMES = tuple(game.kind for game in REGISTRY.games() if game.screen is not None)
COMPUTER_PREFIX = "Computer"  # a seat whose name starts so is played by the computer
HUMAN = "human"  # a seat's controller; anything else is a bot level (simulator.bots.levels)


@dataclass(frozen=True)
class Seat:
    name: str
    controller: str = HUMAN  # "human" or a bot level: random, easy, normal, hard

    @property
    def human(self) -> bool:
        return self.controller == HUMAN


@dataclass(frozen=True)
class GameSetup:
    game: str  # one of GAMES
    seats: tuple[Seat, ...]
    seed: int = 0
    mode: str = "competitive"  # LOTS: competitive | solo; Crazy Tower: + saboteur
    footprint: str = "1A"  # LOTS
    challenge: int | None = None  # Crazy Tower solo challenge 1-20
    sheet: int = 1  # Filled In tower sheet
    variant: str = "standard"  # Filled In rules variant
    dexterity: str | None = None  # the human hand's profile (assets/dexterity); None: exact
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def humans(self) -> set[int]:
        return {i for i, seat in enumerate(self.seats) if seat.human}

    @property
    def bot_levels(self) -> dict[int, str]:
        return {i: seat.controller for i, seat in enumerate(self.seats) if not seat.human}
