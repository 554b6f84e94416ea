"""The footprint grid seen from the front: floors (rows) and edge contacts.

A floor is row r of the grid. It is complete when every column of the footprint
(0 .. width-1) holds, in row r, either a piece cell or a ground cell. Cells outside
the footprint's columns never count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.footprints import Footprint

Cell = tuple[int, int]


def as_cell(pair: Sequence[int]) -> Cell:
    """A cell from a [row, column] pair as a state stores it (a list in JSON)."""
    row, column = pair
    return row, column


def occupied(cells_by_piece: Mapping[str, Iterable[Cell]]) -> frozenset[Cell]:
    return frozenset(as_cell(c) for cells in cells_by_piece.values() for c in cells)


def complete_floors(footprint: Footprint, filled: Iterable[Cell]) -> frozenset[int]:
    """Rows in which every footprint column is a piece cell or ground."""
    solid = set(filled) | footprint.ground_cells()
    if not solid:
        return frozenset()
    top = max(r for r, _ in solid)
    return frozenset(
        r for r in range(top + 1) if all((r, c) in solid for c in range(footprint.width))
    )


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))


def edge_touch(a: Iterable[Cell], b: Iterable[Cell]) -> bool:
    """Whether two cell sets share an edge (diagonal corners do not count)."""
    other = set(b)
    return any(n in other for cell in a for n in _neighbours(cell))


def touching_pairs(cells_by_piece: Mapping[str, Iterable[Cell]]) -> frozenset[frozenset[str]]:
    """Every unordered pair of pieces sharing an edge, worked out from grid cells."""
    owner = {as_cell(c): piece for piece, cells in cells_by_piece.items() for c in cells}
    pairs = set()
    for cell, piece in owner.items():
        for n in _neighbours(cell):
            other = owner.get(n)
            if other is not None and other != piece:
                pairs.add(frozenset((piece, other)))
    return frozenset(pairs)
