"""What ``lab fork`` asks of a game it plays on with computer seats: whether computers
can take every seat, and the pieces fallen per seat. The playing on is the driver's
``play_on`` (simulator/games/computer_seat.py), which seats the players as ``towersim
play`` does, so a continuation from action 0 with the recording's seats and seed is the
game ``play`` would have played.
"""

from __future__ import annotations

from simulator.games.match import Match
from simulator.games.registry import GAMES
from simulator.lab.falls import fallen_per_seat


def plays_on(kind: str) -> bool:
    """Whether computers can take every seat of a ``kind`` game (its ``computer`` part)."""
    return GAMES.get(kind).computer is not None


def falls(match: Match) -> list[int] | None:
    """Pieces fallen per seat (on that seat's move), or None for a game without any."""
    players = list(match.summary()["players"])
    return fallen_per_seat(match.kind, match.state.events, players)
