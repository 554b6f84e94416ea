"""Read-only summaries of a state: the status the simulator shows, and what one
player may see (the saboteur stays hidden from the others until the end)."""

from __future__ import annotations

from typing import Any

from rules.crazy_tower.scoring import scores
from rules.crazy_tower.state import CrazyTowerState


def status(state: CrazyTowerState) -> dict[str, Any]:
    """Whose turn, which phase, scores, and whether, why and for whom the game ended."""
    result = state.result or {}
    return {
        "turn": state.turn,
        "player": state.current_player,
        "phase": state.phase,
        "scores": scores(state),
        "over": state.is_over,
        "end_reason": result.get("reason"),
        "winner": result.get("winner"),
        "detail": result.get("detail"),
    }


def winner(state: CrazyTowerState) -> str | list[str] | None:
    return state.result["winner"] if state.result else None


def end_reason(state: CrazyTowerState) -> str | None:
    return state.result["reason"] if state.result else None


def observe(state: CrazyTowerState, player: str) -> dict[str, Any]:
    """The state as ``player`` may see it: the deck order and, unless they are the
    saboteur or the game is over, the saboteur's name and hidden events withheld."""
    data = state.to_dict()
    data["deck"] = None
    data["deck_size"] = len(state.deck)
    data["chance"] = None
    if state.saboteur and player != state.saboteur and not state.is_over:
        data["saboteur"] = None
        data["events"] = [e for e in data["events"] if not e.get("hidden")]
    return data
