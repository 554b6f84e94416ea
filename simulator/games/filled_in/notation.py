"""Where a block goes, as scenario files and sheet files write it.

Two notations for the same four boxes (rows count up from 0 on the foundation floor,
columns from 0 on the left, as in rules/pieces.py):

- ``cells = [[row, col], ...]``: the four boxes themselves;
- ``row``, ``col``, ``turns``, ``mirror``: the shape's LOTS piece flipped left-right
  (``mirror``), then turned ``turns`` quarter turns counter-clockwise, with the
  bottom-left corner of its bounding box at box (``row``, ``col``).
"""

from __future__ import annotations

from rules.filled_in.config import rules_config
from rules.pieces import Cell, get_piece, transform_cells


def shape_cells(shape: str, row: int, col: int, turns: int = 0, mirror: bool = False) -> list[Cell]:
    """The boxes a shape covers in the row/col/turns/mirror notation (sorted)."""
    base = get_piece(rules_config().piece_for(shape)).cells
    return sorted((r + row, c + col) for r, c in transform_cells(base, turns, mirror))
