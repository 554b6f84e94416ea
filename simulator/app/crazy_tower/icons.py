"""Small pictures for the Crazy Tower panel, in logical pixels: blocks as a row of cubes
in their colour with the colour's symbol, floor cards as their row of boxes in each
kind's tone with its symbol (the renderer's palette and symbols, so the panel matches
the world)."""

from __future__ import annotations

import pyglet

from rules.crazy_tower import get_block, get_card
from simulator.render.bodies import opaque
from simulator.render.mesh import Mesh
from simulator.render.palette import BOX_TONES, OUTLINE, colour, contrast
from simulator.render.scene import MeshGroup, mesh_list
from simulator.render.symbols import placed, symbol_triangles

SYMBOL = 0.55  # a symbol's size, as a share of its cube or box


def block_width(block: str, cube: float, gap: float = 0.0) -> float:
    return int(get_block(block).shape) * cube + gap


class Icons:
    """A batch of pictures rebuilt with the panel; drawn above the panel's shapes."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.group = MeshGroup(0)
        self._lists: list[object] = []

    def clear(self) -> None:
        for item in self._lists:
            item.delete()  # type: ignore[attr-defined]
        self._lists.clear()

    def add(self, mesh: Mesh) -> None:
        if mesh.count:
            self._lists.append(mesh_list(mesh, self.batch, self.group))

    def draw(self) -> None:
        self.batch.draw()

    def block(self, block: str, x: float, y: float, cube: float, *, dim: bool = False) -> None:
        """A block lying flat, its lower left corner at (x, y)."""
        paint = colour(get_block(block).colour)
        alpha = 110 if dim else 255
        mesh = Mesh()
        cubes = int(get_block(block).shape)
        for k in range(cubes):
            x0 = x + k * cube
            square = [(x0, y), (x0 + cube, y), (x0 + cube, y + cube), (x0, y + cube)]
            mesh.polygon(square, opaque(paint.rgb, alpha))
            mesh.triangles(
                placed(symbol_triangles(paint.symbol), x0 + cube / 2, y + cube / 2, cube * SYMBOL),
                opaque(contrast(paint.rgb), alpha),
            )
        outline = [(x, y), (x + cubes * cube, y), (x + cubes * cube, y + cube), (x, y + cube)]
        mesh.outline(outline, 1.5, opaque(OUTLINE, alpha))
        self.add(mesh)

    def card(self, card: str, x: float, y: float, box: float, height: float) -> None:
        """A floor card's row of boxes, its lower left corner at (x, y)."""
        mesh = Mesh()
        for index, kind in enumerate(get_card(card).boxes):
            self._box(mesh, kind, x + index * box, y, box, height)
        self.add(mesh)

    def box(self, kind: str, x: float, y: float, size: float) -> None:
        mesh = Mesh()
        self._box(mesh, kind, x, y, size, size)
        self.add(mesh)

    def _box(self, mesh: Mesh, kind: str, x: float, y: float, w: float, h: float) -> None:
        tone, symbol = BOX_TONES.get(kind, BOX_TONES["white"])
        square = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        mesh.polygon(square, opaque(tone))
        ink = contrast(tone) if kind != "white" else OUTLINE
        size = min(w, h) * SYMBOL
        mesh.triangles(placed(symbol_triangles(symbol), x + w / 2, y + h / 2, size), opaque(ink))
        mesh.outline(square, 1.5, opaque(OUTLINE))
