"""Candidate positions for the Crazy Tower bots, each with how steady the tower stays.

The same tidy positions the random player considers (clear of red boxes by a margin,
clear of the blocks already on the card, boxes the rules allow), every STEP cm, each
with the tower's static slack (player.TowerBalance); rollouts then test the best.
"""

from __future__ import annotations

import math

from rules.crazy_tower import check_placement, covered_boxes, get_card
from rules.errors import IllegalMove
from simulator.games.crazy_tower.bodies import block_span, card_half_length
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import (
    CUBE_MASS,
    GAP,
    RED_MARGIN,
    STEP,
    TowerBalance,
    fits,
    still_needed,
)
from simulator.games.crazy_tower.survey import shadow

# Positions kept per block: the steadiest, and spread apart (a rollout of two positions
# 0.25 cm apart teaches little).
PER_BLOCK = 3
SPREAD = 1.0  # cm between kept positions
CARD_SPREAD = 0.5  # cm between floor-card offsets considered
# A saboteur looks at the least steady positions that keep at least this slack (cm): a
# tower already off balance falls on its own turn.
FRAGILE_FLOOR = 0.5


def block_positions(
    match: CrazyTowerMatch,
    block: str,
    floor: int,
    *,
    fragile: bool = False,
    room: bool = False,
    wide: bool = False,
    every: bool = False,
    covering: frozenset[int] = frozenset(),
) -> list[tuple[float, float]]:
    """(at, slack) for ``block`` on floor ``floor``, PER_BLOCK at most: steadiest first,
    or with ``fragile`` the least steady first above FRAGILE_FLOOR.

    ``room``: where a solo challenge wants more blocks on the card, only positions that
    leave them room (player.still_needed): a card filled too soon leaves no move the
    rules accept (challenge 3). ``wide``: as a person short of tidy spots, any position
    on the grid that covers no red box and overlaps no block, overhanging the card by up
    to half the block. ``every``: all of them, steadiest first, none left out.
    ``covering``: boxes of the card (a loop, bots_race) whose steadiest position that
    covers one even RED_MARGIN off is kept too, however unsteady."""
    state, world = match.state, match.world
    card_id = state.floors[floor]
    card = world.entry(card_id)
    angle = match.handicap.block_angle_deg if match.handicap else 0.0
    span = block_span(block, angle)
    red = get_card(card_id).red_boxes()
    taken = [shadow(world.entry(b), card) for b in state.blocks_on(card_id) if b in world]
    top = floor == len(state.floors) - 1
    balance = TowerBalance(match)
    length = 2 * card_half_length()
    still = still_needed(state, card_id, block, angle) if room else []
    margin, gap = (0.0, 0.0) if wide else (RED_MARGIN, GAP)
    found = []
    at = -span / 2 if wide else 0.0
    while at <= length - (span / 2 if wide else span) + 1e-9:
        boxes = covered_boxes(at, at + span)
        near = covered_boxes(at - margin, at + span + margin)
        free = all(at + span + gap <= a or at >= b + gap for a, b in taken)
        if still and free:
            free = fits(still, [*taken, (at, at + span)], length, red)
        if boxes and free and not (near & red):
            try:
                check_placement(state, block, boxes, floor)
            except IllegalMove:
                pass
            else:
                slack = math.inf
                if top:
                    cos = math.cos(card.pose.angle)
                    x = card.pose.x + (at + span / 2 - card_half_length()) * cos
                    slack = balance.slack([(floor, x, span * CUBE_MASS / 2.0)])
                found.append((round(at, 3), slack))
        at += STEP
    if fragile:
        steady = [item for item in found if item[1] >= FRAGILE_FLOOR]
        found = sorted(steady or found, key=lambda item: item[1] if steady else -item[1])
    else:
        found.sort(key=lambda item: -item[1])
    if every:
        return found
    kept: list[tuple[float, float]] = []
    for at, slack in found:
        if all(abs(at - other) >= SPREAD for other, _ in kept):
            kept.append((at, slack))
        if len(kept) == PER_BLOCK:
            break
    if covering:
        inner = (covered_boxes(at + RED_MARGIN, at + span - RED_MARGIN) for at, _ in found)
        over = (item for item, boxes in zip(found, inner, strict=True) if boxes & covering)
        best = next(over, None)
        if best is not None and best not in kept:
            kept.append(best)
    return kept


def card_offsets(match: CrazyTowerMatch) -> list[tuple[float, float]]:
    """(offset, slack) for the revealed floor card over the top card's blocks, steadiest
    first."""
    state, world = match.state, match.world
    top = world.entry(state.top_card)
    balance = TowerBalance(match)
    carriers = balance.carriers
    if carriers is None:
        return [(0.0, 0.0)]
    count = max(1, int((carriers[1] - carriers[0]) / CARD_SPREAD))
    spots = [carriers[0] + (carriers[1] - carriers[0]) * i / count for i in range(count + 1)]
    level, mass = len(state.floors), top.body.mass
    out = [
        (round(x - top.pose.x, 2), balance.slack([(level, x, mass)], carriers=carriers))
        for x in spots
        if abs(x - top.pose.x) < 2 * card_half_length() - 0.5
    ]
    out.sort(key=lambda item: -item[1])
    return out or [(0.0, 0.0)]
