"""How far a shape falls straight down before it touches another: the ghost's landing.

Plain geometry on world polygons (no stepping): moved straight down, two polygons first
touch where a vertex of one meets an edge of the other, so the drop is the least of the
vertical gaps from each falling vertex down to an edge below it and from each edge of
the falling shape down to a vertex below it. Exact for polygons that do not overlap
already; the physics may still bounce, tip or slide the piece once it lands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from simulator.physics.geometry import Point, Polygon
from simulator.physics.world import Entry

# cm: a vertex this far inside what it would land on still counts as above it (a piece
# pressed onto the tower by the hand sits a hair into it)
OVERLAP = 0.05

Poly = Sequence[Point]


def drop_distance(falling: Sequence[Poly], below: Iterable[Sequence[Poly]]) -> float | None:
    """How far ``falling`` (one body's world polygons) moves straight down before it
    touches any body of ``below`` (each a list of world polygons); None when nothing lies
    under it. Never negative: a shape resting on something drops 0."""
    xs = [x for poly in falling for x, _ in poly]
    left, right = min(xs), max(xs)
    best: float | None = None
    for body in below:
        for poly in body:
            if max(x for x, _ in poly) < left or min(x for x, _ in poly) > right:
                continue  # nothing of it lies under the shape
            for shape in falling:
                gap = _gap(shape, poly)
                if gap is not None and (best is None or gap < best):
                    best = gap
    return None if best is None else max(best, 0.0)


def _gap(upper: Poly, lower: Poly) -> float | None:
    """The vertical drop of ``upper`` onto ``lower`` (None: they never meet)."""
    best: float | None = None
    for x, y in upper:  # falling vertices onto the edges below
        under = _edge_y(lower, x, y, down=True)
        if under is not None and (best is None or y - under < best):
            best = y - under
    for x, y in lower:  # the falling edges onto the vertices below
        over = _edge_y(upper, x, y, down=False)
        if over is not None and (best is None or over - y < best):
            best = over - y
    return best


def _edge_y(poly: Poly, x: float, y: float, *, down: bool) -> float | None:
    """The height of ``poly``'s edge at ``x`` nearest ``y`` on the side ``down`` (below
    y, or above it), within OVERLAP of y; None when no edge spans x there."""
    found: float | None = None
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if x0 == x1 or not min(x0, x1) <= x <= max(x0, x1):
            continue
        at = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        # below y: the highest such edge; above it: the lowest
        sign = 1.0 if down else -1.0
        if sign * (at - y) <= OVERLAP and (found is None or sign * (at - found) > 0):
            found = at
    return found


def landing_shape(entries: Iterable[Entry], held: Entry) -> tuple[list[Polygon], float]:
    """``held``'s world polygons moved straight down onto the first body of ``entries``
    under it (the table at the latest), and how far they moved."""
    shape = held.world_polygons()
    others = (e.world_polygons() for e in entries if e is not held)
    drop = drop_distance(shape, others) or 0.0
    return [[(x, y - drop) for x, y in poly] for poly in shape], drop
