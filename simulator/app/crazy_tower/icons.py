"""Small pictures for the Crazy Tower panel, in logical pixels: blocks as a row of cubes
in their colour with the colour's symbol (piece_pictures.py, shared with the other
games' panels), floor cards as their row of boxes in each kind's tone with its symbol
(the renderer's palette and symbols, so the panel matches the world)."""

from __future__ import annotations

import pyglet

from rules.pieces import get_piece
from simulator.app.crazy_tower.facts import piece
from simulator.app.piece_pictures import SYMBOL, paint_piece, picture_size
from simulator.render.bodies import opaque
from simulator.render.mesh import Mesh
from simulator.render.palette import BOX_TONES, OUTLINE, contrast
from simulator.render.scene import MeshGroup, mesh_list
from simulator.render.symbols import placed, symbol_triangles


def block_width(block: str, cube: float, gap: float = 0.0) -> float:
    return picture_size(get_piece(piece(block)["piece"]).cells, cube)[0] + gap


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
        spec = piece(block)
        mesh = Mesh()
        paint_piece(mesh, get_piece(spec["piece"]).cells, spec["colour"], x, y, cube, dim=dim)
        self.add(mesh)

    def card(self, card: str, x: float, y: float, box: float, height: float) -> None:
        """A floor card's row of boxes, its lower left corner at (x, y)."""
        mesh = Mesh()
        for index, kind in enumerate(piece(card)["boxes"]):
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
