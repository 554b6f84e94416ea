"""Flashes where a move scored: a translucent glow over the place, fading out.

After a move's verdict the screen lights up, for FLASH_SECONDS, where its scoring
things happened, read from the rules' events (the words modules tell the same events
in sentences). What each game lights up is its own (``simulator/app/<game>/flashes.py``:
LOTS floors and colour matches, Crazy Tower boxes covered and floor cards laid, Filled
In tool boxes and levels on the sheet); here are the flashes and the shapes they share.

A flash is a mesh in the coordinates its screen draws it in (world centimetres under
the camera, or logical pixels for a sheet): drawing only, so no physics or rule changes.
Each frame only its alpha changes. A flash can be held until the move is shown (a
computer's move plays back first) and tagged with whose sheet it is on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pyglet

from simulator.render.mesh import Mesh
from simulator.render.palette import RGB
from simulator.render.scene import OVERLAY, MeshGroup, mesh_list

FLASH_SECONDS = 1.0
FILL_ALPHA = 150  # a flash's fill at its brightest; its edge is opaque
GOLD: RGB = (255, 200, 40)  # floors and levels completed, boxes covered
WHITE: RGB = (255, 255, 255)  # colour matches
GOOD: RGB = (40, 200, 90)  # a Filled In tool completed
BAD: RGB = (230, 50, 40)  # ... or lost

Point = tuple[float, float]
Polygon = list[Point]
Cell = tuple[int, int]


def fade(age: float, seconds: float = FLASH_SECONDS) -> float:
    """A flash's strength, 1 when it starts, 0 once it is over."""
    return max(0.0, 1.0 - age / seconds) ** 1.5


@dataclass
class Flash:
    vertices: Any  # its vertex list
    colours: list[int]  # RGBA per vertex at full strength
    tag: str | None
    age: float = 0.0
    held: bool = False  # not started yet: its move is not shown yet


class Flashes:
    def __init__(self, seconds: float = FLASH_SECONDS) -> None:
        self.seconds = seconds
        self._batches: dict[str | None, pyglet.graphics.Batch] = {}  # by tag
        self._group = MeshGroup(OVERLAY)
        self._live: list[Flash] = []

    def add(
        self,
        fills: Iterable[Polygon],
        edges: Iterable[Polygon],
        rgb: RGB,
        *,
        tag: str | None = None,
        held: bool = False,
    ) -> None:
        """Flash ``fills`` (translucent) and ``edges`` (opaque), convex polygons, in
        ``rgb``; ``held`` ones wait for ``release``; ``tag`` says where they show."""
        mesh = Mesh()
        for poly in fills:
            mesh.polygon(poly, (*rgb, FILL_ALPHA))
        for poly in edges:
            mesh.polygon(poly, (*rgb, 255))
        if not mesh.count:
            return
        batch = self._batches.setdefault(tag, pyglet.graphics.Batch())
        vertices = mesh_list(mesh, batch, self._group)
        flash = Flash(vertices, list(mesh.colours), tag, held=held)
        self._live.append(flash)
        self._paint(flash)

    def release(self) -> None:
        """The move the held flashes belong to is shown now: they start."""
        for flash in self._live:
            flash.held = False
            self._paint(flash)

    @property
    def active(self) -> bool:
        return any(not flash.held for flash in self._live)

    def step(self, seconds: float) -> None:
        """``seconds`` of real time pass: the flashes fade, the spent ones go."""
        for flash in list(self._live):
            if flash.held:
                continue
            flash.age += seconds
            if flash.age >= self.seconds:
                flash.vertices.delete()
                self._live.remove(flash)
            else:
                self._paint(flash)

    def _paint(self, flash: Flash) -> None:
        strength = 0.0 if flash.held else fade(flash.age, self.seconds)
        colours = list(flash.colours)
        colours[3::4] = [round(a * strength) for a in flash.colours[3::4]]
        flash.vertices.colors[:] = colours

    def draw(self, tag: str | None = None) -> None:
        """The flashes under way: the untagged ones and those tagged ``tag`` (a sheet's
        flashes show only while that sheet does)."""
        shown = {flash.tag for flash in self._live if not flash.held}
        for where in shown & {None, tag}:
            self._batches[where].draw()

    def clear(self) -> None:
        """No flash any more (a move taken back, a game loaded)."""
        for flash in self._live:
            flash.vertices.delete()
        self._live.clear()


def cell_region(
    cells: Iterable[Cell], corner: Callable[[Cell], Point], size: float, edge: float
) -> tuple[list[Polygon], list[Polygon]]:
    """Grid cells (row, col) as squares, and bands ``edge`` wide just inside the
    region's outer edges (no line between two of its cells): ``corner`` gives a
    cell's lower-left corner, ``size`` its side."""
    cells = set(cells)
    fills, edges = [], []
    for cell in sorted(cells):
        row, col = cell
        x, y = corner(cell)
        fill, (below, above, left, right) = rect_bands(x, y, x + size, y + size, edge)
        fills.append(fill)
        sides = ((row - 1, col), below), ((row + 1, col), above), ((row, col - 1), left)
        for neighbour, band in (*sides, ((row, col + 1), right)):
            if neighbour not in cells:
                edges.append(band)
    return fills, edges


def rect_bands(
    x0: float, y0: float, x1: float, y1: float, edge: float
) -> tuple[Polygon, list[Polygon]]:
    """A rectangle and the four bands ``edge`` wide just inside its sides."""
    fill = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    bands = [
        [(x0, y0), (x1, y0), (x1, y0 + edge), (x0, y0 + edge)],
        [(x0, y1 - edge), (x1, y1 - edge), (x1, y1), (x0, y1)],
        [(x0, y0), (x0 + edge, y0), (x0 + edge, y1), (x0, y1)],
        [(x1 - edge, y0), (x1, y0), (x1, y1), (x1 - edge, y1)],
    ]
    return fill, bands
