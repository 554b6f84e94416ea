"""Moves as plain dicts, for logs, scenario files and replays.

An action is ``{"type": ..., "player": ..., ...}`` as legal.legal_moves lists it,
plus an ``outcome`` dict for the physical moves (place_block, lay_card,
replace_piece, remove_block) and ``elapsed`` for report_time. A game is its options
and its actions: ``replay`` folds the actions over ``new_game``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.crazy_tower import moves
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.setup import new_game
from rules.crazy_tower.state import CrazyTowerState
from rules.errors import IllegalMove


def _outcome(action: dict[str, Any]) -> dict[str, Any]:
    outcome = action.get("outcome")
    if not isinstance(outcome, dict):
        raise IllegalMove(f"a {action['type']} action needs an outcome table")
    return outcome


def apply_action(state: CrazyTowerState, action: dict[str, Any]) -> CrazyTowerState:
    """Apply one action dict; raises IllegalMove (state unchanged) when it is refused."""
    kind = action.get("type")
    player = action.get("player", "")
    try:
        if kind == "place_block":
            return moves.place_block(state, player, BlockOutcome.from_dict(_outcome(action)))
        if kind == "reveal_card":
            return moves.reveal_card(state, player)
        if kind == "lay_card":
            return moves.lay_card(state, player, FloorCardOutcome.from_dict(_outcome(action)))
        if kind == "replace_piece":
            data = _outcome(action)
            piece = data.get("block", data.get("card", ""))
            outcome: BlockOutcome | FloorCardOutcome = (
                BlockOutcome.from_dict(data)
                if is_block(piece)
                else FloorCardOutcome.from_dict(data)
            )
            return moves.replace_piece(state, player, outcome)
        if kind == "remove_block":
            return moves.remove_block(state, player, RemovalOutcome.from_dict(_outcome(action)))
        if kind == "skip_removal":
            return moves.skip_removal(state, player)
        if kind == "exchange":
            return moves.exchange(state, player, action["give"], action["take"])
        if kind == "pass":
            return moves.pass_turn(state, player)
        if kind == "report_time":
            return moves.report_time(state, action["elapsed"])
    except KeyError as exc:
        raise IllegalMove(f"a {kind} action lacks {exc}") from None
    raise IllegalMove(f"unknown action type {kind!r}")


def replay(options: dict[str, Any], actions: Iterable[dict[str, Any]]) -> CrazyTowerState:
    state = new_game(options)
    for action in actions:
        state = apply_action(state, action)
    return state
