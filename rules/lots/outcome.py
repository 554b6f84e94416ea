"""What the physics decided about one placement, as plain data for the rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules.errors import IllegalMove

Cell = tuple[int, int]


@dataclass(frozen=True)
class PlacementOutcome:
    """The settled tower after one placement step.

    placed:   the tetromino instance placed in this step (None only in a re-place step
              where just the purple cube had to go back on).
    cube:     the purple cube instance placed in this step, if any.
    fallen:   instances that fell off the tower during this step, in the order they fell.
    cells:    for every piece on the tower after the step (fallen ones excluded), the
              (row, col) grid cells it occupies; row 0 is the bottom floor, col 0 the
              leftmost footprint column.
    touching: unordered pairs of on-tower instances that touch along an edge (a corner
              alone is not touching).
    taken_back: (piece, why) for each piece placed in this step that came to rest
              outside the footprint's boundaries and was taken back (it is in ``fallen``
              too, as it is off the tower). Empty where the table does not say (rests
              before 4): then a piece taken back is only a fallen one.
    """

    placed: str | None
    cube: str | None = None
    fallen: tuple[str, ...] = ()
    cells: Mapping[str, frozenset[Cell]] = field(default_factory=dict)
    touching: frozenset[frozenset[str]] = frozenset()
    taken_back: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        # Normalise whatever iterables the caller used, so equality and hashing work.
        object.__setattr__(self, "fallen", tuple(self.fallen))
        cells = {k: frozenset((int(r), int(c)) for r, c in v) for k, v in self.cells.items()}
        object.__setattr__(self, "cells", MappingProxyType(cells))
        object.__setattr__(self, "touching", frozenset(frozenset(p) for p in self.touching))
        object.__setattr__(self, "taken_back", tuple((str(p), str(w)) for p, w in self.taken_back))

    def to_dict(self) -> dict[str, Any]:
        return {
            "placed": self.placed,
            "cube": self.cube,
            "fallen": list(self.fallen),
            "cells": {k: sorted([r, c] for r, c in v) for k, v in sorted(self.cells.items())},
            "touching": sorted(sorted(pair) for pair in self.touching),
        } | ({"taken_back": [list(t) for t in self.taken_back]} if self.taken_back else {})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlacementOutcome:
        return cls(
            placed=data.get("placed"),
            cube=data.get("cube"),
            fallen=tuple(data.get("fallen", ())),
            cells={k: frozenset(tuple(c) for c in v) for k, v in data.get("cells", {}).items()},
            touching=frozenset(frozenset(p) for p in data.get("touching", ())),
            taken_back=_taken_back(data.get("taken_back", ())),
        )


def _taken_back(entries: Any) -> tuple[tuple[str, str], ...]:
    """An outcome's ``taken_back`` read from plain data: [piece, why] pairs."""
    pairs = []
    for entry in entries if isinstance(entries, (list, tuple)) else [entries]:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2):
            raise IllegalMove(f"taken_back lists [piece, why] pairs, not {entry!r}")
        pairs.append((str(entry[0]), str(entry[1])))
    return tuple(pairs)
