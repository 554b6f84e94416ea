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
from simulator.games.filled_in.fields import GridTable


def shape_cells(shape: str, row: int, col: int, turns: int = 0, mirror: bool = False) -> list[Cell]:
    """The boxes a shape covers in the row/col/turns/mirror notation (sorted)."""
    base = get_piece(rules_config().piece_for(shape)).cells
    return sorted((r + row, c + col) for r, c in transform_cells(base, turns, mirror))


def read_block_cells(table: GridTable, shape: str) -> list[Cell]:
    """A block's boxes from ``cells`` or ``row``/``col``/``turns``/``mirror``."""
    cells = table.cells("cells")
    anchor = [k for k in ("row", "col", "turns", "mirror") if table.has(k)]
    if cells is not None and anchor:
        table.fail(f"give either cells or row/col/turns/mirror, not both ({anchor[0]})")
    if cells is not None:
        return cells
    if not (table.has("row") and table.has("col")):
        table.fail("a block needs cells = [[row, col], ...] or row and col")
    turns = table.integer("turns", default=0, minimum=0)
    if turns > 3:
        table.fail(f"turns counts quarter turns, 0 to 3, not {turns}", "turns")
    return shape_cells(
        shape,
        table.integer("row", minimum=0),
        table.integer("col", minimum=0),
        turns,
        bool(table.boolean("mirror", default=False)),
    )
