"""Where things are on the Filled In screen, in logical pixels: the sheet's region and
a sheet fitted into a region, boxes addressed (row, col) with row 0 on the foundation.
Pure arithmetic (no pyglet): the turn controller finds the box under a click with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.pieces import Cell
from simulator.app.filled_in.table import Sheet

LEFT_W = 800.0  # the sheet side of the screen; the panel is to the right
SHEET_REGION = (20.0, 112.0, 770.0, 498.0)  # x, y, w, h: the tower and its level scores
SCORE_W = 64.0  # the crane's level-score column beside the tower
SCORE_GAP = 18.0


@dataclass(frozen=True)
class SheetGeometry:
    spec: Sheet
    x0: float  # lower-left corner of box (0, 0)
    y0: float
    cell: float

    @classmethod
    def fit(
        cls, spec: Sheet, region: tuple[float, float, float, float], max_cell: float = 40.0
    ) -> SheetGeometry:
        """The sheet centred in ``region`` (x, y, w, h) with its level-score column."""
        x, y, w, h = region
        cell = min(max_cell, h / spec.height, (w - SCORE_W - SCORE_GAP) / spec.width)
        total = spec.width * cell + SCORE_GAP + SCORE_W
        return cls(spec, x + (w - total) / 2, y + (h - spec.height * cell) / 2, cell)

    @property
    def width(self) -> float:
        return self.spec.width * self.cell

    @property
    def height(self) -> float:
        return self.spec.height * self.cell

    def corner(self, cell: Cell) -> tuple[float, float]:
        row, col = cell
        return self.x0 + col * self.cell, self.y0 + row * self.cell

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2

    def box_at(self, x: float, y: float) -> Cell:
        """The box under a point (it may lie outside the sheet)."""
        return int((y - self.y0) // self.cell), int((x - self.x0) // self.cell)

    def anchor(self, x: float, y: float, rows: int, cols: int) -> Cell:
        """Where a shape rows x cols tall/wide goes so that its middle is at (x, y)."""
        return (
            round((y - self.y0) / self.cell - rows / 2),
            round((x - self.x0) / self.cell - cols / 2),
        )

    def contains(self, x: float, y: float, margin: float = 0.0) -> bool:
        return (
            self.x0 - margin <= x <= self.x0 + self.width + margin
            and self.y0 - margin <= y <= self.y0 + self.height + margin
        )
