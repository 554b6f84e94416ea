"""Where a block or a purple space may be drawn on a tower sheet.

A block is four empty boxes of the tower in the crafted shape (any rotation or flip)
touching a filled box orthogonally or standing on the bottom floor. Purple spaces
follow the same touching rule (house rule: the rulebook is silent; a floating box
could never be built). Every check returns a reason a player can read, or None.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import permutations
from typing import NamedTuple

from rules.filled_in.shapes import orientations, shape_of
from rules.filled_in.sheets import SheetSpec
from rules.pieces import Cell

FLOOR_ROW = 0
TOUCH_REASON = "must touch another block orthogonally or the bottom floor"


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))


def touches(cells: Iterable[Cell], filled: frozenset[Cell] | set[Cell]) -> bool:
    """Whether any of ``cells`` stands on the floor or borders a filled box."""
    return any(cell[0] == FLOOR_ROW or any(n in filled for n in neighbours(cell)) for cell in cells)


def box_name(cell: Sequence[int]) -> str:
    """A box as the players count it (and the screen shows it): rows from 1 at the
    bottom, columns from 1 at the left. ``(0, 3)`` -> ``row 1, column 4``."""
    row, col = cell
    return f"row {row + 1}, column {col + 1}"


def box_problem(spec: SheetSpec, filled: frozenset[Cell], cell: Cell) -> str | None:
    if cell not in spec.boxes:
        return f"the box at {box_name(cell)} is outside the tower"
    if cell in filled:
        return f"the box at {box_name(cell)} is already filled"
    return None


def block_problem(
    spec: SheetSpec,
    filled: frozenset[Cell],
    shape: str,
    cells: Sequence[Cell],
    *,
    free: bool = False,
) -> str | None:
    """Why this block cannot be drawn here (touching ignored when ``free``), or None."""
    if len(cells) != 4 or len(set(cells)) != 4:
        return "a block is four different boxes"
    if shape_of(cells) != shape:
        return f"those boxes do not draw the {shape} shape (turned or flipped)"
    for cell in sorted(cells):
        problem = box_problem(spec, filled, cell)
        if problem:
            return problem
    if not free and not touches(cells, filled):
        return f"the block {TOUCH_REASON}"
    return None


def placement_problem(
    spec: SheetSpec,
    filled: frozenset[Cell],
    shape: str,
    cells: Sequence[Cell],
    purples: Sequence[Cell] = (),
    *,
    free: bool = False,
) -> str | None:
    """A block plus this turn's purple spaces: each must be legal in some drawing order.

    The order matters only for touching: a purple space may lean on the new block, or
    the block on a new purple space.
    """
    problem = block_problem(spec, filled, shape, cells, free=True)
    if problem:
        return problem
    taken = set(cells)
    for cell in purples:
        problem = box_problem(spec, filled, cell)
        if problem:
            return f"the purple space cannot go there: {problem}"
        if cell in taken:
            return f"the box at {box_name(cell)} is filled twice this turn"
        taken.add(cell)
    items: list[tuple[str, tuple[Cell, ...]]] = [("block", tuple(cells))]
    items += [("purple", (cell,)) for cell in purples]
    for order in permutations(items):
        done = set(filled)
        for kind, item in order:
            if not (kind == "block" and free) and not touches(item, done):
                break
            done.update(item)
        else:
            return None
    if not free and not touches(cells, filled | frozenset(purples)):
        return f"the block {TOUCH_REASON}"
    return f"the purple space {TOUCH_REASON}"


class _Spot(NamedTuple):
    """One way to draw a shape inside a sheet's boxes, with what legality asks of it."""

    cells: tuple[Cell, ...]  # sorted
    boxes: frozenset[Cell]
    on_floor: bool
    border: frozenset[Cell]  # the orthogonal neighbours outside the block


@cache
def _spots(spec: SheetSpec, shape: str) -> tuple[_Spot, ...]:
    """Every drawing of ``shape`` inside the tower, sorted by cells: the candidates
    ``legal_placements`` filters (the computer players ask thousands of times a game)."""
    out: dict[tuple[Cell, ...], _Spot] = {}
    for base in orientations(shape):
        rows = max(r for r, _ in base) + 1
        cols = max(c for _, c in base) + 1
        for dr in range(spec.height - rows + 1):
            for dc in range(spec.width - cols + 1):
                cells = tuple(sorted((r + dr, c + dc) for r, c in base))
                if cells in out or not all(c in spec.boxes for c in cells):
                    continue
                boxes = frozenset(cells)
                border = frozenset(n for c in cells for n in neighbours(c)) - boxes
                on_floor = any(r == FLOOR_ROW for r, _ in cells)
                out[cells] = _Spot(cells, boxes, on_floor, border)
    return tuple(out[cells] for cells in sorted(out))


def _legal_spots(
    spec: SheetSpec, filled: frozenset[Cell], shape: str, free: bool
) -> Iterator[tuple[Cell, ...]]:
    # empty boxes that touch as ``touches`` asks: the floor, or a filled neighbour
    for cells, boxes, on_floor, border in _spots(spec, shape):
        if boxes.isdisjoint(filled) and (free or on_floor or not border.isdisjoint(filled)):
            yield cells


def legal_placements(
    spec: SheetSpec, filled: frozenset[Cell], shape: str, *, free: bool = False
) -> list[tuple[Cell, ...]]:
    """Every legal way to draw ``shape`` (as sorted cell tuples, in a fixed order)."""
    return list(_legal_spots(spec, filled, shape, free))


def has_placement(
    spec: SheetSpec, filled: frozenset[Cell], shape: str, *, free: bool = False
) -> bool:
    return next(_legal_spots(spec, filled, shape, free), None) is not None


def legal_purple_cells(spec: SheetSpec, filled: frozenset[Cell]) -> list[Cell]:
    """Empty boxes a purple space may fill given what is drawn (block included)."""
    return sorted(c for c in spec.boxes - filled if touches((c,), filled))
