"""A computer that plays a client's seat (``towersim join --bot LEVEL``, the tests).

It moves exactly as a person's app does: it decides on the replica's match, applies its
decision there at once, and sends what the match logged; the host relays it back and
the replica confirms it (simulator/net/replica.py). Its seat is driven as every computer
seat is (simulator/games/computer_seat.py): a bot the rules keep refusing hands the
seat to the random player.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalMove
from simulator.games.computer_seat import ComputerSeat, computers_of
from simulator.net.client import Client
from simulator.net.game import NetGame


class ClientBot:
    """Listens to a client and moves for its seat whenever the rules wait for it."""

    def __init__(self, client: Client, level: str) -> None:
        self.client = client
        self.level = level
        self._computer: ComputerSeat | None = None
        self.moves = 0

    def __call__(self, kind: str, fields: dict[str, Any]) -> None:
        if kind in ("game", "move", "refused"):
            self.client.replica_thread(self._turn)

    def to_move(self) -> NetGame | None:
        """The game, if the rules wait for this seat and no move of its is pending."""
        replica = self.client.replica
        game, seat = replica.game, replica.seat
        if game is None or seat is None or replica.pending or game.over:
            return None
        return game if seat in game.to_act() else None

    def _turn(self) -> None:
        """On the replica's thread: move if the rules wait for this seat."""
        game, seat = self.to_move(), self.client.replica.seat
        if game is None or seat is None:
            return
        if self._computer is None:
            computers = computers_of(game.match)
            self._computer = computers.seat_for(game.match, seat, self.level, game.match.seed)
        try:
            self._computer.play(game.match)
        except IllegalMove:
            return  # even the random player was refused: wait for the next move
        self.moves += self.client.send_moves()
