"""Who plays which LOTS seat in the app, by player name: the people at this desk, and
the computers, each a seat of the one seat driver (simulator/games/computer_seat.py),
seeded by its ``seat_for`` as every computer seat is. No pyglet."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from simulator.app.setup import COMPUTER_PREFIX
from simulator.games.computer_seat import FALLBACK, ComputerSeat, computers_of
from simulator.games.lots.match import LotsMatch


def seats_from(
    players: list[str], computers: Mapping[str, str] | None
) -> tuple[set[str], dict[str, str]]:
    """The people at this desk and the computers' levels (by name) from a save's
    ``computers`` table, or from the names when the file has none."""
    if computers is None:
        return {n for n in players if not n.startswith(COMPUTER_PREFIX)}, {}
    return set(players) - set(computers), dict(computers)


class Seats:
    """``humans`` play at this desk; every other player of ``match`` is a computer of its
    level in ``levels`` (default: the random player), seated by ``Computers.seat_for``."""

    def __init__(
        self, match: LotsMatch, seed: int, humans: Collection[str], levels: Mapping[str, str]
    ) -> None:
        self.humans = set(humans)
        computers = computers_of(match)
        self.seats: dict[str, ComputerSeat] = {
            name: computers.seat_for(match, name, levels.get(name, FALLBACK), seed)
            for name in match.state.players
            if name not in self.humans
        }

    @property
    def levels(self) -> dict[str, str]:
        """Name -> level of the computer seats, as a save records them."""
        return {name: str(seat.level) for name, seat in self.seats.items()}

    def computer(self, to_act: list[str]) -> str | None:
        """The computer that moves now, of the players ``to_act``; None: a person."""
        return next((name for name in to_act if name in self.seats), None)
