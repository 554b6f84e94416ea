"""The grid view: settled pieces snapped to (row, col) cells of a footprint grid.

The rules count floors and spots in cells, the physics knows poses; this is the bridge.
A piece snaps when it is turned within ``angle_tolerance`` of a quarter turn and every
cell centre lies within ``tolerance`` (a fraction of a cell) of a grid cell centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules.pieces import Cell
from simulator.physics.geometry import piece_cell_centres
from simulator.physics.world import Entry


@dataclass(frozen=True)
class Grid:
    origin: tuple[float, float]  # world position of the bottom-left corner of cell (0, 0)
    cell: float  # cm
    tolerance: float = 0.3  # fraction of a cell
    angle_tolerance: float = 10.0  # degrees


@dataclass
class GridView:
    cells: dict[str, frozenset[Cell]] = field(default_factory=dict)  # piece id -> its cells
    off_grid: dict[str, str] = field(default_factory=dict)  # piece id -> why it did not snap

    def occupancy(self) -> dict[Cell, str]:
        """Which piece fills each cell (a cell claimed twice keeps the first piece)."""
        out: dict[Cell, str] = {}
        for piece_id, cells in self.cells.items():
            for cell in cells:
                out.setdefault(cell, piece_id)
        return out


def snap(entries: list[Entry], grid: Grid) -> GridView:
    view = GridView()
    for entry in entries:
        if entry.piece is None or not entry.piece.cells:
            continue
        cells, problem = _snap_entry(entry, grid)
        if problem:
            view.off_grid[entry.id] = problem
        else:
            view.cells[entry.id] = cells
    return view


def _snap_entry(entry: Entry, grid: Grid) -> tuple[frozenset[Cell], str | None]:
    assert entry.piece is not None
    pose = entry.pose
    degrees = math.degrees(pose.angle)
    off = abs(degrees - 90.0 * round(degrees / 90.0))
    if off > grid.angle_tolerance:
        return frozenset(), f"turned {off:.1f} degrees off a quarter turn"
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    cells = set()
    for x, y in piece_cell_centres(entry.piece, entry.mirror).values():
        wx = pose.x + c * x - s * y
        wy = pose.y + s * x + c * y
        u = (wx - grid.origin[0]) / grid.cell - 0.5
        v = (wy - grid.origin[1]) / grid.cell - 0.5
        col, row = round(u), round(v)
        error = max(abs(u - col), abs(v - row))
        if error > grid.tolerance:
            return frozenset(), f"a cell is {error:.2f} cells off the grid"
        cells.add((row, col))
    return frozenset(cells), None
