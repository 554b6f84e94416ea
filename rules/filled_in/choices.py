"""What a player may craft and where they may place it this round."""

from __future__ import annotations

from typing import Any

from rules.filled_in.crafting import craft_options, craft_shapes
from rules.filled_in.crew import FREE_PLACEMENT, SWAP_LEFTOVER, get_crew_card
from rules.filled_in.dice import Face
from rules.filled_in.placement import has_placement, legal_placements
from rules.filled_in.state import GameState, PlayerState
from rules.pieces import Cell


def unused_crew_effect(player: PlayerState) -> str | None:
    return None if player.crew_used else get_crew_card(player.crew).effect


def hand_faces(state: GameState, player: PlayerState, swap: int | None = None) -> list[Face]:
    """The faces of the player's two dice, after swapping one for the leftover if asked."""
    hand = list(player.hand)
    if swap is not None:
        if state.leftover is None:
            raise ValueError("there is no leftover die to swap")
        hand[swap] = state.leftover
    return [state.face(pos) for pos in hand]


def crew_variants(player: PlayerState) -> list[tuple[bool, int | None]]:
    """(use crew card?, swap) combinations open to the player this turn."""
    out: list[tuple[bool, int | None]] = [(False, None)]
    effect = unused_crew_effect(player)
    if effect is not None:
        out.append((True, None))
        if effect == SWAP_LEFTOVER:
            out += [(True, 0), (True, 1)]
    return out


def can_place(state: GameState, player: PlayerState) -> bool:
    """Whether any crafted block fits anywhere, using the crew card if it helps."""
    spec, filled = player.tower.spec, player.tower.filled()
    for use_crew, swap in crew_variants(player):
        effect = unused_crew_effect(player) if use_crew else None
        first, second = hand_faces(state, player, swap)
        for shape in craft_shapes(first, second, effect):
            if has_placement(spec, filled, shape, free=effect == FREE_PLACEMENT):
                return True
    return False


def placement_moves(
    state: GameState, player: PlayerState, *, with_crew: bool = True
) -> list[dict[str, Any]]:
    """Every block the player may draw this turn, as ``place`` moves without purple spaces.

    Purple spaces are extras any of these moves may carry (``legal_purple_cells``).
    """
    spec, filled = player.tower.spec, player.tower.filled()
    moves: list[dict[str, Any]] = []
    for use_crew, swap in crew_variants(player):
        if use_crew and not with_crew:
            continue
        effect = unused_crew_effect(player) if use_crew else None
        free = effect == FREE_PLACEMENT
        spots: dict[str, list[tuple[Cell, ...]]] = {}
        first, second = hand_faces(state, player, swap)
        for shape, colour in craft_options(first, second, effect):
            if shape not in spots:
                spots[shape] = legal_placements(spec, filled, shape, free=free)
            for cells in spots[shape]:
                move: dict[str, Any] = {
                    "type": "place",
                    "player": player.name,
                    "shape": shape,
                    "colour": colour,
                    "cells": [list(c) for c in cells],
                }
                if use_crew:
                    move["crew"] = True
                if swap is not None:
                    move["swap"] = swap
                moves.append(move)
    return moves
