"""Crafted shapes as cells: every rotation and flip of the five LOTS tetrominoes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from rules.filled_in.config import rules_config
from rules.pieces import Cell, get_piece, normalise, transform_cells


@cache
def orientations(shape: str) -> tuple[frozenset[Cell], ...]:
    """The distinct normalised cell sets of ``shape`` turned and flipped, in a fixed order."""
    base = get_piece(rules_config().piece_for(shape)).cells
    seen: list[frozenset[Cell]] = []
    for mirror in (False, True):
        for turns in range(4):
            cells = transform_cells(base, turns, mirror)
            if cells not in seen:
                seen.append(cells)
    return tuple(seen)


def shape_of(cells: Iterable[Cell]) -> str | None:
    """Which shape letter these cells draw (any rotation or flip), or None."""
    cells = frozenset(cells)
    if not cells:
        return None
    norm = normalise(cells)
    for letter in rules_config().shape_letters:
        if norm in orientations(letter):
            return letter
    return None
