"""Small pictures of pieces for the games' panels (the banks and the crafted block), in
logical pixels: each cell of the piece a square in its colour with the colour's symbol
(assets/colours.toml), a border along the piece's outer edges only, as the renderer
draws the pieces on the table. The shapes are the rules' catalogue cells (assets/pieces/):
the caller passes a piece's cells, this module only paints them."""

from __future__ import annotations

from collections.abc import Iterable

from rules.pieces import Cell
from simulator.render.bodies import opaque
from simulator.render.mesh import Mesh
from simulator.render.palette import OUTLINE, RGBA, colour, contrast
from simulator.render.symbols import placed, symbol_triangles

SYMBOL = 0.55  # a symbol's size, as a share of its cell
BORDER = 1.5  # px: the outline along the piece's outer edges
DIM = 110  # alpha of a piece that cannot be picked now


def picture_size(cells: Iterable[Cell], unit: float) -> tuple[float, float]:
    """Width and height of a piece's picture at ``unit`` px a cell."""
    cells = list(cells)
    return (max(c for _, c in cells) + 1) * unit, (max(r for r, _ in cells) + 1) * unit


def unit_to_fit(cells: Iterable[Cell], width: float, height: float) -> float:
    """The largest cell size that fits the piece's picture in width x height."""
    w, h = picture_size(cells, 1.0)
    return min(width / w, height / h)


def paint_piece(
    mesh: Mesh,
    cells: Iterable[Cell],
    colour_name: str,
    x: float,
    y: float,
    unit: float,
    *,
    dim: bool = False,
) -> None:
    """The piece's cells (row 0 at the bottom) in colour ``colour_name``, the picture's
    lower left corner at (x, y)."""
    paint = colour(colour_name)
    alpha = DIM if dim else 255
    cells = frozenset(cells)
    shape = symbol_triangles(paint.symbol)
    for row, col in cells:
        x0, y0 = x + col * unit, y + row * unit
        square = [(x0, y0), (x0 + unit, y0), (x0 + unit, y0 + unit), (x0, y0 + unit)]
        mesh.polygon(square, opaque(paint.rgb, alpha))
        centre = (x0 + unit / 2, y0 + unit / 2)
        mesh.triangles(placed(shape, *centre, unit * SYMBOL), opaque(contrast(paint.rgb), alpha))
    _outer_edges(mesh, cells, x, y, unit, opaque(OUTLINE, alpha))


def _outer_edges(
    mesh: Mesh, cells: frozenset[Cell], x: float, y: float, unit: float, rgba: RGBA
) -> None:
    """A border inside each cell side that no other cell of the piece touches: the piece
    reads as one piece, not as squares."""
    w = BORDER
    for row, col in cells:
        x0, y0, x1, y1 = x + col * unit, y + row * unit, x + (col + 1) * unit, y + (row + 1) * unit
        sides = {
            (row, col - 1): (x0, y0, x0 + w, y1),
            (row, col + 1): (x1 - w, y0, x1, y1),
            (row - 1, col): (x0, y0, x1, y0 + w),
            (row + 1, col): (x0, y1 - w, x1, y1),
        }
        for neighbour, (a, b, c, d) in sides.items():
            if neighbour not in cells:
                mesh.polygon([(a, b), (c, b), (c, d), (a, d)], rgba)
