"""What a Filled In move lights up on its player's sheet: tool boxes, levels (flashes.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from simulator.app.flashes import BAD, GOLD, GOOD, Flashes, cell_region

EDGE = 3.0  # logical px: a Filled In flash's edge


def filled_in_flashes(
    flashes: Flashes,
    events: Iterable[Mapping[str, Any]],
    geometry: Callable[[str], Any],
    *,
    held: bool = False,
) -> None:
    """A Filled In move's scoring boxes on its player's sheet (logical px, tagged with
    the player): a tool box covered, completed (green) or lost (red), and a level
    completed (gold). ``geometry(player)`` is that player's SheetGeometry."""
    for event in events:
        kind, player = event["type"], event.get("player")
        if player is None:
            continue
        geo = geometry(str(player))
        if kind in ("tool_complete", "tool_missed"):
            tools = geo.spec.tools.items()
            cells = [box for box, (number, _) in tools if number == event["tool"]]
            rgb = GOOD if kind == "tool_complete" else BAD
        elif kind == "level_complete":
            cells, rgb = list(geo.spec.levels[int(event["level"])]), GOLD
        else:
            continue
        fills, edges = cell_region(cells, geo.corner, geo.cell, EDGE)
        flashes.add(fills, edges, rgb, tag=str(player), held=held)
