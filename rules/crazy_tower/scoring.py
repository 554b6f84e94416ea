"""Scores (block values in front of each player) and ranking on a collapse."""

from __future__ import annotations

from collections.abc import Iterable

from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.state import CrazyTowerState

Winner = str | list[str] | None


def scores(state: CrazyTowerState) -> dict[str, int]:
    """Each player's score: the sum of the values of their unplayed blocks."""
    return {p: sum(get_block(b).points for b in state.hands[p]) for p in state.players}


def lowest_scores(state: CrazyTowerState, candidates: Iterable[str]) -> list[str]:
    """The candidates with the smallest score, ties broken by fewest blocks; all still
    tied share the victory. Seating order is kept."""
    points = scores(state)
    candidates = list(candidates)
    if not candidates:
        return []
    key = {p: (points[p], len(state.hands[p])) for p in candidates}
    best = min(key.values())
    return [p for p in candidates if key[p] == best]


def winner_value(winners: list[str]) -> Winner:
    """The ``winner`` field of a result: a name, a list for a shared win, or None."""
    if not winners:
        return None
    return winners[0] if len(winners) == 1 else list(winners)
