"""Building a LOTS lot in the world: the table, the footprint's plinth and its grid."""

from __future__ import annotations

from dataclasses import dataclass

from rules.footprints import Footprint
from simulator.physics.grid import Grid
from simulator.physics.world import World

TABLE_HALF_WIDTH = 150.0  # cm: far wider than any tower, so what falls lands on it
PLINTH_HEIGHT = 0.3  # cm: the footprint card lying on the table


@dataclass(frozen=True)
class Lot:
    footprint: Footprint
    grid: Grid
    left: float  # world x of the footprint's left boundary
    right: float

    def column_x(self, col: float) -> float:
        """World x of the left edge of column ``col`` (fractions allowed)."""
        return self.left + col * self.grid.cell


def build_lot(world: World, footprint: Footprint, cell: float) -> Lot:
    """Add the table and the footprint (card plus raised ground) centred on x = 0.

    Anything touching the table has fallen; the footprint card is what a tower stands on.
    """
    felt, wood = world.material("felt"), world.material("wood")
    w = TABLE_HALF_WIDTH
    world.add_static("table", [[(-w, -5.0), (w, -5.0), (w, 0.0), (-w, 0.0)]], felt, is_table=True)
    left = -footprint.width * cell / 2
    right = -left
    base = PLINTH_HEIGHT
    shapes = [[(left, 0.0), (right, 0.0), (right, base), (left, base)]]
    for col, height in enumerate(footprint.ground):
        if height:
            x0 = left + col * cell
            shapes.append(
                [
                    (x0, base),
                    (x0 + cell, base),
                    (x0 + cell, base + height * cell),
                    (x0, base + height * cell),
                ]
            )
    world.add_static("footprint", shapes, wood)
    return Lot(footprint, Grid(origin=(left, base), cell=cell), left, right)
