"""The legal discrete choices of the player to act.

Physical moves (placing, laying, putting back, pulling out) are listed without their
outcome: the simulator performs them and adds the ``outcome`` before applying them.
Which boxes a placement may cover is continuous; see placement.check_placement.
"""

from __future__ import annotations

from typing import Any

from rules.crazy_tower import constraints
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.placement import block_problem, target_floor
from rules.crazy_tower.state import (
    DIAMONDS,
    EXCHANGE,
    LAY_CARD,
    PLACE,
    REPLACE,
    TURN,
    CrazyTowerState,
)


def block_choices(state: CrazyTowerState) -> list[str]:
    """The unplayed blocks the current player may put on the top card now."""
    if state.is_over or state.phase not in (TURN, PLACE):
        return []
    hand = state.hands[state.current_player]
    return [b for b in hand if block_problem(state, b) is None]


def can_reveal(state: CrazyTowerState) -> bool:
    return (
        not state.is_over
        and state.phase == TURN
        and bool(state.deck)
        and constraints.reveal_problem(state) is None
    )


def removal_choices(state: CrazyTowerState) -> list[str]:
    """Blocks on floor cards lower than the one the turn's block went on (diamonds)."""
    if state.target is None or state.target not in state.floors:
        return []
    limit = state.floors.index(state.target)
    return [
        b
        for b in state.on_card
        if state.floor_of(b) < limit and constraints.removal_problem(state, b) is None
    ]


def exchange_choices(state: CrazyTowerState) -> list[tuple[str, str, str]]:
    """(give, take, other player) for every swap the exchange box allows."""
    me = state.current_player
    return [
        (give, take, other)
        for give in state.hands[me]
        for other in state.players
        if other != me
        for take in state.hands[other]
    ]


def legal_moves(state: CrazyTowerState) -> list[dict[str, Any]]:
    """Every legal choice as an action dict (see actions.apply_action)."""
    if state.is_over:
        return []
    player = state.current_player
    moves: list[dict[str, Any]] = []
    if state.phase in (TURN, PLACE):
        floor = len(state.floors) - 1
        moves += [
            {"type": "place_block", "player": player, "block": b, "floor": floor}
            for b in block_choices(state)
        ]
        if can_reveal(state):
            moves.append({"type": "reveal_card", "player": player})
        if not moves:
            moves.append({"type": "pass", "player": player})
    elif state.phase == LAY_CARD:
        moves.append({"type": "lay_card", "player": player, "card": state.revealed})
    elif state.phase == REPLACE:
        for piece in state.down:
            floor = target_floor(state, piece) if is_block(piece) else len(state.floors)
            moves.append(
                {"type": "replace_piece", "player": player, "piece": piece, "floor": floor}
            )
    elif state.phase == DIAMONDS:
        moves += [
            {"type": "remove_block", "player": player, "block": b} for b in removal_choices(state)
        ]
        moves.append({"type": "skip_removal", "player": player})
    elif state.phase == EXCHANGE:
        moves += [
            {"type": "exchange", "player": player, "give": g, "take": t, "with": o}
            for g, t, o in exchange_choices(state)
        ]
    return moves
