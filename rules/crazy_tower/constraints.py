"""The rule-checked solo challenges (1-6) and the time limit of the timed ones (7-9).

Lower floor cards can never gain blocks again (blocks go on the top card), so a
floor card's final count must be right before the tower grows past it: moves that
would make a challenge impossible are refused rather than lost at the end.
"""

from __future__ import annotations

from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.challenges import Challenge, get_challenge
from rules.crazy_tower.names import floor_name
from rules.crazy_tower.state import CrazyTowerState


def challenge_of(state: CrazyTowerState) -> Challenge | None:
    return get_challenge(state.challenge) if state.challenge is not None else None


def _floor_bounds(challenge: Challenge, index: int, top: bool) -> tuple[int, int | None]:
    """(fewest, most) blocks floor ``index`` may hold once the tower is complete."""
    low = challenge.top_floor_min if top else challenge.min_blocks_per_floor
    high = challenge.max_blocks_per_floor
    if index == 0 and challenge.first_floor_blocks is not None:
        low = high = challenge.first_floor_blocks
    return low, high


def placement_problem(state: CrazyTowerState, block: str, card: str, *, new: bool) -> str | None:
    """Why the challenge refuses ``block`` on ``card`` (``new``: from the hand), or None."""
    challenge = challenge_of(state)
    if challenge is None:
        return None
    n = challenge.number
    index = state.floors.index(card)
    others = [b for b in state.blocks_on(card) if b != block]
    _, most = _floor_bounds(challenge, index, top=True)
    if most is not None and len(others) + 1 > most:
        return f"challenge {n}: {floor_name(index)} may hold only {most} block(s)"
    shape = get_block(block).shape
    if challenge.distinct_shapes and any(get_block(b).shape == shape for b in others):
        return f"challenge {n}: {floor_name(index)} already holds a {shape}-cube block"
    if new and challenge.min_floor_cards:
        hand_after = len(state.hands[state.current_player]) - 1
        reachable = len(state.floors) + min(hand_after, len(state.deck))
        if reachable < challenge.min_floor_cards:
            return (
                f"challenge {n}: the tower could then reach only {reachable} floor cards, "
                f"not {challenge.min_floor_cards}"
            )
    return None


def reveal_problem(state: CrazyTowerState) -> str | None:
    """Why the challenge refuses building over the top card now, or None."""
    challenge = challenge_of(state)
    if challenge is None:
        return None
    index = len(state.floors) - 1
    fewest, _ = _floor_bounds(challenge, index, top=False)
    count = len(state.blocks_on(state.top_card))
    if count < fewest:
        return (
            f"challenge {challenge.number}: {floor_name(index)} needs {fewest} block(s) "
            f"before a new floor card goes over it (it holds {count})"
        )
    return None


def removal_problem(state: CrazyTowerState, block: str) -> str | None:
    """Why the challenge refuses taking ``block`` out of its (lower) floor, or None."""
    challenge = challenge_of(state)
    if challenge is None:
        return None
    index = state.floor_of(block)
    fewest, _ = _floor_bounds(challenge, index, top=False)
    count = len(state.blocks_on(state.on_card[block]))
    if count - 1 < fewest:
        return f"challenge {challenge.number}: {floor_name(index)} must keep {fewest} block(s)"
    return None


def completion_problem(state: CrazyTowerState) -> str | None:
    """Why a completed tower fails the solo challenge, or None when it is met."""
    challenge = challenge_of(state)
    if challenge is None:
        return None
    n = challenge.number
    for index, card in enumerate(state.floors):
        blocks = state.blocks_on(card)
        fewest, most = _floor_bounds(challenge, index, top=index == len(state.floors) - 1)
        if len(blocks) < fewest or (most is not None and len(blocks) > most):
            return f"challenge {n}: floor {index} holds {len(blocks)} block(s)"
        shapes = [get_block(b).shape for b in blocks]
        if challenge.distinct_shapes and len(set(shapes)) != len(shapes):
            return f"challenge {n}: floor {index} holds two blocks of one shape"
    if len(state.floors) < challenge.min_floor_cards:
        return f"challenge {n}: the tower has only {len(state.floors)} floor cards"
    if challenge.time_limit_s is not None and state.elapsed > challenge.time_limit_s:
        limit = challenge.time_limit_s
        return f"challenge {n}: {state.elapsed:.1f} s is over the {limit:g} s limit"
    return None


def out_of_time(state: CrazyTowerState) -> bool:
    challenge = challenge_of(state)
    return bool(
        challenge and challenge.time_limit_s is not None and state.elapsed > challenge.time_limit_s
    )
