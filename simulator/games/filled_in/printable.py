"""``sheet print``: a blank tower sheet drawn for printing (A4 portrait).

From the top: the title and a name line; the crane's five purple spaces with the
penalty under each; the tower's grid with its levels (thick lines between them), tool
boxes tinted in the colour they ask for and numbered, the foundation below; beside each
level its score space on the crane with the level triangle in the corner; then the
tools to tick, and the score area (levels, triangles, tools, the five colours, crane,
total).
"""

from __future__ import annotations

from rules.filled_in.config import rules_config
from rules.filled_in.sheets import SheetSpec, get_sheet
from simulator.games.filled_in.draw import RGB, Canvas, colour_rgb, tint

A4_INCHES = (8.27, 11.69)
INK: RGB = (30, 30, 30)
FAINT: RGB = (150, 150, 150)
TOOL_TINT = 0.55  # how light a tool box's colour prints (0: full colour, 1: white)


def draw_sheet(number: int, *, dpi: int = 150) -> Canvas:
    spec = get_sheet(number)
    width, height = round(A4_INCHES[0] * dpi), round(A4_INCHES[1] * dpi)
    canvas = Canvas(width, height)
    u = dpi / 150  # every size below is in pixels at 150 dpi
    margin = 70 * u
    top = height - margin

    canvas.text("LOTS: Filled In", margin, top - 30 * u, 26 * u, INK, bold=True)
    canvas.text(f"Tower sheet {spec.id}: {spec.name}", margin, top - 64 * u, 17 * u, INK)
    canvas.text("Name:", width - margin - 400 * u, top - 30 * u, 15 * u, INK)
    canvas.line(width - margin - 320 * u, top - 32 * u, width - margin, top - 32 * u, INK, 1.5 * u)

    crane_top = top - 110 * u
    _crane(canvas, spec, margin, crane_top, u)

    grid_top = crane_top - 150 * u
    score_height = 360 * u
    grid_bottom = margin + score_height + 60 * u
    _tower(canvas, spec, margin, grid_bottom, width - 2 * margin, grid_top - grid_bottom, u)
    _score_area(canvas, spec, margin, margin, width - 2 * margin, score_height, u)
    return canvas


def _crane(canvas: Canvas, spec: SheetSpec, left: float, top: float, u: float) -> None:
    """The crane's purple spaces, crossed off left to right; the penalty under each."""
    purple = colour_rgb(rules_config().purple)
    canvas.text("Crane: purple spaces", left, top - 18 * u, 15 * u, INK, bold=True)
    canvas.text(
        "once per turn, a single box in purple; cross off the next space, left to right",
        left,
        top - 40 * u,
        11 * u,
        FAINT,
    )
    size, gap = 48 * u, 16 * u
    x = left
    y = top - 56 * u - size
    for penalty in spec.crane:
        canvas.rect(x, y, size, size, tint(purple, 0.7))
        canvas.box(x, y, size, size, purple, 3 * u)
        canvas.text(
            f"-{penalty}" if penalty else "0",
            x + size / 2,
            y - 22 * u,
            14 * u,
            INK,
            anchor_x="center",
        )
        x += size + gap


