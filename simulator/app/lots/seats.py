"""Who plays which LOTS seat in the app, by player name: the people at this desk, and
the computers, each a seat of the one seat driver (simulator/games/computer_seat.py)
seeded as ``towersim play lots`` seeds them. No pyglet."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from simulator.app.lots.material import KIND
from simulator.app.setup import COMPUTER_PREFIX
from simulator.games.computer_seat import Computers, ComputerSeat
from simulator.games.registry import GAMES
from simulator.seeds import seat_seed


def seats_from(
    players: list[str], computers: Mapping[str, str] | None
) -> tuple[set[str], dict[str, str]]:
    """The people at this desk and the computers' levels (by name) from a save's
    ``computers`` table, or from the names when the file has none."""
    if computers is None:
        return {n for n in players if not n.startswith(COMPUTER_PREFIX)}, {}
    return set(players) - set(computers), dict(computers)


class Seats:
    """``humans`` play at this desk; every other player is a computer of its level in
    ``levels`` (default: the random player), seated in ``seats``."""

    def __init__(
        self, players: list[str], seed: int, humans: Collection[str], levels: Mapping[str, str]
    ) -> None:
        self.humans = set(humans)
        computers: Computers = GAMES.get(KIND).load("computer")
        self.seats: dict[str, ComputerSeat] = {}
        for index, name in enumerate(players):
            if name in self.humans:
                continue
            own = seat_seed(seed, index)

            def takeover(own: int = own) -> int:
                return own  # the random player taking a failed seat is seeded as it was

            self.seats[name] = computers.seat(name, levels.get(name, "random"), own, takeover)

    @property
    def computers(self) -> dict[str, Any]:
        """Name -> the player deciding that seat's moves now."""
        return {name: seat.player for name, seat in self.seats.items()}

    @property
    def levels(self) -> dict[str, str]:
        """Name -> level of the computer seats, as a save records them."""
        return {name: str(seat.level) for name, seat in self.seats.items()}

    def computer(self, to_act: list[str]) -> str | None:
        """The computer that moves now, of the players ``to_act``; None: a person."""
        return next((name for name in to_act if name in self.seats), None)

    def hand_over(self, name: str) -> bool:
        """The random player takes a failed bot's seat; False if it had it already."""
        return self.seats[name].hand_over()
