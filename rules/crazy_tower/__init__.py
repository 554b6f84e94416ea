"""Crazy Tower: the pure rules engine (rulebook: crazy-tower.txt; docs/rules-crazy-tower.md).

The front door is ``rules.crazy_tower.engine.ENGINE`` (the contract of rules/engine.py);
the functions below stay for the callers not yet moved.

A game is ``new_game(options)`` plus moves; every move returns a new state and raises
``IllegalMove`` (leaving its input untouched) when refused. What the physics decided
reaches the rules as the outcome dataclasses of ``outcome.py``.
"""

from rules.crazy_tower.actions import apply_action, replay
from rules.crazy_tower.blocks import Block, blocks_of_colour, get_block
from rules.crazy_tower.cards import (
    FloorCard,
    box_width,
    card_length,
    cover_fraction,
    covered_boxes,
    floor_cards,
    get_card,
)
from rules.crazy_tower.challenges import (
    Challenge,
    Handicap,
    challenges,
    get_challenge,
    handicap_for,
)
from rules.crazy_tower.ending import (
    CHALLENGE_FAILED,
    COLLAPSE,
    LAST_BLOCK,
    OUT_OF_TIME,
    STALEMATE,
)
from rules.crazy_tower.legal import legal_moves
from rules.crazy_tower.moves import (
    exchange,
    lay_card,
    pass_turn,
    place_block,
    remove_block,
    replace_piece,
    report_time,
    reveal_card,
    skip_removal,
)
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.placement import check_placement, placement_problem, target_floor
from rules.crazy_tower.scoring import scores
from rules.crazy_tower.setup import new_game
from rules.crazy_tower.state import CrazyTowerState
from rules.crazy_tower.view import end_reason, observe, status, winner

__all__ = [
    "CHALLENGE_FAILED",
    "COLLAPSE",
    "LAST_BLOCK",
    "OUT_OF_TIME",
    "STALEMATE",
    "Block",
    "BlockOutcome",
    "Challenge",
    "CrazyTowerState",
    "FloorCard",
    "FloorCardOutcome",
    "Handicap",
    "RemovalOutcome",
    "apply_action",
    "blocks_of_colour",
    "box_width",
    "card_length",
    "challenges",
    "check_placement",
    "cover_fraction",
    "covered_boxes",
    "end_reason",
    "exchange",
    "floor_cards",
    "get_block",
    "get_card",
    "get_challenge",
    "handicap_for",
    "lay_card",
    "legal_moves",
    "new_game",
    "observe",
    "pass_turn",
    "place_block",
    "placement_problem",
    "remove_block",
    "replace_piece",
    "replay",
    "report_time",
    "reveal_card",
    "scores",
    "skip_removal",
    "status",
    "target_floor",
    "winner",
]
