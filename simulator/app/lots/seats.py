"""Who plays which LOTS seat in the app: the people at this desk, and the computers'
levels and bots, seeded as ``towersim play lots`` seeds them. No pyglet."""

from __future__ import annotations

from typing import Any

from simulator.app.setup import COMPUTER_PREFIX
from simulator.games.lots.bots import make_player
from simulator.seeds import seat_seed


def seats_from(
    players: list[str], computers: dict[str, str] | None
) -> tuple[set[int], dict[int, str]]:
    """Human seats and computer levels from a save's ``computers`` table, or from the
    names when the file has none."""
    if computers is None:
        humans = {i for i, n in enumerate(players) if not n.startswith(COMPUTER_PREFIX)}
        return humans, {}
    levels = {players.index(name): level for name, level in computers.items()}
    return set(range(len(players))) - set(levels), levels


class Seats:
    """``humans`` play at this desk; every other seat is a computer of its level in
    ``levels`` (default: the random player), whose bot is in ``computers``."""

    def __init__(
        self, players: list[str], seed: int, humans: set[int], levels: dict[int, str]
    ) -> None:
        self.players = players
        self.seed = seed
        self.humans = humans
        self.levels = {s: levels.get(s, "random") for s in range(len(players)) if s not in humans}
        self.computers: dict[int, Any] = {
            seat: make_player(level, seat_seed(seed, seat)) for seat, level in self.levels.items()
        }

    def named(self) -> dict[str, str]:
        """Name -> level of the computer seats, as a save records them."""
        return {self.players[seat]: level for seat, level in sorted(self.levels.items())}

    def computer_at(self, seat: int | None) -> int | None:
        """``seat`` when a computer plays it, else None."""
        return None if seat is None or seat in self.humans else seat

    def hand_over(self, seat: int) -> bool:
        """The random player takes a failed bot's seat; False if it had it already."""
        if self.levels[seat] == "random":
            return False
        self.levels[seat] = "random"
        self.computers[seat] = make_player("random", seat_seed(self.seed, seat))
        return True
