"""The strips around the sheet on the Filled In screen: one tab per player above it
(click to look at that sheet) and, below it, the viewed sheet's tools, largest colour
areas and score so far. Pure drawing into a Mesh and a Hud."""

from __future__ import annotations

from collections.abc import Callable

from simulator.app.filled_in.content import COLOURS
from simulator.app.filled_in.sheet_view import (
    ILLEGAL,
    INK,
    colour_box,
    frame,
    paint_mini,
    rect,
    tint,
)
from simulator.app.filled_in.table import ENDED, PLACE, Player, Table
from simulator.app.widgets import Button, Hud
from simulator.render.mesh import Mesh
from simulator.render.palette import RGB, colour

SEAT_TONES: list[RGB] = [(200, 60, 60), (50, 110, 200), (40, 150, 80), (150, 90, 190)]
DONE: RGB = (20, 120, 40)


def seat_tone(seat: int) -> RGB:
    return SEAT_TONES[seat % len(SEAT_TONES)]


def paint_tabs(
    mesh: Mesh,
    hud: Hud,
    table: Table,
    region: tuple[float, float, float, float],
    *,
    viewed: int,
    movers: set[str],
    labels: dict[str, str],
    totals: dict[str, int],
    on_view: Callable[[int], None],
) -> None:
    """One tab per player: name (▶ when to move), who plays it, total, status, and a
    small preview of the sheet; the viewed one is white with a thick border."""
    x, y, w, h = region
    hud.column(0, x + w + 10)  # the sheet's side: its texts stop short of the panel
    count = len(table.players)
    tab_w = (w - 8 * (count - 1)) / count
    for seat, player in enumerate(table.players):
        tx = x + seat * (tab_w + 8)
        here = seat == viewed
        rect(mesh, tx, y, tab_w, h, (255, 255, 255) if here else (226, 229, 236))
        frame(mesh, tx, y, tab_w, h, 3.0 if here else 1.0, seat_tone(seat))
        mark = "▶ " if player.name in movers else ""
        spec = player.sheet
        cell = min(4.0, (h - 10) / spec.height)
        room = tab_w - 24 - spec.width * cell  # the words stop short of the preview
        name, label = f"{mark}{player.name}", labels[player.name]
        hud.text(name, tx + 8, y + h - 20, 13, INK, bold=True, width=room, lines=1)
        hud.text(label, tx + 8, y + h - 38, 12, (90, 92, 100), width=room, lines=1)
        status = _status(player, player.name in movers, table.phase)
        total = f"{totals[player.name]} pts  {status}"
        hud.text(total, tx + 8, y + 7, 12, INK, width=room, lines=1)
        paint_mini(mesh, tx + tab_w - 8 - spec.width * cell, y + 5, cell, player)
        hud.buttons.append(Button(tx, y, tab_w, h, _bind(on_view, seat), player.name))


def paint_footer(mesh: Mesh, hud: Hud, player: Player) -> None:
    """Tools (ticked when done, crossed when lost), largest colour areas, the score."""
    spec = player.sheet
    grid = player.ink
    y = 54.0
    hud.text("Tools", 20, y + 9, 13, INK, bold=True)
    for k, (cell, (number, wanted)) in enumerate(spec.tools.items()):
        bx = 70 + k * 52
        rect(mesh, bx, y, 30, 30, tint(colour(wanted).rgb, 0.45))
        frame(mesh, bx, y, 30, 30, 2.0, INK)
        hud.text(
            str(number), bx + 15, y + 15, 14, INK, bold=True, anchor_x="center", anchor_y="center"
        )
        if number in player.tools_done:
            hud.text("✓", bx + 33, y + 9, 14, DONE, bold=True)
        elif cell in grid:  # filled in another colour: lost for the game
            hud.text("✗", bx + 33, y + 9, 14, ILLEGAL, bold=True)
    areas = player.areas
    hud.text("Largest areas", 340, y + 9, 13, INK, bold=True)
    for k, name in enumerate(COLOURS):
        bx = 482 + k * 62
        colour_box(mesh, bx, y, 30, name)
        hud.text(str(areas[name]), bx + 36, y + 9, 13, INK)
    b = player.breakdown
    words = (
        f"Levels {b.levels}   Triangles {b.triangles}   Tools {b.tools}   "
        f"Colours {b.colours}   Crane {b.crane}   Total {b.total}"
    )
    hud.text(words, 20, 18, 13, INK, bold=True)


def _status(player: Player, moving: bool, phase: str) -> str:
    if phase == ENDED:
        return ""
    if player.stuck:
        return "✗ cannot place"
    if phase == PLACE:
        return "✓ placed" if player.placed else "placing"
    return "to move" if moving else ""


def _bind(function: Callable[[int], None], value: int) -> Callable[[], None]:
    return lambda: function(value)
