"""Flashes where a move scored: a translucent glow over the place, fading out.

After a move's verdict the screen lights up, for FLASH_SECONDS, where its scoring
things happened, read from the rules' events (the words modules tell the same events
in sentences): LOTS floors completed (the floor's row across the footprint) and colour
matches (the placed block and the same-coloured blocks it touches); Crazy Tower boxes
covered (the boxes on the floor card) and a floor card laid (a floor done); Filled In
tool boxes covered (completed or lost) and levels completed, on the sheet.

A flash is a mesh in the coordinates its screen draws it in (world centimetres under
the camera, or logical pixels for a sheet): drawing only, so no physics or rule changes.
Each frame only its alpha changes. A flash can be held until the move is shown (a
computer's move plays back first) and tagged with whose sheet it is on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pyglet

from simulator.physics.geometry import transform
from simulator.physics.world import World
from simulator.render.bodies import CARD_DRAWN
from simulator.render.mesh import Mesh
from simulator.render.palette import RGB
from simulator.render.scene import OVERLAY, MeshGroup, mesh_list

FLASH_SECONDS = 1.0
FILL_ALPHA = 150  # a flash's fill at its brightest; its edge is opaque
GOLD: RGB = (255, 200, 40)  # floors and levels completed, boxes covered
WHITE: RGB = (255, 255, 255)  # colour matches
GOOD: RGB = (40, 200, 90)  # a Filled In tool completed
BAD: RGB = (230, 50, 40)  # ... or lost

LOTS_EDGE = 0.1  # cm: a LOTS flash's edge
CARD_EDGE = 0.12  # cm: a Crazy Tower flash's edge
SHEET_EDGE = 3.0  # logical px: a Filled In flash's edge

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
        fill, (below, above, left, right) = _rect(x, y, x + size, y + size, edge)
        fills.append(fill)
        sides = ((row - 1, col), below), ((row + 1, col), above), ((row, col - 1), left)
        for neighbour, band in (*sides, ((row, col + 1), right)):
            if neighbour not in cells:
                edges.append(band)
    return fills, edges


def _rect(x0: float, y0: float, x1: float, y1: float, edge: float) -> tuple[Polygon, list[Polygon]]:
    """A rectangle and the four bands ``edge`` wide just inside its sides."""
    fill = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    bands = [
        [(x0, y0), (x1, y0), (x1, y0 + edge), (x0, y0 + edge)],
        [(x0, y1 - edge), (x1, y1 - edge), (x1, y1), (x0, y1)],
        [(x0, y0), (x0 + edge, y0), (x0 + edge, y1), (x0, y1)],
        [(x1 - edge, y0), (x1, y0), (x1, y1), (x1 - edge, y1)],
    ]
    return fill, bands


# -- what each game's scoring events light up ------------------------------------------


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

    width = state.footprint_spec().width
    placed = None
    for event in events:
        if event["type"] == "place":
            placed = event.get("block")
        if event["type"] != "turn_score" or not event.get("points"):
            continue  # an accident's turn scores nothing: nothing to light up
        for floor in event.get("floors") or []:
            row = [(int(floor), col) for col in range(width)]
            flashes.add(*cell_region(row, corner, size, LOTS_EDGE), GOLD, held=held)
        matched = list(event.get("matches") or [])
        for piece in matched + ([placed] if matched and placed else []):
            cells = [(int(r), int(c)) for r, c in state.tower.get(piece, ())]
            flashes.add(*cell_region(cells, corner, size, LOTS_EDGE), WHITE, held=held)


def crazy_tower_flashes(
    flashes: Flashes, events: Iterable[Mapping[str, Any]], world: World, *, held: bool = False
) -> None:
    """A Crazy Tower move's boxes covered (gold, on their floor card) and a floor card
    laid on the tower (gold, the whole card: a floor done), where the cards lie now."""
    events = list(events)
    fell = {e.get("piece") for e in events if e["type"] == "piece_fell"}
    fell |= {p for e in events if e["type"] == "collapse" for p in e.get("fallen") or ()}
    for event in events:
        card = event.get("card")
        if card is None or card in fell or card not in world:
            continue
        entry = world.entry(card)
        assert entry.piece is not None and entry.piece.box is not None
        length, thickness = entry.piece.box
        top = thickness / 2
        bottom = top - max(thickness, CARD_DRAWN)  # as the card is drawn (render.bodies)
        width = length / max(1, entry.piece.boxes)
        if event["type"] == "block_placed":
            spans = [
                (-length / 2 + i * width, -length / 2 + (i + 1) * width) for i in event["boxes"]
            ]
        elif event["type"] == "card_laid":
            spans = [(-length / 2, length / 2)]
        else:
            continue
        pose = entry.pose
        for left, right in spans:
            fill, bands = _rect(left, bottom, right, top, CARD_EDGE)
            flashes.add(
                [transform(fill, pose.x, pose.y, pose.angle)],
                [transform(band, pose.x, pose.y, pose.angle) for band in bands],
                GOLD,
                held=held,
            )


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
            cells = [box for box, number, _ in geo.spec.tools if number == event["tool"]]
            rgb = GOOD if kind == "tool_complete" else BAD
        elif kind == "level_complete":
            cells, rgb = list(geo.spec.level_cells(int(event["level"]))), GOLD
        else:
            continue
        fills, edges = cell_region(cells, geo.corner, geo.cell, SHEET_EDGE)
        flashes.add(fills, edges, rgb, tag=str(player), held=held)
