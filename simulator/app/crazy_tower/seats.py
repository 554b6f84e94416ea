"""Who plays which Crazy Tower seat in the app: the people at this desk, and computers
through the one seat driver (simulator/games/computer_seat.py), each seat's player made
by the registry entry's ``Computers`` and seeded as ``towersim play crazy-tower`` seeds
it. No pyglet."""

from __future__ import annotations

from typing import Any

from simulator.app.crazy_tower.session import Game
from simulator.app.setup import HUMAN
from simulator.games.computer_seat import FALLBACK, ComputerSeat, computers_of
from simulator.seeds import seat_seed, takeover_seed


class Seats:
    """``game``'s seats, its ``players`` in seating order (``game.controllers`` says who
    plays each: "human" or a computer's level)."""

    def __init__(self, game: Game, players: list[str]) -> None:
        self.game, self.players = game, players
        self.seats = {
            name: self._seat(index, name, level)
            for index, (name, level) in enumerate(zip(players, game.controllers, strict=True))
            if level != HUMAN
        }
        # What each seat's player decides with now (the screen's worker asks it).
        self.computers: dict[str, Any] = {name: seat.player for name, seat in self.seats.items()}

    def humans(self) -> list[str]:
        controllers = self.game.controllers
        return [p for p, c in zip(self.players, controllers, strict=True) if c == HUMAN]

    def _seat(self, index: int, name: str, level: str) -> ComputerSeat:
        match = self.game.match

        # The random player that takes a failed seat over is seeded by the game's seed
        # and the moves made so far, as the app always seeded it.
        def takeover() -> int:
            return takeover_seed(self.game.seed, match.action_count)

        seed = seat_seed(self.game.seed, index)
        return computers_of(match).seat(name, level, seed, takeover)

    def hand_over(self, name: str) -> bool:
        """A failed computer's seat goes to the random player; False if it was that
        already."""
        if not self.seats[name].hand_over():
            return False
        self.computers[name] = self.seats[name].player
        self.game.controllers[self.players.index(name)] = FALLBACK  # the save says so
        return True
