"""Triangle meshes in a body's own coordinates: fills, outlines and symbols.

A body's mesh is built once; each frame only its translation and rotation change, so a
frame costs one attribute write per body, not a rebuild.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from simulator.render.palette import RGBA
from simulator.render.symbols import Point, Triangle


@dataclass
class Mesh:
    positions: list[float] = field(default_factory=list)
    colours: list[int] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.positions) // 2

    def triangles(self, triangles: Sequence[Triangle], rgba: RGBA) -> None:
        for tri in triangles:
            for x, y in tri:
                self.positions += (x, y)
            self.colours += rgba * 3

    def polygon(self, points: Sequence[Point], rgba: RGBA) -> None:
        """A convex polygon as a triangle fan."""
        pts = list(points)
        self.triangles([(pts[0], pts[i], pts[i + 1]) for i in range(1, len(pts) - 1)], rgba)

    def outline(self, points: Sequence[Point], width: float, rgba: RGBA) -> None:
        """A band of ``width`` just inside a convex polygon's edges (stays within the body,
        so touching pieces keep their own borders)."""
        inner = _inset(list(points), width)
        n = len(points)
        tris: list[Triangle] = []
        for k in range(n):
            j = (k + 1) % n
            a, b, c, d = points[k], points[j], inner[j], inner[k]
            tris += [(a, b, c), (a, c, d)]
        self.triangles(tris, rgba)

    def segment(self, a: Point, b: Point, width: float, rgba: RGBA) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * width / 2, dx / length * width / 2
        p, q = (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)
        r, s = (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)
        self.triangles([(p, q, r), (p, r, s)], rgba)


def _inset(points: list[Point], width: float) -> list[Point]:
    """Move each vertex towards the centroid so every edge moves in by about ``width``."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        dx, dy = cx - x, cy - y
        # Corners of rectangles sit sqrt(2) * width from the inset corner.
        length = math.hypot(dx, dy) or 1.0
        step = min(width * math.sqrt(2), length * 0.45)
        out.append((x + dx / length * step, y + dy / length * step))
    return out
