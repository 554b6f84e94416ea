"""Tiny Tower's only computer player: a seeded random choice among the legal moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.chance import Chance
from simulator.bots.dexterity import Dexterity
from simulator.games.computer_seat import Computers, play_players
from simulator.seeds import computer_action_seed
from tests.games.tiny.engine import ENGINE
from tests.games.tiny.match import TinyMatch

MAX_COMPUTER_DECISIONS = 100  # a game takes at most 12


@dataclass
class RandomPlayer:
    """A seeded random choice among the legal moves (the computer-seat protocol)."""

    chance: Chance

    def decide(self, match: TinyMatch) -> dict[str, Any]:
        return self.chance.choice(ENGINE.legal_moves(match.state))


def action_chance(seed: int, index: int) -> Chance:
    """The stream of a scenario's ``computer`` action number ``index`` (0-based)."""
    return Chance.from_seed(computer_action_seed(seed, index, 0))


def play_computer(match: TinyMatch, action: dict[str, Any], index: int, seed: int) -> None:
    """The registry's player factory: random players decide a ``computer`` action."""
    player = RandomPlayer(action_chance(seed, index))
    players = dict.fromkeys(match.summary()["players"], player)
    play_players(match, players, action.get("moves", MAX_COMPUTER_DECISIONS))


def _seat_player(level: str, seed: int, name: str, hand: Dexterity | None) -> RandomPlayer:
    return RandomPlayer(Chance.from_seed(seed))  # every level is the random player here


# The registry's ``computer`` part: Tiny Tower's seats (simulator/games/computer_seat.py).
COMPUTERS = Computers(_seat_player, MAX_COMPUTER_DECISIONS)
