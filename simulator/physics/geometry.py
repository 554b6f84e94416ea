"""Plain 2D geometry for building bodies: convex checks, centroids, cells to rectangles."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from rules.pieces import Cell, PieceSpec

Point = tuple[float, float]
Polygon = list[Point]
Edge = tuple[Point, Point]

# Relative tolerance under which three vertices count as collinear.
_DEGENERATE = 1e-9


class GeometryError(ValueError):
    """A polygon that cannot be a rigid convex shape."""


def signed_area(poly: Sequence[Point]) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True)
    )


def centroid(polys: Iterable[Sequence[Point]]) -> Point:
    """Area-weighted centroid of several counter-clockwise polygons (one rigid piece)."""
    total = cx = cy = 0.0
    for poly in polys:
        for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
            cross = x0 * y1 - x1 * y0
            total += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
    if total == 0:
        raise GeometryError("shape has no area")
    return cx / (3 * total), cy / (3 * total)


def checked_convex(poly: Sequence[Sequence[float]]) -> Polygon:
    """Return ``poly`` counter-clockwise, or raise GeometryError saying why it is unusable."""
    points = [(float(x), float(y)) for x, y in poly]
    if len(points) < 3:
        raise GeometryError("a polygon needs at least three vertices")
    if any(not (math.isfinite(x) and math.isfinite(y)) for x, y in points):
        raise GeometryError("polygon vertices must be finite numbers")
    area = signed_area(points)
    scale = max(max(abs(x), abs(y)) for x, y in points) or 1.0
    if abs(area) <= _DEGENERATE * scale * scale:
        raise GeometryError("polygon is degenerate (no area)")
    if area < 0:
        points.reverse()
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = points[i], points[(i + 1) % n], points[(i + 2) % n]
        cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        if cross < -_DEGENERATE * scale * scale:
            raise GeometryError(f"polygon is concave at vertex {(i + 1) % n + 1}")
        if abs(cross) <= _DEGENERATE * scale * scale:
            raise GeometryError(
                f"polygon has collinear or repeated vertices at vertex {(i + 1) % n + 1}"
            )
    return points


def box_polygon(width: float, height: float) -> Polygon:
    hw, hh = width / 2, height / 2
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]


def cells_to_rectangles(cells: Iterable[Cell]) -> list[tuple[int, int, int, int]]:
    """Cover cells with few axis-aligned rectangles (row, col, rows, cols).

    Fewer shapes mean fewer internal seams for neighbours to catch on and a cheaper
    solver. Greedy: take horizontal runs per row, then merge identical runs upwards.
    """
    remaining = set(cells)
    rects = []
    for row, col in sorted(remaining):
        if (row, col) not in remaining:
            continue
        width = 1
        while (row, col + width) in remaining:
            width += 1
        height = 1
        while all((row + height, col + i) in remaining for i in range(width)):
            height += 1
        for r in range(row, row + height):
            for c in range(col, col + width):
                remaining.discard((r, c))
        rects.append((row, col, height, width))
    return rects


def piece_polygons(spec: PieceSpec, mirror: bool = False) -> list[Polygon]:
    """The convex polygons of a piece in its own frame, centred on its centroid.

    ``mirror`` flips the piece left-right (the mirror images of LOTS tetrominoes).
    """
    if spec.box is not None:
        return [box_polygon(*spec.box)]
    polys = _cell_polygons(spec, mirror)
    cx, cy = centroid(polys)
    return [[(x - cx, y - cy) for x, y in poly] for poly in polys]


def piece_cell_centres(spec: PieceSpec, mirror: bool = False) -> dict[Cell, Point]:
    """Each cell's centre in the piece frame (same frame as ``piece_polygons``)."""
    size = spec.cell_size
    raw = {
        cell: ((-1 if mirror else 1) * (cell[1] + 0.5) * size, (cell[0] + 0.5) * size)
        for cell in spec.cells
    }
    cx, cy = centroid(_cell_polygons(spec, mirror))
    return {cell: (x - cx, y - cy) for cell, (x, y) in raw.items()}


def _cell_polygons(spec: PieceSpec, mirror: bool) -> list[Polygon]:
    """The piece's rectangles in cell coordinates scaled to cm (not centred)."""
    size = spec.cell_size
    polys = []
    for row, col, rows, cols in cells_to_rectangles(spec.cells):
        x0, y0 = col * size, row * size
        x1, y1 = x0 + cols * size, y0 + rows * size
        polys.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    if mirror:
        polys = [[(-x, y) for x, y in reversed(poly)] for poly in polys]
    return polys


def edges(poly: Sequence[Point]) -> list[Edge]:
    """A polygon's edges in order, the last closing it."""
    return list(zip(poly, [*poly[1:], poly[0]], strict=True))


def outward_normal(edge: Edge) -> Point:
    """The outward unit normal of an edge of a counter-clockwise polygon ((0, 0) for an
    edge of no length)."""
    (x0, y0), (x1, y1) = edge
    length = math.hypot(x1 - x0, y1 - y0)
    return ((y1 - y0) / length, -(x1 - x0) / length) if length else (0.0, 0.0)


def transform(poly: Sequence[Point], x: float, y: float, angle: float) -> Polygon:
    """Rotate ``poly`` by ``angle`` (radians, counter-clockwise) then move it to (x, y)."""
    c, s = math.cos(angle), math.sin(angle)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in poly]


def centroid_offset(polys: Sequence[Sequence[Point]], angle_degrees: float) -> float:
    """How far right of its turned bounding box's centre a piece's origin (its centroid)
    sits: aiming the hand at box centre + offset puts the box where it was meant to go."""
    a = math.radians(angle_degrees)
    xs = [math.cos(a) * x - math.sin(a) * y for poly in polys for x, y in poly]
    return -(min(xs) + max(xs)) / 2


def inset(poly: Sequence[Point], distance: float) -> Polygon:
    """A counter-clockwise convex polygon moved inward by ``distance`` on every edge.

    With pymunk's shape radius set to the same distance the outline is unchanged but
    the corners are rounded, as on real wooden pieces.
    """
    if distance <= 0:
        return list(poly)
    n = len(poly)
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length  # outward normal
        lines.append((x0 - nx * distance, y0 - ny * distance, x1 - x0, y1 - y0))
    out = []
    for i in range(n):
        ax, ay, adx, ady = lines[i - 1]
        bx, by, bdx, bdy = lines[i]
        denominator = adx * bdy - ady * bdx
        t = ((bx - ax) * bdy - (by - ay) * bdx) / denominator
        out.append((ax + adx * t, ay + ady * t))
    return out
