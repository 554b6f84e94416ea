"""LOTS: Filled In, the roll-and-write game: a pure rules engine.

The front door is ``rules.filled_in.engine.ENGINE`` (the contract of rules/engine.py);
the functions below stay for the callers not yet moved.

A game is ``new_game(...)`` (options and a seed), then moves: ``roll``, ``draft`` and
``place`` (or ``apply_move`` with move dicts). Every move returns a new state and
leaves the old one alone; a refused move raises ``rules.errors.IllegalMove``. See
docs/rules-filled-in.md for the rules as implemented and every house design.
"""

from rules.filled_in.choices import can_place, placement_moves
from rules.filled_in.crafting import craft_options
from rules.filled_in.moves import apply_move, draft, drafter, place, roll, roller
from rules.filled_in.options import FilledInOptions
from rules.filled_in.placement import legal_placements, legal_purple_cells, placement_problem
from rules.filled_in.scoring import ScoreBreakdown, largest_areas
from rules.filled_in.setup import new_game
from rules.filled_in.sheets import SheetSpec, get_sheet, tower_sheets
from rules.filled_in.state import GameState, PlayerState
from rules.filled_in.tower import Block, PlacedPiece, Tower, placed_tetrominoes
from rules.filled_in.turns import (
    current_player,
    end_reason,
    is_over,
    legal_moves,
    scores,
    to_move,
    winner,
)

__all__ = [
    "Block",
    "FilledInOptions",
    "GameState",
    "PlacedPiece",
    "PlayerState",
    "ScoreBreakdown",
    "SheetSpec",
    "Tower",
    "apply_move",
    "can_place",
    "craft_options",
    "current_player",
    "draft",
    "drafter",
    "end_reason",
    "get_sheet",
    "is_over",
    "largest_areas",
    "legal_moves",
    "legal_placements",
    "legal_purple_cells",
    "new_game",
    "place",
    "placed_tetrominoes",
    "placement_moves",
    "placement_problem",
    "roll",
    "roller",
    "scores",
    "to_move",
    "tower_sheets",
    "winner",
]
