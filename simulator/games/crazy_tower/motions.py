"""Hand motions the physics core's scripted path (Hand.carry) does not offer: letting a
piece go in mid-air (challenge 20 drops floor cards) and pulling a block out of the
tower sideways (diamonds box). Both are built from the hand's own straight moves
(Hand.move_to) and steadying (Hand.steady).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from simulator.games.crazy_tower.bodies import PULLED_FILTER
from simulator.physics.hand import Hand
from simulator.physics.world import Entry, World

OnStep = Callable[[], None] | None

# A pull grips far harder than a placement (Hand: 4x the piece's weight): a block
# under a loaded card is held by friction from the card above and below; a player pulls
# until it comes, and it is the tower that gives way, not the grip.
PULL_GRIP = 60.0
PULL_SPEED = 10.0  # cm/s
PULL_CLEARANCE = 1.0  # cm past the last card end before the block counts as out


def pulling_hand(world: World) -> Hand:
    base = world.hand_settings
    return Hand(world, replace(base, grip_force=PULL_GRIP, grip_torque=PULL_GRIP))


def top_under(world: World, held: Entry, left: float, right: float) -> float:
    """The highest point of any other body between ``left`` and ``right`` (world x)."""
    tops = [
        shape.bb.top
        for entry in world.entries
        if entry is not held
        for shape in entry.shapes
        if shape.bb.right > left and shape.bb.left < right
    ]
    return max(tops, default=0.0)


def drop(hand: Hand, x: float, angle_deg: float, height: float, on_step: OnStep) -> None:
    """Carry the held piece over ``x`` and let it go with its lowest point ``height`` cm
    above whatever lies under it."""
    held = hand.held
    assert held is not None
    world = hand.world
    angle = math.radians(angle_deg)
    safe = max(s.bb.top for e in world.entries if e is not held for s in e.shapes)
    travel = max(safe + held.radius + hand.settings.safe_clearance, hand.body.position.y)
    speed = hand.settings.travel_speed
    hand.move_to(hand.body.position.x, travel, hand.body.angle, speed, on_step)
    hand.move_to(x, travel, angle, speed, on_step)
    hand.steady(on_step)
    c, s = math.cos(angle), math.sin(angle)
    points = [(c * px - s * py, s * px + c * py) for poly in held.local_polygons for px, py in poly]
    left = x + min(p[0] for p in points)
    right = x + max(p[0] for p in points)
    bottom = min(p[1] for p in points)
    target = top_under(world, held, left, right) - bottom + height
    hand.move_to(x, min(target, hand.body.position.y), angle, speed, on_step)
    hand.steady(on_step)
    hand.release()


def pull_out(hand: Hand, block: Entry, direction: int, cards: list[Entry], on_step: OnStep) -> None:
    """Grip ``block`` where it lies and pull it level along x (``direction`` -1: left,
    +1: right) until it clears every card in ``cards``, then let go of it."""
    for shape in block.shapes:
        shape.filter = PULLED_FILTER
    hand.grab(block.id)
    xs = [x for poly in block.world_polygons() for x, _ in poly]
    if direction > 0:
        edge = max(s.bb.right for c in cards for s in c.shapes)
        distance = edge + PULL_CLEARANCE - min(xs)
    else:
        edge = min(s.bb.left for c in cards for s in c.shapes)
        distance = max(xs) - (edge - PULL_CLEARANCE)
    body = hand.body
    hand.move_to(
        body.position.x + direction * max(distance, 0.0),
        body.position.y,
        body.angle,
        PULL_SPEED,
        on_step,
    )
    hand.release()
