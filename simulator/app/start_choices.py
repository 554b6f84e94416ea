"""What the start screen is set to, and the rules for changing it (no drawing here).

Kept apart from the screen so the choices can be tested without a window: the player
counts each game and mode allow come from the rules, never from the screen.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from rules.engine import Parameter
from simulator.app.setup import HUMAN, REGISTRY, GameSetup, Seat, app_games, everyday, game_title
from simulator.bots.levels import LEVEL_NAMES
from simulator.games.parameters import parameter_of
from simulator.names import names_problem

CONTROLLERS = (HUMAN, *LEVEL_NAMES)
MAX_NAME = 16
MAX_SEED = 2**63 - 1


def modes(game: str) -> tuple[str, ...]:
    """The game's modes, as its rules engine names them (Filled In: its variants)."""
    return REGISTRY.get(game).modes


def player_counts(game: str, mode: str) -> tuple[int, ...]:
    return tuple(REGISTRY.get(game).load("engine").player_counts(mode))


def default_name(seat: int, controller: str) -> str:
    return (
        "You"
        if controller == HUMAN and seat == 0
        else f"{'Player' if controller == HUMAN else 'Computer'} {seat + 1}"
    )


@dataclass
class StartChoices:
    game: str = field(default_factory=lambda: app_games()[0])
    mode: str = ""  # "": the game's first
    seats: list[Seat] = field(default_factory=lambda: [Seat("You"), Seat("Computer 2", "normal")])
    # the options chosen, by (game, parameter name); the others are their defaults
    chosen: dict[tuple[str, str], Any] = field(default_factory=dict)
    seed: int = 0
    dexterity: str | None = None  # the human hand; None: exactly where the mouse is

    def __post_init__(self) -> None:
        self.mode = self.mode or modes(self.game)[0]

    def options(self) -> list[Parameter]:
        """The chosen game's everyday options in the chosen mode (the start screen's)."""
        return everyday(self.game, self.mode)

    def setting(self, name: str) -> Any:
        parameter = self._parameter(name)
        return self.chosen.get((self.game, name), parameter.default)

    def choose_setting(self, name: str, value: Any) -> None:
        """Set an option of the chosen game; ValueError naming what it allows."""
        self._parameter(name).check(value, game_title(self.game))
        self.chosen[(self.game, name)] = value

    def step_setting(self, name: str, step: int) -> None:
        """One value on (or back) in the option's values, stopping at either end."""
        values = self._parameter(name).values() or ()
        if self.setting(name) in values:
            at = values.index(self.setting(name)) + step
            self.chosen[(self.game, name)] = values[min(max(at, 0), len(values) - 1)]

    def _parameter(self, name: str) -> Parameter:
        return parameter_of(REGISTRY.get(self.game).parameters, name, game_title(self.game))

    def choose_game(self, game: str) -> None:
        if game not in app_games():
            raise ValueError(f"unknown game {game!r}")
        self.game = game
        self.mode = modes(game)[0]
        self._fit_seats()

    def choose_mode(self, mode: str) -> None:
        if mode not in modes(self.game):
            raise ValueError(f"{game_title(self.game)} has no mode {mode!r}")
        self.mode = mode
        self._fit_seats()

    def add_seat(self) -> bool:
        """One more computer player, if the game and mode allow it."""
        if len(self.seats) >= max(player_counts(self.game, self.mode)):
            return False
        seat = len(self.seats)
        self.seats.append(Seat(default_name(seat, "normal"), "normal"))
        return True

    def remove_seat(self, index: int) -> bool:
        if len(self.seats) <= min(player_counts(self.game, self.mode)):
            return False
        del self.seats[index]
        return True

    def cycle_controller(self, index: int) -> None:
        seat = self.seats[index]
        following = CONTROLLERS[(CONTROLLERS.index(seat.controller) + 1) % len(CONTROLLERS)]
        name = seat.name
        if name == default_name(index, seat.controller):  # keep a name the user typed
            name = default_name(index, following)
        self.seats[index] = replace(seat, controller=following, name=name)

    def rename(self, index: int, name: str) -> None:
        self.seats[index] = replace(self.seats[index], name=name[:MAX_NAME])

    def problem(self) -> str | None:
        """Why these choices cannot start a game, or None."""
        names = [_cleaned(seat.name) for seat in self.seats]
        if any(not name for name in names):
            return "every player needs a name"
        problem = names_problem(names)  # the rule the saved game is read back with
        if problem:
            return problem
        if len(names) not in player_counts(self.game, self.mode):
            counts = player_counts(self.game, self.mode)
            fits = ", ".join(map(str, counts)) + (" players" if counts != (1,) else " player")
            return f"{game_title(self.game)} {self.mode} is for {fits}"
        if not 0 <= self.seed <= MAX_SEED:
            return "the seed must be a whole number from 0"
        return None

    def setup(self) -> GameSetup:
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        seats = tuple(replace(s, name=_cleaned(s.name)) for s in self.seats)
        return GameSetup(
            game=self.game,
            seats=seats,
            seed=self.seed,
            mode=self.mode,
            settings={p.name: self.setting(p.name) for p in self.options()},
            dexterity=self.dexterity if REGISTRY.get(self.game).hands else None,
        )

    def _fit_seats(self) -> None:
        counts = player_counts(self.game, self.mode)
        while len(self.seats) > max(counts):
            self.seats.pop()
        while len(self.seats) < min(counts):
            self.add_seat()


def _cleaned(name: str) -> str:
    """A typed name as a game holds it: without surrounding spaces, in NFC."""
    return unicodedata.normalize("NFC", name.strip())
