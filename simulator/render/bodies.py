"""What each body looks like, as a mesh in its own coordinates (no pyglet here)."""

from __future__ import annotations

from functools import cache

from rules.assets import load_asset
from simulator.physics.geometry import piece_cell_centres
from simulator.physics.world import Entry
from simulator.render.mesh import Mesh
from simulator.render.palette import (
    BOX_TONES,
    CARD,
    OUTLINE,
    RGB,
    RGBA,
    TABLE,
    WOOD,
    colour,
    colour_name_of,
    contrast,
)
from simulator.render.symbols import placed, symbol_triangles
from simulator.render.wood import BEVEL, bevel, grain, table_top

OUTLINE_WIDTH = 0.08  # cm
SYMBOL_SIZE = 0.5  # fraction of a cell
CARD_SYMBOL = 0.8  # cm: a floor-card box's symbol
# A floor card is drawn at least this thick (cm), growing down from its top face: a
# 3 mm card is a hairline on screen, its boxes unreadable. Drawing only: its body (and
# so the physics and every hash) keeps its real thickness; the blocks of the floor below
# are drawn over the part that reaches them.
CARD_DRAWN = 1.1


@cache
def _card_boxes() -> dict[str, tuple[str, ...]]:
    """Each floor card's box kinds, read from the cards' data: drawing sits below the
    games (it never reaches the registry or a game's rules), and the world's entry knows
    only how many boxes a card has."""
    cards = load_asset("crazy_tower/floor_cards.toml").get("card", [])
    return {str(card["id"]): tuple(card["boxes"]) for card in cards}


def opaque(rgb: RGB, alpha: int = 255) -> RGBA:
    return (rgb[0], rgb[1], rgb[2], alpha)


def is_floor_card(entry: Entry) -> bool:
    return entry.piece is not None and entry.piece.is_plank and entry.id.startswith("fc-")


def entry_mesh(entry: Entry, alpha: int = 255, *, symbols: bool = True, wood: bool = False) -> Mesh:
    """Fill, border and symbols of one body; ``alpha`` below 255 makes a ghost;
    ``symbols`` False leaves the colours' symbols off the pieces (a player's setting);
    ``wood`` draws the app's look (simulator/render/wood.py): grain, bevels, a wooden
    table."""
    mesh = Mesh()
    if entry.is_table:
        for poly in entry.local_polygons:
            if wood:
                table_top(mesh, poly, alpha)
            else:
                mesh.polygon(poly, opaque(TABLE, alpha))
        return mesh
    if is_floor_card(entry):
        _floor_card(mesh, entry, alpha)
        return mesh
    if not entry.dynamic:
        for poly in entry.local_polygons:
            mesh.polygon(poly, opaque(WOOD, alpha))
            mesh.outline(poly, OUTLINE_WIDTH / 2, opaque(OUTLINE, alpha))
        return mesh
    paint = colour(colour_name_of(entry))
    for poly in entry.local_polygons:
        mesh.polygon(poly, opaque(paint.rgb, alpha))
    spec = entry.piece
    if spec is None or not spec.cells:
        for poly in entry.local_polygons:
            mesh.outline(poly, OUTLINE_WIDTH, opaque(OUTLINE, alpha))
    else:
        centres = list(piece_cell_centres(spec, entry.mirror).values())
        if wood:
            grain(mesh, entry.id, centres, spec.cell_size, paint.rgb, alpha)
            _cell_border(mesh, centres, spec.cell_size, paint.rgb, alpha, bevelled=True)
        _cell_border(mesh, centres, spec.cell_size, OUTLINE, alpha)
        shape = symbol_triangles(paint.symbol) if symbols else []
        ink = opaque(contrast(paint.rgb), alpha)
        size = spec.cell_size * SYMBOL_SIZE
        for x, y in piece_cell_centres(spec, entry.mirror).values():
            mesh.triangles(placed(shape, x, y, size), ink)
    return mesh


def _cell_border(
    mesh: Mesh,
    centres: list[tuple[float, float]],
    cell: float,
    rgb: RGB,
    alpha: int,
    *,
    bevelled: bool = False,
) -> None:
    """A border along the piece's outer edges only: a tetromino reads as one piece, not
    as the rectangles its physics is made of. ``bevelled``: instead, the bevel just
    inside that border, lit on the top and left edges, shaded on the others."""
    present = {(round(x / cell * 2), round(y / cell * 2)) for x, y in centres}
    h = cell / 2
    start, w = (OUTLINE_WIDTH, BEVEL) if bevelled else (0.0, OUTLINE_WIDTH)
    # The outer sides, in order of direction; a run of cells' sides along one line is
    # one quad (the same pixels with fewer triangles: a software renderer pays for each).
    runs: dict[tuple[int, int, int], tuple[float, list[list[float]]]] = {}
    for x, y in sorted(centres):
        key = (round(x / cell * 2), round(y / cell * 2))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (key[0] + 2 * dx, key[1] + 2 * dy) in present:
                continue
            line = key[0] if dx else key[1]
            low, high = (y - h, y + h) if dx else (x - h, x + h)
            spans = runs.setdefault((dx, dy, line), (x if dx else y, []))[1]
            if spans and abs(spans[-1][1] - low) < 1e-9:
                spans[-1][1] = high  # continues the run
            else:
                spans.append([low, high])
    for (dx, dy, _), (middle, spans) in sorted(
        runs.items(), key=lambda item: _SIDE_ORDER[item[0][:2]]
    ):
        for low, high in spans:
            if dx:
                edge = middle + dx * (h - start)
                inner = edge - dx * w
                quad = [(edge, low), (edge, high), (inner, high), (inner, low)]
            else:
                edge = middle + dy * (h - start)
                inner = edge - dy * w
                quad = [(low, edge), (high, edge), (high, inner), (low, inner)]
            if bevelled:
                bevel(mesh, quad, lit=dx < 0 or dy > 0, rgb=rgb, alpha=alpha)
            else:
                mesh.polygon(quad, opaque(rgb, alpha))


_SIDE_ORDER = {(1, 0): 0, (-1, 0): 1, (0, 1): 2, (0, -1): 3}


def _floor_card(mesh: Mesh, entry: Entry, alpha: int) -> None:
    """A floor card: its row of boxes, each in its kind's tone with its symbol."""
    assert entry.piece is not None and entry.piece.box is not None
    length, thickness = entry.piece.box
    boxes = _card_boxes().get(entry.id) or ("white",) * max(1, entry.piece.boxes)
    width = length / len(boxes)
    top = thickness / 2
    bottom = top - max(thickness, CARD_DRAWN)
    middle = (top + bottom) / 2
    outline = [(-length / 2, bottom), (length / 2, bottom), (length / 2, top), (-length / 2, top)]
    mesh.polygon(outline, opaque(CARD, alpha))
    for index, kind in enumerate(boxes):
        tone, symbol = BOX_TONES.get(kind, BOX_TONES["white"])
        x0 = -length / 2 + index * width
        inner = [(x0 + 0.1, bottom), (x0 + width - 0.1, bottom), (x0 + width - 0.1, top)]
        mesh.polygon([*inner, (x0 + 0.1, top)], opaque(tone, alpha))
        centre = x0 + width / 2
        mesh.triangles(
            placed(symbol_triangles(symbol), centre, middle, CARD_SYMBOL),
            opaque(contrast(tone) if kind != "white" else OUTLINE, alpha),
        )
    mesh.outline(outline, 0.06, opaque(OUTLINE, alpha))