def _tower(
    canvas: Canvas, spec: SheetSpec, left: float, bottom: float, w: float, h: float, u: float
) -> None:
    """The grid of boxes by level, the tool boxes, the foundation and the level scores."""
    score_w = 90 * u  # the crane's score spaces beside the tower
    cell = min(h / spec.height, (w - score_w - 60 * u) / spec.width, 72 * u)
    tower_w = spec.width * cell
    x0 = left + (w - score_w - 30 * u - tower_w) / 2
    y0 = bottom + (h - spec.height * cell) / 2 + 10 * u
    tools = {box: (n, colour) for box, n, colour in spec.tools}

    for row, col in sorted(spec.boxes):
        x, y = x0 + col * cell, y0 + row * cell
        tool = tools.get((row, col))
        if tool is not None:
            number, colour = tool
            rgb = colour_rgb(colour)
            canvas.rect(x, y, cell, cell, tint(rgb, TOOL_TINT))
            canvas.text(
                str(number),
                x + cell / 2,
                y + cell / 2,
                cell * 0.38,
                INK,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )
        canvas.box(x, y, cell, cell, FAINT, 1.2 * u)
    # Level boundaries: a thick line under each level's lowest row, across its boxes.
    for level in spec.level_numbers:
        cells = spec.level_cells(level)
        low = min(r for r, _ in cells)
        high = max(r for r, _ in cells)
        _level_edges(canvas, spec, cells, x0, y0, cell, u)
        sx = x0 + tower_w + 30 * u
        sy, sh = y0 + low * cell, (high - low + 1) * cell
        canvas.box(sx, sy, score_w, sh, INK, 2 * u)
        tri = min(28 * u, sh * 0.4)
        canvas.outline(
            [(sx + score_w - tri, sy + sh), (sx + score_w, sy + sh), (sx + score_w, sy + sh - tri)],
            INK,
            1.5 * u,
        )
        canvas.text(f"L{level}", sx + 8 * u, sy + 8 * u, 11 * u, FAINT)
    # The foundation the bottom row stands on.
    canvas.rect(x0 - 12 * u, y0 - 14 * u, tower_w + 24 * u, 14 * u, INK)
    head_x, head_y = x0 + tower_w + 30 * u, y0 + spec.height * cell + 44 * u
    canvas.text("Level score", head_x, head_y, 11 * u, INK, bold=True)
    canvas.text("= its colours;", head_x, head_y - 16 * u, 9 * u, FAINT)
    canvas.text("corner: first", head_x, head_y - 30 * u, 9 * u, FAINT)


def _level_edges(
    canvas: Canvas,
    spec: SheetSpec,
    cells: frozenset[tuple[int, int]],
    x0: float,
    y0: float,
    cell: float,
    u: float,
) -> None:
    """Thick outline around a level: every box edge whose neighbour is not in the level."""
    for row, col in cells:
        x, y = x0 + col * cell, y0 + row * cell
        if (row - 1, col) not in cells:
            canvas.line(x, y, x + cell, y, INK, 3 * u)
        if (row + 1, col) not in cells:
            canvas.line(x, y + cell, x + cell, y + cell, INK, 3 * u)
        if (row, col - 1) not in cells:
            canvas.line(x, y, x, y + cell, INK, 3 * u)
        if (row, col + 1) not in cells:
            canvas.line(x + cell, y, x + cell, y + cell, INK, 3 * u)


def _score_area(
    canvas: Canvas, spec: SheetSpec, left: float, bottom: float, w: float, h: float, u: float
) -> None:
    cfg = rules_config()
    canvas.box(left, bottom, w, h, INK, 2 * u)
    x, top = left + 20 * u, bottom + h
    canvas.text("Tools (tick when filled in their colour)", x, top - 32 * u, 14 * u, INK, bold=True)
    size = 44 * u
    for i, (_, number, colour) in enumerate(spec.tools):
        bx = x + i * (size + 90 * u)
        by = top - 50 * u - size
        canvas.rect(bx, by, size, size, tint(colour_rgb(colour), TOOL_TINT))
        canvas.box(bx, by, size, size, INK, 2 * u)
        canvas.text(
            str(number),
            bx + size / 2,
            by + size / 2,
            18 * u,
            INK,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        canvas.text(f"{colour}: {number} pt", bx + size + 8 * u, by + size / 2 - 5 * u, 10 * u, INK)

    canvas.text("Colours: largest area, 3 points each", x, top - 150 * u, 14 * u, INK, bold=True)
    for i, colour in enumerate(cfg.colours):
        bx = x + i * (size + 90 * u)
        by = top - 168 * u - size
        canvas.rect(bx, by, size, size, colour_rgb(colour))
        canvas.box(bx, by, size, size, INK, 2 * u)
        canvas.box(bx + size + 10 * u, by, size, size, INK, 1.5 * u)

    rows = ("Levels", "Triangles", "Tools", "Colours", "Crane (-)", "Total")
    col_w = (w - 40 * u) / len(rows)
    y = bottom + 24 * u
    for i, label in enumerate(rows):
        bx = x + i * col_w
        canvas.text(label, bx + 6 * u, y + 62 * u, 12 * u, INK, bold=label == "Total")
        canvas.box(bx + 4 * u, y, col_w - 12 * u, 52 * u, INK, (3 if label == "Total" else 1.5) * u)
