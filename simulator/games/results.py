"""A finished game in words: who won, why it ended and the scores, ranked.

The app's results card and ``towersim play``'s summary read the same ``Results``, so a
game ends in the same sentences on the screen and in a terminal. The words are the
game's own (its registry ``words`` part: ``ending_words``); a game without one gets
plain words. No drawing here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import Outcome
from simulator.games.registry import GAMES, load_path
from simulator.words import wins


@dataclass(frozen=True)
class Results:
    """A finished game in words: who won, why it ended, the score table."""

    headline: str
    why: str
    heading: str  # the score column's title
    rows: list[tuple[str, str, bool]]  # (name, score, won), winners first, then by score


def results_of(match: Any) -> Results:
    """The finished ``match`` in words (its rules' outcome, scores and state)."""
    outcome: Outcome = match.outcome()
    scores: dict[str, int] = dict(match.summary()["scores"])
    winners = list(outcome.winners)
    words = GAMES.get(match.kind).words
    module = load_path(words, "the game's words") if words else None
    tell = module.ending_words if module is not None else _plain
    headline, why, heading = tell(match.state, outcome, winners, scores)
    fewer = bool(getattr(module, "FEWER_POINTS_BETTER", False))
    rows = [(name, str(scores[name]), name in winners) for name in ranked(scores, winners, fewer)]
    return Results(headline, why, heading, rows)


def ranked(scores: Mapping[str, int], winners: list[str], fewer_better: bool = False) -> list[str]:
    """The players as a results table lists them: the winners first, then the others by
    score, best first (``fewer_better``: the fewest points first, as Crazy Tower counts
    the points left in hand), a tie in seat order."""
    seats = list(scores)
    sign = 1 if fewer_better else -1
    return sorted(
        seats, key=lambda name: (name not in winners, sign * scores[name], seats.index(name))
    )


def _plain(state: Any, outcome: Outcome, winners: list[str], scores: dict[str, int]) -> tuple:
    why = f"The game ended: {outcome.reason}." if outcome.reason else "The game is over."
    return wins(winners, scores), why, "Points"
