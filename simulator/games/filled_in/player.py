"""Computer players for LOTS: Filled In.

The random legal player (``rules.filled_in.playout.random_move``) decides every seat's
moves: each decision picks a player to move, then a uniform legal move, now and then
with a crew card or a purple space. Its choices come from its own seeded stream, never
from the game's dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.chance import Chance
from rules.filled_in.playout import random_move
from simulator.games.computer_seat import play_players
from simulator.games.filled_in.match import FilledInMatch

# Salt that keeps the players' stream apart from the game's chance with the same seed.
PLAYER_SALT = 0xF111


def player_chance(seed: int, salt: int = 0) -> Chance:
    return Chance.from_seed(seed).fork(PLAYER_SALT + salt)


@dataclass
class RandomTable:
    """The random player deciding for every seat: each decision picks a player to move,
    then its move (a game of random players alone)."""

    chance: Chance

    def decide(self, match: FilledInMatch) -> dict[str, Any]:
        return random_move(match.state, self.chance)


@dataclass
class RandomSeat:
    """The random player of one seat: it draws from its stream until a move is its own."""

    name: str
    chance: Chance

    def decide(self, match: FilledInMatch) -> dict[str, Any]:
        move = random_move(match.state, self.chance)
        while move["player"] != self.name:
            move = random_move(match.state, self.chance)
        return move


def play_turns(match: FilledInMatch, rng: Chance, max_decisions: int) -> int:
    """Let the random player decide until the game ends or ``max_decisions`` are spent;
    returns the number of decisions taken. Its moves are legal, so none is refused."""
    table = RandomTable(rng)
    return play_players(match, dict.fromkeys(match.summary()["players"], table), max_decisions)
