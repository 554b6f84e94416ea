"""Dice faces and crafted blocks drawn small, for the Filled In screen's panel (the
dice in play, the crafting). Pure drawing into a Mesh and a Hud."""

from __future__ import annotations

from rules.pieces import Cell, get_piece
from simulator.app.filled_in.content import PIECES, DieFace
from simulator.app.filled_in.sheet_view import INK, frame, rect, symbol
from simulator.app.piece_pictures import paint_piece
from simulator.app.widgets import Hud
from simulator.render.mesh import Mesh
from simulator.render.palette import colour, contrast

DIE = 44.0  # a die's size on screen while a block is crafted (the panel is full)
ROLLED_DIE = 58.0  # a die of the roll while it is rolled and drafted (there is room)


def paint_face(
    mesh: Mesh,
    hud: Hud,
    x: float,
    y: float,
    face: DieFace,
    *,
    dim: bool = False,
    size: float = DIE,
) -> None:
    """A die face ``size`` across: its colour with the shape drawn on it and the
    colour's symbol in the corner; "?" on white."""
    alpha, k = 110 if dim else 255, size / DIE  # the drawing is made for DIE, scaled
    if face.wild:
        rect(mesh, x, y, size, size, (252, 252, 252), alpha)
        frame(mesh, x, y, size, size, 2.0, INK, alpha)
        middle = (x + size / 2, y + size / 2)
        hud.text("?", *middle, 22 * k, INK, bold=True, anchor_x="center", anchor_y="center")
        return
    paint = colour(str(face.colour))
    rect(mesh, x, y, size, size, paint.rgb, alpha)
    frame(mesh, x, y, size, size, 2.0, INK, alpha)
    ink = contrast(paint.rgb)
    cells = shape_cells(str(face.shape))
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    unit = 7.0 * k
    ox = x + (size - cols * unit) / 2
    oy = y + 14 * k + (size - 16 * k - rows * unit) / 2
    for r, c in cells:
        rect(mesh, ox + c * unit + 0.5, oy + r * unit + 0.5, unit - 1, unit - 1, ink, alpha)
    symbol(mesh, paint.symbol, x + 9 * k, y + 9 * k, 11 * k, ink, alpha)


def shape_cells(shape: str) -> frozenset[Cell]:
    return get_piece(PIECES[shape]).cells


def paint_shape(mesh: Mesh, x: float, y: float, unit: float, shape: str, name: str) -> None:
    """A crafted block, ``unit`` per box, lower-left corner at (x, y)."""
    paint_piece(mesh, shape_cells(shape), name, x, y, unit)
