"""The picture ``sheet stand`` writes: each tower as drawn (faint) and as it settled.

One panel per tower, side by side: the table and foundation, every piece at its settled
pose in its colour, and where a piece that fell had been drawn, a faint outline. The
panel's title says whether the tower stands; pieces that fell are edged in red.
"""

from __future__ import annotations

from pathlib import Path

from rules.filled_in.sheets import get_sheet
from simulator.games.filled_in.draw import RGB, Canvas, colour_rgb, tint, write_png
from simulator.games.filled_in.sheetfile import load_towers
from simulator.games.filled_in.stand import StandResult, stand_tower
from simulator.physics.geometry import Polygon

INK: RGB = (30, 30, 30)
STANDS: RGB = (30, 130, 50)
FALLS: RGB = (190, 30, 30)
TABLE: RGB = (120, 110, 100)
FOUNDATION: RGB = (90, 60, 35)
MAX_SCALE = 16.0  # px per cm
PANEL_HEIGHT = 620.0  # px for the tower's view at most
SIDE_ROOM = 8.0  # cm of table shown beside the foundation at least
HEADER, FOOTER, PAD = 70, 40, 24  # px


def write_picture(path: str | Path, target: Path) -> None:
    """``replay --png`` of a Filled In scenario: every player's tower as the sheet has it
    drawn at the scenario's end, and as it would settle (the registry's ``picture``);
    each panel is titled by its tower."""
    write_png(draw_stand([stand_tower(tower) for tower in load_towers(path)]), target)


def draw_stand(results: list[StandResult]) -> Canvas:
    views = [_view(r) for r in results]
    scale = min([MAX_SCALE] + [PANEL_HEIGHT / (y1 - y0) for (_, y0, _, y1) in views])
    widths = [max((x1 - x0) * scale, 260.0) for (x0, _, x1, _) in views]
    height = max((y1 - y0) for (_, y0, _, y1) in views) * scale
    canvas = Canvas(round(sum(widths) + PAD * (len(widths) + 1)), round(height + HEADER + FOOTER))
    left = float(PAD)
    for result, view, width in zip(results, views, widths, strict=True):
        _panel(canvas, result, view, left, width, scale)
        left += width + PAD
    return canvas


def _view(result: StandResult) -> tuple[float, float, float, float]:
    """The world rectangle (x0, y0, x1, y1) a panel shows: the tower and what fell."""
    left, right, _ = result.foundation
    xs = [x for p in result.pieces for poly in p.end_polygons + p.start_polygons for x, _ in poly]
    ys = [y for p in result.pieces for poly in p.end_polygons + p.start_polygons for _, y in poly]
    x0 = min([left - SIDE_ROOM, *xs]) - 1.0
    x1 = max([right + SIDE_ROOM, *xs]) + 1.0
    top = max([result.foundation[2] + get_sheet(result.tower.sheet).height * result.cell, *ys])
    return x0, -2.0, x1, top + 2.0


Edge = tuple[tuple[float, float], tuple[float, float]]


def piece_outline(polygons: list[Polygon]) -> list[Edge]:
    """A piece's outline: its polygons' edges without the seams between them (a piece's
    shape is a few rectangles, a T two of them: a seam is where one lies along another),
    each edge cut where another polygon of the piece runs along it."""
    edges = [(a, b) for poly in polygons for a, b in zip(poly, [*poly[1:], poly[0]], strict=True)]
    outer: list[Edge] = []
    for index, (a, b) in enumerate(edges):
        shared = [
            span
            for other, (c, d) in enumerate(edges)
            if other != index and (span := _along(a, b, c, d)) is not None
        ]
        covered = _union(shared)
        cut = 0.0
        for low, high in covered:
            if low > cut:
                outer.append((_at(a, b, cut), _at(a, b, low)))
            cut = high
        if cut < 1.0:
            outer.append((_at(a, b, cut), _at(a, b, 1.0)))
    return outer


def _along(
    a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]
) -> tuple[float, float] | None:
    """The part (from, to, as fractions of a->b) of edge a->b that edge c->d lies along,
    or None if they do not run together."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    if length2 == 0.0:
        return None
    for point in (c, d):  # both ends on a->b's line, within a micrometre
        if abs(ex * (point[1] - a[1]) - ey * (point[0] - a[0])) > 1e-4 * length2**0.5:
            return None
    t0 = ((c[0] - a[0]) * ex + (c[1] - a[1]) * ey) / length2
    t1 = ((d[0] - a[0]) * ex + (d[1] - a[1]) * ey) / length2
    low, high = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
    return (low, high) if high - low > 1e-6 else None


def _union(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def _at(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _panel(
    canvas: Canvas,
    result: StandResult,
    view: tuple[float, float, float, float],
    left: float,
    width: float,
    scale: float,
) -> None:
    x0, y0, x1, _ = view
    offset = left + (width - (x1 - x0) * scale) / 2

    def px(point: tuple[float, float]) -> tuple[float, float]:
        return offset + (point[0] - x0) * scale, FOOTER + (point[1] - y0) * scale

    # Table (y < 0) and foundation.
    canvas.rect(left, FOOTER, width, -y0 * scale, TABLE)
    f_left, f_right, f_top = result.foundation
    a, b = px((f_left, 0.0)), px((f_right, f_top))
    canvas.rect(a[0], a[1], b[0] - a[0], b[1] - a[1], FOUNDATION)
    for piece in result.pieces:
        if piece.fell_at is not None:
            for a, b in piece_outline(piece.start_polygons):
                canvas.line(*px(a), *px(b), tint(colour_rgb(piece.colour), 0.5), 1.5)
    for piece in result.pieces:
        # Each piece edged along its own outline, never along the seams of its shape:
        # two pieces of one colour side by side read as two, one T as one.
        fell = piece.fell_at is not None
        for poly in piece.end_polygons:
            canvas.polygon([px(p) for p in poly], colour_rgb(piece.colour))
        for a, b in piece_outline(piece.end_polygons):
            canvas.line(*px(a), *px(b), FALLS if fell else INK, 3.0 if fell else 2.0)

    title_y = canvas.height - 30
    sheet = get_sheet(result.tower.sheet)
    canvas.text(f"{result.tower.label}: sheet {sheet.id}", left + 4, title_y, 14, INK, bold=True)
    fallen = len(result.fallen)
    verdict = "stands" if result.stands else f"falls: {fallen} of {len(result.pieces)} pieces"
    canvas.text(verdict, left + 4, title_y - 24, 13, STANDS if result.stands else FALLS, bold=True)
    canvas.text(
        f"{result.seconds:.2f} s simulated" + ("" if result.settled else ", not settled"),
        left + 4,
        12,
        10,
        INK,
    )
