"""Computer players for LOTS: Filled In.

The random legal player (``rules.filled_in.playout.random_move``) decides every seat's
moves: each decision picks a player to move, then a uniform legal move, now and then
with a crew card or a purple space. Its choices come from its own seeded stream, never
from the game's dice.
"""

from __future__ import annotations

from rules.chance import Chance
from rules.filled_in.playout import random_move
from simulator.games.filled_in.match import FilledInMatch

# Salt that keeps the players' stream apart from the game's chance with the same seed.
PLAYER_SALT = 0xF111


def player_chance(seed: int, salt: int = 0) -> Chance:
    return Chance.from_seed(seed).fork(PLAYER_SALT + salt)


def play_turns(match: FilledInMatch, rng: Chance, max_decisions: int) -> int:
    """Let the random player decide until the game ends or ``max_decisions`` are spent;
    returns the number of decisions taken. Its moves are legal, so none is refused."""
    for taken in range(max_decisions):
        if match.over:
            return taken
        match.perform(random_move(match.state, rng))
    return max_decisions
