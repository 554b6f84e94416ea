"""What the settled table says about a Crazy Tower move, before the rules take it.

A scripted move (match.py) and a live one (live.py) both end here: functions of the
rules state and the world, so a live move judges what it did without calling back into
its match, and the match hands the ``Ruling`` to the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.crazy_tower import (
    BlockOutcome,
    CrazyTowerState,
    FloorCardOutcome,
    RemovalOutcome,
    target_floor,
)
from rules.crazy_tower import moves as rule_moves
from rules.errors import IllegalMove
from simulator.games.crazy_tower.bodies import is_card
from simulator.games.crazy_tower.survey import Survey, boxes_covered, survey
from simulator.games.match import Verdict
from simulator.physics.monitor import Monitor
from simulator.physics.world import Entry, Pose, World

# Where the hand picks pieces up: left of everything, above the tower (cm).
PICKUP_GAP = 3.0
PICKUP_ABOVE = 8.0


@dataclass(frozen=True)
class Ruling:
    """What the physics of one move decided, before the rules accept it: ``rule()``
    returns the new state (or raises IllegalMove); ``fallen`` leave the world after;
    ``outcome`` is the record the rules are given."""

    rule: Callable[[], CrazyTowerState]
    fallen: list[str]
    outcome: BlockOutcome | FloorCardOutcome | RemovalOutcome

    def verdict(self) -> Verdict:
        return Verdict(tuple(self.fallen), self.outcome)


def block_verdict(
    s: CrazyTowerState, world: World, block: str, monitor: Monitor, *, replacement: bool
) -> Ruling:
    """What a settled block did: where it rests, the boxes it covers, what fell.
    Raises IllegalMove when it rests on another block instead of its card."""
    floor = target_floor(s, block)
    card = s.floors[floor]
    homes = {**_card_homes(s), **s.on_card, block: card}
    fallen, view = _fallen(s, world, monitor, homes, block)
    boxes: frozenset[int] = frozenset()
    where: int | None = None
    if block not in fallen:
        if view.card_under(block) != card:
            raise IllegalMove(f"{block} came to rest on another block, not on floor card {card}")
        where = floor
        boxes = boxes_covered(world.entry(block), world.entry(card))
    outcome = BlockOutcome(block, where, boxes, tuple(fallen))
    rule = rule_moves.replace_piece if replacement else rule_moves.place_block
    return Ruling(lambda: rule(s, s.current_player, outcome), fallen, outcome)


def card_verdict(
    s: CrazyTowerState, world: World, card: str, monitor: Monitor, *, replacement: bool
) -> Ruling:
    """What a settled floor card did: whether it stayed on the tower, what fell."""
    homes = {**_card_homes(s), **s.on_card, card: s.top_card}
    fallen, _ = _fallen(s, world, monitor, homes, card)
    outcome = FloorCardOutcome(card, tuple(fallen))
    rule = rule_moves.replace_piece if replacement else rule_moves.lay_card
    return Ruling(lambda: rule(s, s.current_player, outcome), fallen, outcome)


def removal_verdict(s: CrazyTowerState, world: World, block: str, monitor: Monitor) -> Ruling:
    """What else fell once a pulled block left the tower."""
    homes = {**_card_homes(s), **s.on_card}
    homes.pop(block)
    fallen, _ = _fallen(s, world, monitor, homes, None)
    outcome = RemovalOutcome(block, tuple(fallen))
    return Ruling(lambda: rule_moves.remove_block(s, s.current_player, outcome), fallen, outcome)


def pull_cards(s: CrazyTowerState, world: World, block: str) -> list[Entry]:
    """The floor cards a pulled block rubs on: its own and the one above it."""
    index = s.floors.index(s.on_card[block])
    return [world.entry(c) for c in s.floors[index : index + 2]]


def pickup(world: World, half_length: float) -> Pose:
    """Left of everything on the table, above the tower."""
    shapes = [s for e in world.entries if not e.is_table for s in e.shapes]
    left = min(s.bb.left for s in shapes)
    top = max(s.bb.top for s in shapes)
    return Pose(left - half_length - PICKUP_GAP, top + PICKUP_ABOVE, 0.0)


def kick(entry: Entry, release: tuple[float, float]) -> None:
    """The jolt of a shaky hand letting go (challenge handicaps)."""
    if any(release):
        vx, vy = entry.body.velocity
        entry.body.velocity = (vx + release[0], vy + release[1])


def _card_homes(s: CrazyTowerState) -> dict[str, str]:
    """Each floor card of the tower -> the card under it."""
    floors = s.floors
    return {floors[i]: floors[i - 1] for i in range(1, len(floors))}


def _fallen(
    s: CrazyTowerState, world: World, monitor: Monitor, homes: dict[str, str], acting: str | None
) -> tuple[list[str], Survey]:
    """The tower pieces (and the acting piece) that fell, in the order they fell:
    table touches by time, then pieces no longer resting on the tower."""
    pieces = [*s.floors[1:], *s.on_card, *([acting] if acting else [])]
    present = {p for p in pieces if p in world}
    touched = [p for p in monitor.fallen if p in present]
    view = survey(world, homes, touched)
    rest = [
        e.id
        for e in world.dynamic_entries
        if e.id in present and e.id not in view.on_tower and e.id not in touched
    ]
    if acting is not None and acting in rest and not is_card(acting):
        below = view.rests_on.get(acting, [])
        if below and not any(is_card(p) for p in below):
            rest.remove(acting)  # resting on blocks only: not a fall, a bad placement
    return touched + rest, view
