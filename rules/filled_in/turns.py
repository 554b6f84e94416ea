"""Whose turn it is, what they may do, and how the game stands."""

from __future__ import annotations

from typing import Any

from rules.filled_in.choices import placement_moves
from rules.filled_in.moves import drafter, roller
from rules.filled_in.scoring import ScoreBreakdown, ranking_winners, score_breakdowns
from rules.filled_in.state import DRAFT, ENDED, PLACE, ROLL, GameState


def to_move(state: GameState) -> list[str]:
    """The players who have a move to make now, in seat order from the start player.

    In the place phase several players may move, in any order (they place at once).
    """
    if state.phase == ROLL:
        return [roller(state)]
    if state.phase == DRAFT:
        picker = drafter(state)
        return [picker] if picker else []
    if state.phase == PLACE:
        players = [state.players[i] for i in state.seat_order()]
        return [p.name for p in players if not (p.placed or p.stuck)]
    return []


def current_player(state: GameState) -> str | None:
    """The first of ``to_move`` (a sequential view of the simultaneous place phase)."""
    movers = to_move(state)
    return movers[0] if movers else None


def legal_moves(
    state: GameState, player: str | None = None, *, with_crew: bool = True
) -> list[dict[str, Any]]:
    """The legal moves now (of ``player``, or of everybody to move) as move dicts.

    Place moves are listed without purple spaces, which any of them may add (see
    ``legal_purple_cells``); a roll is listed unpinned.
    """
    movers = to_move(state)
    if player is not None:
        movers = [m for m in movers if m == player]
    moves: list[dict[str, Any]] = []
    for name in movers:
        if state.phase == ROLL:
            moves.append({"type": "roll", "player": name})
        elif state.phase == DRAFT:
            taken = {pos for p in state.players for pos in p.hand}
            moves += [
                {"type": "draft", "player": name, "die": pos}
                for pos in range(len(state.dice))
                if pos not in taken
            ]
        elif state.phase == PLACE:
            moves += placement_moves(state, state.player(name), with_crew=with_crew)
    return moves


def is_over(state: GameState) -> bool:
    return state.phase == ENDED


def end_reason(state: GameState) -> str | None:
    return state.end_reason


def scores(state: GameState) -> dict[str, ScoreBreakdown]:
    """Each player's score breakdown (levels, triangles, tools, colours, crane, total)."""
    return score_breakdowns(state)


def winner(state: GameState) -> str | list[str] | None:
    """The winner's name, a list of names for a shared win, or None before the end."""
    if state.phase != ENDED:
        return None
    names = ranking_winners(state)
    return names[0] if len(names) == 1 else names
