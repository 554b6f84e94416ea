"""What a LOTS move lights up: its floors completed and colour matches (flashes.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.footprints import get_footprint
from simulator.app.flashes import GOLD, WHITE, Cell, Flashes, Point, cell_region
from simulator.app.lots.material import engine

EDGE = 0.1  # cm: a LOTS flash's edge


def lots_flashes(
    flashes: Flashes,
    events: Iterable[Mapping[str, Any]],
    state: Any,
    lot: Any,
    *,
    held: bool = False,
) -> None:
    """A LOTS move's floors completed (gold, the floor's row across the footprint) and
    colour matches (white, the placed block and the blocks it matches), on the lot's
    grid (world cm); ``state`` is the state after the events (its tower)."""
    size = lot.grid.cell
    ox, oy = lot.grid.origin

    def corner(cell: Cell) -> Point:
        return ox + cell[1] * size, oy + cell[0] * size

    described = engine().describe(state)
    width = get_footprint(described["footprint"]).width
    placed = None
    for event in events:
        if event["type"] == "place":
            placed = event.get("block")
        if event["type"] != "turn_score" or not event.get("points"):
            continue  # an accident's turn scores nothing: nothing to light up
        for floor in event.get("floors") or []:
            row = [(int(floor), col) for col in range(width)]
            flashes.add(*cell_region(row, corner, size, EDGE), GOLD, held=held)
        matched = list(event.get("matches") or [])
        for piece in matched + ([placed] if matched and placed else []):
            cells = [(int(r), int(c)) for r, c in described["tower"].get(piece, ())]
            flashes.add(*cell_region(cells, corner, size, EDGE), WHITE, held=held)
