"""Playing a game on from where it stands with computer seats, for ``lab fork``: each
game's players seated as ``towersim play`` seats them (simulator/games/computer_seat.py),
so a continuation from action 0 with the recording's seats and seed is the game ``play``
would have played.

The seats' seeds come from the continuation's seed through ``simulator.seeds`` (the
same derivation as ``play``); the game's own chance (dice, cards) is in the match.
"""

from __future__ import annotations

from simulator.bots.cli import Seats
from simulator.games import computer_seat
from simulator.games.match import Match
from simulator.games.registry import GAMES
from simulator.lab.falls import fallen_per_seat


def plays_on(kind: str) -> bool:
    """Whether computers can take every seat of a ``kind`` game (its ``computer`` part)."""
    return GAMES.get(kind).computer is not None


def play_on(match: Match, seating: Seats, seed: int) -> str | None:
    """Play ``match`` to its end with ``seating``; why it stopped early, or None."""
    return computer_seat.play_on(match, seating, seed)


def falls(match: Match) -> list[int] | None:
    """Pieces fallen per seat (on that seat's move), or None for a game without any."""
    players = list(match.summary()["players"])
    return fallen_per_seat(match.kind, match.state.events, players)
