"""A tower sheet on screen, in logical pixels: how it is drawn (where each box is:
geometry.py).

Drawing goes into a Mesh (fills, lines, symbols: one vertex list) and a Hud
(the numbers and words on top). Every filled box carries its colour's symbol
(assets/colours.toml) so colour-blind players can play; a drawn block has a border
along its outer edges only, so each tetromino reads as one piece.
"""

from __future__ import annotations

from rules.pieces import Cell
from simulator.app.filled_in.geometry import SCORE_GAP, SCORE_W, SheetGeometry
from simulator.app.filled_in.table import PURPLE, REMOTE, Player, Sheet, Table
from simulator.app.widgets import Hud
from simulator.render.mesh import Mesh
from simulator.render.palette import RGB, colour, contrast
from simulator.render.symbols import placed, symbol_triangles

PAPER: RGB = (255, 255, 252)
GRID: RGB = (175, 178, 186)
INK: RGB = (35, 38, 48)
PENCIL: RGB = (255, 190, 0)  # the frame of what is drawn but not yet confirmed
ILLEGAL: RGB = (220, 40, 40)
TOOL_TINT = 0.6  # how light a tool box shows the colour it asks for (1: white)
SYMBOL = 0.5  # a symbol's size, as a fraction of a box


def tint(rgb: RGB, amount: float) -> RGB:
    return tuple(round(v + (255 - v) * amount) for v in rgb)  # type: ignore[return-value]


def rect(mesh: Mesh, x: float, y: float, w: float, h: float, rgb: RGB, alpha: int = 255) -> None:
    mesh.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], (*rgb, alpha))


def frame(
    mesh: Mesh, x: float, y: float, w: float, h: float, width: float, rgb: RGB, alpha: int = 255
) -> None:
    """A border of ``width`` just inside the rectangle."""
    mesh.outline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], width, (*rgb, alpha))


def symbol(
    mesh: Mesh, name: str, cx: float, cy: float, size: float, rgb: RGB, alpha: int = 255
) -> None:
    mesh.triangles(placed(symbol_triangles(name), cx, cy, size), (*rgb, alpha))


def colour_box(
    mesh: Mesh, x: float, y: float, size: float, name: str, alpha: int = 255, height: float = 0.0
) -> None:
    """A box filled in colour ``name`` with its symbol."""
    paint = colour(name)
    h = height or size
    rect(mesh, x, y, size, h, paint.rgb, alpha)
    ink = contrast(paint.rgb)
    symbol(mesh, paint.symbol, x + size / 2, y + h / 2, min(size, h) * SYMBOL, ink, alpha)


def paint_sheet(
    mesh: Mesh,
    hud: Hud,
    geo: SheetGeometry,
    table: Table,
    player: Player,
    pencil: tuple[str, tuple[Cell, ...] | None, list[Cell]] | None = None,
) -> None:
    """The sheet with what ``player`` has drawn; ``pencil`` is an unconfirmed turn as
    (colour, block cells or None, purple cells), drawn with a pencil frame."""
    spec, size = geo.spec, geo.cell
    owner: dict[Cell, int] = {}  # which drawn piece a box belongs to (for the borders)
    paint: dict[Cell, str] = {}
    for index, (block_colour, cells) in enumerate(player.blocks):
        for c in cells:
            owner[c], paint[c] = index, block_colour
    for k, space in enumerate(player.purples):
        owner[space], paint[space] = -1 - k, PURPLE
    pencilled: set[Cell] = set()
    if pencil is not None:
        name, block_cells, purples = pencil
        for c in block_cells or ():
            owner[c], paint[c] = 10_000, name
            pencilled.add(c)
        for k, c in enumerate(purples):
            owner[c], paint[c] = 20_000 + k, PURPLE
            pencilled.add(c)

    for cell in sorted(spec.boxes):
        x, y = geo.corner(cell)
        tool = spec.tools.get(cell)
        if cell in paint:
            colour_box(mesh, x, y, size, paint[cell])
        else:
            rect(mesh, x, y, size, size, tint(colour(tool[1]).rgb, TOOL_TINT) if tool else PAPER)
        frame(mesh, x, y, size, size, 1.0, GRID)
        if tool is not None:
            number = str(tool[0])
            if cell in paint:  # keep the tool's number readable in a corner
                ink = contrast(colour(paint[cell]).rgb)
                hud.text(number, x + 3, y + size - 3, 12, ink, bold=True, anchor_y="top")
            else:
                hud.text(
                    number,
                    x + size / 2,
                    y + size / 2,
                    max(12, size * 0.4),
                    INK,
                    bold=True,
                    anchor_x="center",
                    anchor_y="center",
                )
    _piece_borders(mesh, geo, owner, pencilled)
    _level_lines(mesh, geo)
    bottom = [c for c in spec.boxes if c[0] == 0]
    left = min(c for _, c in bottom)
    right = max(c for _, c in bottom) + 1
    rect(mesh, geo.x0 + left * size - 8, geo.y0 - 10, (right - left) * size + 16, 8, INK)
    _level_scores(mesh, hud, geo, table.variant == REMOTE, player)


