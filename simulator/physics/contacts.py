"""The contact graph: which pieces touch along an edge (a corner alone does not count).

Computed from the settled geometry, not from solver contacts, so the answer does not
depend on which bodies are asleep. Two edges touch when they face each other
(antiparallel within ``angle_tolerance``), share at least ``min_overlap`` of length, and
lie within ``gap`` of each other all along that shared length.
"""

from __future__ import annotations

import math
from itertools import combinations

from simulator.physics.geometry import Edge, Polygon, edges
from simulator.physics.world import Entry


def touching_pairs(
    entries: list[Entry],
    *,
    gap: float = 0.1,
    min_overlap: float = 0.5,
    angle_tolerance: float = 5.0,
) -> set[frozenset[str]]:
    polygons = {e.id: e.world_polygons() for e in entries}
    boxes = {key: _bounds(polys) for key, polys in polygons.items()}
    pairs: set[frozenset[str]] = set()
    cos_tol = math.cos(math.radians(angle_tolerance))
    for a, b in combinations(polygons, 2):
        if not _bounds_near(boxes[a], boxes[b], gap):
            continue
        if any(
            _edges_touch(ea, eb, gap, min_overlap, cos_tol)
            for pa in polygons[a]
            for pb in polygons[b]
            for ea in edges(pa)
            for eb in edges(pb)
        ):
            pairs.add(frozenset((a, b)))
    return pairs


def _bounds(polys: list[Polygon]) -> tuple[float, float, float, float]:
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _bounds_near(a: tuple[float, ...], b: tuple[float, ...], gap: float) -> bool:
    return a[0] - gap <= b[2] and b[0] - gap <= a[2] and a[1] - gap <= b[3] and b[1] - gap <= a[3]


def _edges_touch(ea: Edge, eb: Edge, gap: float, min_overlap: float, cos_tol: float) -> bool:
    (ax0, ay0), (ax1, ay1) = ea
    (bx0, by0), (bx1, by1) = eb
    la = math.hypot(ax1 - ax0, ay1 - ay0)
    lb = math.hypot(bx1 - bx0, by1 - by0)
    if la == 0 or lb == 0:
        return False
    ux, uy = (ax1 - ax0) / la, (ay1 - ay0) / la
    vx, vy = (bx1 - bx0) / lb, (by1 - by0) / lb
    # Counter-clockwise polygons: edges that face each other run in opposite directions.
    if ux * vx + uy * vy > -cos_tol:
        return False
    # Judged both ways so the verdict does not depend on which piece comes first.
    return _alongside(ea, la, eb, gap, min_overlap) and _alongside(eb, lb, ea, gap, min_overlap)


def _alongside(ea: Edge, la: float, eb: Edge, gap: float, min_overlap: float) -> bool:
    """Whether the stretch of ``eb`` that lies alongside ``ea`` is at least
    ``min_overlap`` long and within ``gap`` of ``ea``'s line. Only that shared stretch
    counts: a long edge tilted a degree drifts away from a short one beyond their
    shared length, where nothing can touch."""
    (ax0, ay0), (ax1, ay1) = ea
    (bx0, by0), (bx1, by1) = eb
    ux, uy = (ax1 - ax0) / la, (ay1 - ay0) / la
    # Position of b's ends along a's direction, and their distance from a's line.
    t0 = (bx0 - ax0) * ux + (by0 - ay0) * uy
    t1 = (bx1 - ax0) * ux + (by1 - ay0) * uy
    d0 = (bx0 - ax0) * uy - (by0 - ay0) * ux
    d1 = (bx1 - ax0) * uy - (by1 - ay0) * ux
    lo, hi = max(0.0, min(t0, t1)), min(la, max(t0, t1))
    if hi - lo < min_overlap:
        return False
    # The distance changes linearly along b, so the shared stretch is farthest at an end.
    slope = (d1 - d0) / (t1 - t0)
    return max(abs(d0 + slope * (lo - t0)), abs(d0 + slope * (hi - t0))) <= gap
