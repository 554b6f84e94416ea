"""What a player has drawn on a tower sheet: blocks and purple spaces.

This is the paper, nothing more: the scores written on the crane and the marks of the
game live in ``state.PlayerState``. ``placed_pieces`` lists the drawing as LOTS pieces,
which is what the physics needs to build the tower and ask whether it would stand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.filled_in.config import rules_config
from rules.filled_in.sheets import SheetSpec, get_sheet
from rules.pieces import Cell

PURPLE_PIECE = "lots-cube"  # a purple space is one cube cell in the piece catalogue


@dataclass(frozen=True)
class Block:
    shape: str
    colour: str
    cells: tuple[Cell, ...]  # sorted
    round: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "shape": self.shape,
            "colour": self.colour,
            "cells": [list(c) for c in self.cells],
            "round": self.round,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Block:
        return cls(data["shape"], data["colour"], _cells(data["cells"]), int(data.get("round", 0)))


@dataclass(frozen=True)
class PurpleSpace:
    cell: Cell
    round: int


@dataclass(frozen=True)
class PlacedPiece:
    """One drawn piece as the physics sees it: a catalogue piece at grid cells."""

    piece: str
    colour: str
    cells: tuple[Cell, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"piece": self.piece, "colour": self.colour, "cells": [list(c) for c in self.cells]}


@dataclass
class Tower:
    sheet: int
    blocks: list[Block] = field(default_factory=list)
    purples: list[PurpleSpace] = field(default_factory=list)  # in the order used

    @property
    def spec(self) -> SheetSpec:
        return get_sheet(self.sheet)

    def grid(self) -> dict[Cell, str]:
        """Every filled box and its colour (purple for a purple space)."""
        out = {cell: block.colour for block in self.blocks for cell in block.cells}
        purple = rules_config().purple
        out.update({p.cell: purple for p in self.purples})
        return out

    def filled(self) -> frozenset[Cell]:
        return frozenset(self.grid())

    def is_full(self) -> bool:
        return self.filled() >= self.spec.boxes

    def level_colours(self, level: int) -> set[str]:
        """The different colours drawn on a level so far (purple counts)."""
        grid = self.grid()
        return {grid[c] for c in self.spec.level_cells(level) if c in grid}

    def level_complete(self, level: int) -> bool:
        return self.spec.level_cells(level) <= self.filled()

    def placed_pieces(self) -> list[PlacedPiece]:
        """The drawing as pieces, in the order drawn (a turn's purple after its block)."""
        cfg = rules_config()
        items: list[tuple[int, int, PlacedPiece]] = []
        for b in self.blocks:
            items.append((b.round, 0, PlacedPiece(cfg.piece_for(b.shape), b.colour, b.cells)))
        for p in self.purples:
            items.append((p.round, 1, PlacedPiece(PURPLE_PIECE, cfg.purple, (p.cell,))))
        # stable sort keeps the drawing order within a round and kind
        return [piece for _, _, piece in sorted(items, key=lambda t: (t[0], t[1]))]

    def to_dict(self) -> dict[str, Any]:
        return {
            "sheet": self.sheet,
            "blocks": [b.to_dict() for b in self.blocks],
            "purples": [{"cell": list(p.cell), "round": p.round} for p in self.purples],
        }

    def copy(self) -> Tower:
        """An independent copy (the drawn blocks and purple spaces are frozen)."""
        return Tower(self.sheet, list(self.blocks), list(self.purples))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tower:
        return cls(
            sheet=int(data["sheet"]),
            blocks=[Block.from_dict(b) for b in data.get("blocks", [])],
            purples=[
                PurpleSpace(_cell(p["cell"]), int(p.get("round", 0)))
                for p in data.get("purples", [])
            ],
        )


def placed_tetrominoes(tower: Tower | dict[str, Any]) -> list[dict[str, Any]]:
    """For ``towersim sheet stand``: each drawn piece as {piece, colour, cells}.

    Accepts a ``Tower`` or its dict (as found in a saved game's player entry).
    """
    if isinstance(tower, dict):
        tower = Tower.from_dict(tower)
    return [p.to_dict() for p in tower.placed_pieces()]


def _cell(raw: Any) -> Cell:
    row, col = raw
    return int(row), int(col)


def _cells(raw: Any) -> tuple[Cell, ...]:
    return tuple(sorted(_cell(c) for c in raw))
