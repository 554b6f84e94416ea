"""Who plays which Crazy Tower seat in the app: the people at this desk, and computers
through the one seat driver (simulator/games/computer_seat.py), each seat made and
seeded by the registry entry's ``Computers.seat_for``, as every computer seat is. No
pyglet."""

from __future__ import annotations

from typing import Any

from simulator.app.crazy_tower.session import Game
from simulator.app.setup import HUMAN
from simulator.games.computer_seat import ComputerSeat, computers_of


class Seats:
    """``game``'s seats, its ``players`` in seating order (``game.controllers`` says who
    plays each: "human" or a computer's level)."""

    def __init__(self, game: Game, players: list[str]) -> None:
        self.game, self.players = game, players
        computers = computers_of(game.match)
        self.seats: dict[str, ComputerSeat] = {
            name: computers.seat_for(game.match, name, level, game.seed)
            for name, level in zip(players, game.controllers, strict=True)
            if level != HUMAN
        }

    @property
    def computers(self) -> dict[str, Any]:
        """Name -> the player deciding that computer seat's moves now."""
        return {name: seat.player for name, seat in self.seats.items()}

    def humans(self) -> list[str]:
        controllers = self.game.controllers
        return [p for p, c in zip(self.players, controllers, strict=True) if c == HUMAN]

    def record_levels(self) -> None:
        """Copy the seats' levels (a hand-over's random player) to the game, whose save
        and panel read them there."""
        for name, seat in self.seats.items():
            self.game.controllers[self.players.index(name)] = str(seat.level)
