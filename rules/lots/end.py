"""How a LOTS game ends, and the tie rule.

Competitive: at the CHECK of a turn the current player wins if their score has
reached the target (40/35/30 for 2/3/4 players); otherwise, if three of the five
supply piles are empty, the highest score wins. Scores above the driveway are
unique (no two meeples share a spot), so a tie for the highest score can only
happen on the driveway (all tied at 0); tied players share the win.
"""

from __future__ import annotations

from rules.lots.content import game_content
from rules.lots.state import LotsState


def top_scorers(state: LotsState) -> list[int]:
    best = max(state.scores)
    return [seat for seat, score in enumerate(state.scores) if score == best]


def piles_exhausted(state: LotsState) -> bool:
    return len(state.empty_piles()) >= game_content().empty_piles_to_end


def would_win(state: LotsState) -> tuple[list[int], str | None]:
    """Who would win at this CHECK (competitive), and why; ([], None) if nobody."""
    if state.scores[state.current] >= state.target:
        return [state.current], "target"
    if piles_exhausted(state):
        return top_scorers(state), "piles"
    return [], None


def finish(state: LotsState, winners: list[int], reason: str, **data: object) -> None:
    state.winners = sorted(winners)
    state.end_reason = reason
    state.stage = "over"
    state.pending = []
    state.steal_queue = []
    state.log(
        "game_end",
        None,
        reason=reason,
        winners=state.winner_names(),
        scores=state.score_table(),
        **data,
    )
