"""Whether a block may go where a player means to put it.

The discrete part (which block, which floor card) decides the legal choices; the
boxes a candidate position covers come from the simulator's geometry
(cards.covered_boxes) and add the red-box rule. ``check_placement`` is what the
simulator calls before it moves the hand, and the moves call it again on the
settled outcome.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.crazy_tower import constraints
from rules.crazy_tower.blocks import get_block, is_block
from rules.crazy_tower.cards import get_card
from rules.crazy_tower.names import block_name, boxes_text, card_name, floor_name
from rules.crazy_tower.state import PLACE, REPLACE, TODO, TURN, CrazyTowerState
from rules.errors import IllegalMove


def target_floor(state: CrazyTowerState, block: str) -> int:
    """The floor a block must go on: its own card when put back, else the top card."""
    if block in state.down:
        return state.floors.index(state.home[block])
    return len(state.floors) - 1


def block_problem(state: CrazyTowerState, block: str) -> str | None:
    """Why ``block`` may not go on its target floor card at all, or None."""
    if state.is_over:
        return "the game is over"
    if not is_block(block):
        return f"there is no block {block!r}"
    replacement = block in state.down
    if replacement:
        if state.phase != REPLACE:
            return "nothing is being put back now"
    else:
        if state.phase not in (TURN, PLACE):
            return f"a block cannot be placed now: {state.current_player} must {TODO[state.phase]}"
        if block not in state.hands[state.current_player]:
            return f"{block_name(block)} is not one of {state.current_player}'s unplayed blocks"
    card = state.floors[target_floor(state, block)]
    colour = get_block(block).colour
    if any(get_block(b).colour == colour for b in state.blocks_on(card) if b != block):
        return f"{card_name(card)} already holds a {colour} block"
    return constraints.placement_problem(state, block, card, new=not replacement)


def boxes_problem(card: str, boxes: Iterable[int]) -> str | None:
    """Why covering ``boxes`` of ``card`` is refused (the red box), or None."""
    boxes = set(boxes)
    floor_card = get_card(card)
    if not boxes <= set(range(len(floor_card.boxes))):
        return f"box indices must be 0-{len(floor_card.boxes) - 1}"
    red = sorted(boxes & floor_card.red_boxes())
    if red:
        return f"the block would cover {boxes_text(red[:1])} of {card_name(card)}, a red box"
    return None


def placement_problem(
    state: CrazyTowerState, block: str, boxes: Iterable[int], floor: int | None = None
) -> str | None:
    """Why ``block`` covering ``boxes`` of floor ``floor`` is refused, or None.

    ``floor`` defaults to the block's target floor; any other floor is refused.
    """
    problem = block_problem(state, block)
    if problem:
        return problem
    target = target_floor(state, block)
    if floor is not None and floor != target:
        where = "back on its own floor card" if block in state.down else "on the top floor card"
        return (
            f"{block_name(block)} must go {where} ({floor_name(target)}), "
            f"not on {floor_name(floor)}"
        )
    return boxes_problem(state.floors[target], boxes)


def check_placement(
    state: CrazyTowerState, block: str, boxes: Iterable[int], floor: int | None = None
) -> None:
    """Raise IllegalMove when a candidate placement is refused (the state is untouched)."""
    problem = placement_problem(state, block, boxes, floor)
    if problem:
        raise IllegalMove(problem)
