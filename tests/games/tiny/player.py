"""Tiny Tower's only computer player: a seeded random choice among the legal moves."""

from __future__ import annotations

from typing import Any

from rules.chance import Chance
from simulator.seeds import computer_action_seed
from tests.games.tiny.engine import ENGINE
from tests.games.tiny.match import TinyMatch

MAX_COMPUTER_DECISIONS = 100  # a game takes at most 12


def play_random(match: TinyMatch, chance: Chance, decisions: int) -> None:
    """Up to ``decisions`` random legal moves, or to the end of the game."""
    for _ in range(decisions):
        moves = ENGINE.legal_moves(match.state)
        if not moves:
            return
        match.perform(chance.choice(moves))


def action_chance(seed: int, index: int) -> Chance:
    """The stream of a scenario's ``computer`` action number ``index`` (0-based)."""
    return Chance.from_seed(computer_action_seed(seed, index, 0))


def play_computer(match: TinyMatch, action: dict[str, Any], index: int, seed: int) -> None:
    """The registry's player factory: random players decide a ``computer`` action."""
    play_random(match, action_chance(seed, index), action.get("moves", MAX_COMPUTER_DECISIONS))


def seat_computer(level: str, seed: int) -> Any:
    """The registry's seat computer: every level is the random player here."""
    chance = Chance.from_seed(seed)

    def act(match: TinyMatch, name: str) -> None:
        play_random(match, chance, 1)

    return act
