"""Where a tetromino dropped in a column would come to rest on the grid, predicted from
the cells the tower fills. Used to pre-check a placement before the physics runs and
by computer players to enumerate spots; the physics still decides what really happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.footprints import get_footprint
from rules.pieces import Cell, transform_cells

Cells = frozenset[Cell]


@dataclass(frozen=True)
class Spot:
    col: int  # leftmost column of the turned piece's bounding box
    turns: int  # quarter turns counter-clockwise
    mirror: bool
    cells: frozenset[Cell]  # where it would rest
    holes: int  # empty cells it would leave under itself
    balanced: bool  # its centre of mass lies over the cells that carry it


# How far inside the carrying cells' span the centre of mass must lie (cells).
BALANCE_MARGIN = 0.25


def column_heights(filled: Iterable[Cell], width: int) -> list[int]:
    """Per column, the first free row above everything in it."""
    heights = [0] * width
    for row, col in filled:
        if 0 <= col < width:
            heights[col] = max(heights[col], row + 1)
    return heights


def drop(shape: frozenset[Cell], col: int, heights: list[int]) -> tuple[frozenset[Cell], int]:
    """Rest ``shape`` (normalised cells) with its left edge at ``col``; (cells, holes)."""
    width = max(c for _, c in shape) + 1
    bottoms = {c: min(r for r, cc in shape if cc == c) for c in range(width)}
    land = max(heights[col + c] - b for c, b in bottoms.items())
    holes = sum(land + b - heights[col + c] for c, b in bottoms.items())
    return frozenset((r + land, c + col) for r, c in shape), holes


def occupied(described: Mapping[str, Any]) -> set[Cell]:
    """The grid cells a LOTS state fills, read from the engine's ``describe``: the
    footprint's own ground and every piece on the tower."""
    filled = set(get_footprint(described["footprint"]).ground_cells())
    filled |= {(r, c) for cells in described["tower"].values() for r, c in cells}
    return filled


def landing(shape: frozenset[Cell], col: int, filled: Iterable[Cell], width: int) -> Cells:
    """Where ``shape`` (normalised cells) with its left edge at ``col`` comes to rest
    on ``filled`` in a lot ``width`` columns wide; columns off the lot count as bare
    ground, so a piece held beside the lot still has a spot to show."""
    span = max(c for _, c in shape) + 1
    pad = max(0, -col)
    heights = [0] * pad + column_heights(filled, width) + [0] * max(0, col + span - width)
    cells, _ = drop(shape, col + pad, heights)
    return frozenset((r, c - pad) for r, c in cells)


def balanced(cells: frozenset[Cell], filled: set[Cell]) -> bool:
    """Static balance on the grid: the centre of mass (uniform cells) lies over the span of
    the cells resting on the ground or on filled cells, with a margin."""
    carried = [c for r, c in cells if r == 0 or (r - 1, c) in filled]
    if not carried:
        return False
    centre = sum(c + 0.5 for _, c in cells) / len(cells)
    return min(carried) + BALANCE_MARGIN <= centre <= max(carried) + 1 - BALANCE_MARGIN


def spots(cells: frozenset[Cell], filled: Iterable[Cell], width: int) -> list[Spot]:
    """Every column, turn and flip a piece can be dropped at within ``width`` columns."""
    filled = set(filled)
    heights = column_heights(filled, width)
    seen: set[frozenset[Cell]] = set()
    out = []
    for turns in range(4):
        for mirror in (False, True):
            shape = transform_cells(cells, turns, mirror)
            if shape in seen:  # symmetric pieces: the same drop twice
                continue
            seen.add(shape)
            span = max(c for _, c in shape) + 1
            for col in range(width - span + 1):
                placed, holes = drop(shape, col, heights)
                out.append(Spot(col, turns, mirror, placed, holes, balanced(placed, filled)))
    return out