def _piece_borders(
    mesh: Mesh, geo: SheetGeometry, owner: dict[Cell, int], pencilled: set[Cell]
) -> None:
    size = geo.cell
    for cell, piece in owner.items():
        x, y = geo.corner(cell)
        row, col = cell
        edges = (
            ((row - 1, col), [(x, y), (x + size, y), (x + size, y + 2), (x, y + 2)]),
            (
                (row + 1, col),
                [(x, y + size - 2), (x + size, y + size - 2), (x + size, y + size), (x, y + size)],
            ),
            ((row, col - 1), [(x, y), (x + 2, y), (x + 2, y + size), (x, y + size)]),
            (
                (row, col + 1),
                [(x + size - 2, y), (x + size, y), (x + size, y + size), (x + size - 2, y + size)],
            ),
        )
        for neighbour, quad in edges:
            if owner.get(neighbour) != piece:
                mesh.polygon(quad, (*INK, 255))
        if cell in pencilled:  # white and ink: visible on every colour
            frame(mesh, x + 3, y + 3, size - 6, size - 6, 3.0, (255, 255, 255))
            frame(mesh, x + 6, y + 6, size - 12, size - 12, 1.0, INK)


def _level_lines(mesh: Mesh, geo: SheetGeometry) -> None:
    """A thick line around each level: every box edge whose neighbour is in another level."""
    size = geo.cell
    for cells in geo.spec.levels.values():
        for row, col in cells:
            x, y = geo.corner((row, col))
            if (row - 1, col) not in cells:
                rect(mesh, x - 1.5, y - 1.5, size + 3, 3, INK)
            if (row + 1, col) not in cells:
                rect(mesh, x - 1.5, y + size - 1.5, size + 3, 3, INK)
            if (row, col - 1) not in cells:
                rect(mesh, x - 1.5, y - 1.5, 3, size + 3, INK)
            if (row, col + 1) not in cells:
                rect(mesh, x + size - 1.5, y - 1.5, 3, size + 3, INK)


def _level_scores(mesh: Mesh, hud: Hud, geo: SheetGeometry, remote: bool, player: Player) -> None:
    """The crane's score space beside each level: the score once the level is complete,
    the triangle filled for a first finisher (remote rules: a cross where it is marked)."""
    sx = geo.x0 + geo.width + SCORE_GAP
    for level, cells in geo.spec.levels.items():
        rows = [r for r, _ in cells]
        low, high = min(rows), max(rows)
        sy, sh = geo.y0 + low * geo.cell + 2, (high - low + 1) * geo.cell - 4
        rect(mesh, sx, sy, SCORE_W, sh, PAPER)
        frame(mesh, sx, sy, SCORE_W, sh, 2.0, INK)
        tri = min(18.0, sh * 0.4)
        corner = [
            (sx + SCORE_W - tri, sy + sh),
            (sx + SCORE_W, sy + sh),
            (sx + SCORE_W, sy + sh - tri),
        ]
        if not remote and level in player.triangles:
            mesh.polygon(corner, (*INK, 255))
        else:
            for a, b in ((corner[0], corner[1]), (corner[1], corner[2]), (corner[2], corner[0])):
                mesh.segment(a, b, 1.5, (*INK, 255))
        if remote and level in player.marked:
            cx, cy = sx + SCORE_W - tri / 3, sy + sh - tri / 3
            symbol(mesh, "cross", cx, cy, tri * 0.6, ILLEGAL)
        hud.text(f"L{level}", sx + 6, sy + 5, 12, (110, 110, 120))
        score = player.level_scores.get(level)
        if score is not None:
            hud.text(
                str(score),
                sx + SCORE_W / 2,
                sy + sh / 2,
                18,
                INK,
                bold=True,
                anchor_x="center",
                anchor_y="center",
            )


def paint_crane(
    mesh: Mesh, hud: Hud, x: float, y: float, spec: Sheet, used: int, pencilled: int = 0
) -> float:
    """The crane's purple spaces left to right, crossed off as used (``pencilled`` more
    in pencil), the penalty under each. Returns the right edge."""
    purple = colour(PURPLE)
    hud.text("Crane", x, y + 10, 13, INK, bold=True)
    bx, size = x + 60, 28.0
    for index, penalty in enumerate(spec.crane):
        if index < used + pencilled:
            colour_box(mesh, bx, y, size, purple.name)
            frame(mesh, bx, y, size, size, 2.0, PENCIL if index >= used else INK)
        else:
            rect(mesh, bx, y, size, size, tint(purple.rgb, 0.75))
            frame(mesh, bx, y, size, size, 2.0, purple.rgb)
        hud.text(f"-{penalty}" if penalty else "0", bx + size + 3, y + 2, 12, INK)
        bx += size + 30
    return bx


def paint_ghost(
    mesh: Mesh, geo: SheetGeometry, cells: tuple[Cell, ...], name: str, problem: str | None
) -> None:
    """The crafted block where it snaps: in its colour with its symbol, or red with a
    cross on each box that breaks a rule when the rules would refuse it here."""
    size = geo.cell
    paint = colour(name)
    for cell in cells:
        x, y = geo.corner(cell)
        if problem is None:
            colour_box(mesh, x, y, size, name, alpha=225)
            frame(mesh, x, y, size, size, 2.0, INK, 200)
        else:
            rect(mesh, x, y, size, size, ILLEGAL, 170)
            frame(mesh, x, y, size, size, 2.0, ILLEGAL)
            bad = cell not in geo.spec.boxes
            symbol(
                mesh,
                "cross" if bad else paint.symbol,
                x + size / 2,
                y + size / 2,
                size * SYMBOL,
                (255, 255, 255),
                230,
            )


def paint_mini(mesh: Mesh, x: float, y: float, cell: float, player: Player) -> None:
    """A small preview of a player's sheet (lower-left corner at x, y)."""
    spec = player.sheet
    grid = player.ink
    for box in spec.boxes:
        bx, by = x + box[1] * cell, y + box[0] * cell
        filled = grid.get(box)
        rect(
            mesh, bx, by, cell - 0.5, cell - 0.5, colour(filled).rgb if filled else (200, 204, 214)
        )
