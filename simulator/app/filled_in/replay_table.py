"""Filled In in the replay viewer: every player's tower sheet as a move left it (the
game has no physics world to watch)."""

from __future__ import annotations

from typing import Any

from simulator.app.filled_in.sheet_view import SheetGeometry, paint_sheet
from simulator.app.filled_in.table import Table

NAME_CHARS = 20  # a longer name is shortened under its sheet


def paint_sheets(mesh: Any, hud: Any, state: Any, region: tuple[float, ...]) -> None:
    """Every player's tower sheet, side by side in ``region`` (x, y, w, h)."""
    x, y, w, h = region
    table = Table.of(state)
    each = w / len(table.players)
    for seat, player in enumerate(table.players):
        left = x + seat * each
        geo = SheetGeometry.fit(player.sheet, (left, y, each - 8, h - 30), max_cell=30.0)
        paint_sheet(mesh, hud, geo, table, player)
        name = player.name if len(player.name) <= NAME_CHARS else player.name[:19] + "…"
        hud.text(name, left + (each - 8) / 2, y + h - 14, 13, bold=True, anchor_x="center")
