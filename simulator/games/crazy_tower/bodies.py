"""Building a Crazy Tower world: the table, the starting card, blocks and floor cards.

Floor cards are thin planks (20 x 0.3 cm). The default profile holds them still at rest,
but a piece that lands fast sinks up to v*dt into what it hits (0.2 cm for a card
dropped 5 cm, two thirds of its thickness) and the solver pushes that overlap out with
bias "velocities" that do not count as motion: bodies fall asleep after
``sleep_time_threshold`` with the overlap left in (0.05 cm measured). Keeping bodies
awake for 1 s lets the bias finish the job (0.007 cm left): assets/crazy_tower/physics.toml.
"""

from __future__ import annotations

import math

import pymunk

from rules.assets import load_asset
from rules.crazy_tower import get_block
from rules.crazy_tower.cards import CARD_PIECE
from rules.pieces import get_piece
from simulator.physics.lot import TABLE_HALF_WIDTH
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import Entry, Pose, World

TABLE_DEPTH = 5.0
START_CARD = "fc-00"

# Collision categories: a block pulled out of the tower (diamonds box) passes the blocks
# beside it, as a real block is pulled towards the player, but still rubs on the cards
# above and below it.
BLOCK_CATEGORY = 0b01
CARD_CATEGORY = 0b10
BLOCK_FILTER = pymunk.ShapeFilter(categories=BLOCK_CATEGORY)
CARD_FILTER = pymunk.ShapeFilter(categories=CARD_CATEGORY)
PULLED_FILTER = pymunk.ShapeFilter(categories=BLOCK_CATEGORY, mask=CARD_CATEGORY)


def tower_profile(profile: PhysicsProfile, sleep_given: bool = False) -> PhysicsProfile:
    """The profile a Crazy Tower world runs with: ``profile`` with a longer sleep time,
    unless the scenario set its own ``sleep_time_threshold``."""
    sleep = float(load_asset("crazy_tower/physics.toml")["sleep_time_threshold"])
    if sleep_given or profile.sleep_time_threshold >= sleep:
        return profile
    return profile.with_overrides(sleep_time_threshold=sleep)


def is_card(piece_id: str) -> bool:
    return piece_id.startswith("fc-")


def card_half_length() -> float:
    box = get_piece(CARD_PIECE).box
    assert box is not None
    return box[0] / 2


def card_half_thickness() -> float:
    box = get_piece(CARD_PIECE).box
    assert box is not None
    return box[1] / 2


def build_table(world: World) -> Entry:
    """The felt table (top at y = 0) and the starting card lying on it, centred on x = 0."""
    w = TABLE_HALF_WIDTH
    world.add_static(
        "table",
        [[(-w, -TABLE_DEPTH), (w, -TABLE_DEPTH), (w, 0.0), (-w, 0.0)]],
        world.material("felt"),
        is_table=True,
    )
    return add_card(world, START_CARD, Pose(0.0, card_half_thickness(), 0.0))


def add_card(world: World, card: str, pose: Pose) -> Entry:
    spec = get_piece(CARD_PIECE)
    entry = world.add_piece(card, spec, pose, world.material(spec.material))
    for shape in entry.shapes:
        shape.filter = CARD_FILTER
    return entry


def add_block(world: World, block: str, pose: Pose) -> Entry:
    spec = get_piece(get_block(block).piece)
    entry = world.add_piece(block, spec, pose, world.material(spec.material))
    for shape in entry.shapes:
        shape.filter = BLOCK_FILTER
    return entry


def block_span(block: str, angle_deg: float) -> float:
    """How long a block turned by ``angle_deg`` is along a level card (its shadow)."""
    spec = get_piece(get_block(block).piece)
    length = max(c for _, c in spec.cells) + 1
    width = length * spec.cell_size
    height = (max(r for r, _ in spec.cells) + 1) * spec.cell_size
    a = math.radians(angle_deg)
    return abs(math.cos(a)) * width + abs(math.sin(a)) * height


def block_height(block: str, angle_deg: float) -> float:
    spec = get_piece(get_block(block).piece)
    width = (max(c for _, c in spec.cells) + 1) * spec.cell_size
    height = (max(r for r, _ in spec.cells) + 1) * spec.cell_size
    a = math.radians(angle_deg)
    return abs(math.sin(a)) * width + abs(math.cos(a)) * height
