"""A player's bank as the panel lays it out, and the blocks the number keys pick (the
panel numbers exactly those). No pyglet: the turn reads it as the panel does."""

from __future__ import annotations

from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.legal import block_choices
from rules.crazy_tower.state import PLACE, TURN, CrazyTowerState


def bank_rows(state: CrazyTowerState, name: str) -> list[list[str]]:
    """A player's bank as the panel shows it: a row a colour, the player's own colours
    first, then any received in an exchange."""
    hand = state.hands[name]
    shades = dict.fromkeys([*state.colours[name], *(get_block(b).colour for b in hand)])
    rows = [[b for b in hand if get_block(b).colour == shade] for shade in shades]
    return [row for row in rows if row]


def pick_order(state: CrazyTowerState) -> list[str]:
    """The blocks the current player can pick up now, in the order the panel shows
    them: number key k picks the k-th, and the panel numbers exactly these 1..n."""
    if state.is_over or state.phase not in (TURN, PLACE):
        return []
    placeable = set(block_choices(state))
    rows = bank_rows(state, state.current_player)
    return [block for row in rows for block in row if block in placeable]
