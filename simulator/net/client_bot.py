"""A computer that plays a client's seat (``towersim join --bot LEVEL``, the tests).

It moves exactly as a person's app does: it decides on the replica's match, applies its
decision there at once, and sends what the match logged; the host relays it back and
the replica confirms it (simulator/net/replica.py).
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalMove
from simulator.games.registry import GAMES
from simulator.net.client import Client
from simulator.net.game import NetGame
from simulator.seeds import seat_seed

RETRIES = 12  # refused decisions in a row before the bot waits for the next move


class ClientBot:
    """Listens to a client and moves for its seat whenever the rules wait for it."""

    def __init__(self, client: Client, level: str) -> None:
        self.client = client
        self.level = level
        self._act: Any = None
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
        if self._act is None:
            seed = seat_seed(game.match.seed, game.players.index(seat))
            self._act = GAMES.get(game.kind).load("computer")(self.level, seed)
        for _ in range(RETRIES):
            try:
                self._act(game.match, seat)
                break
            except IllegalMove:
                continue
        self.moves += self.client.send_moves()
