"""Symbols as triangles in a unit box centred on (0, 0): one per colour, so colour-blind
players can tell pieces apart, and one per floor-card box kind."""

from __future__ import annotations

import math

Point = tuple[float, float]
Triangle = tuple[Point, Point, Point]


def _fan(points: list[Point]) -> list[Triangle]:
    return [(points[0], points[i], points[i + 1]) for i in range(1, len(points) - 1)]


def _regular(n: int, radius: float, start: float = math.pi / 2) -> list[Point]:
    return [
        (
            radius * math.cos(start + 2 * math.pi * k / n),
            radius * math.sin(start + 2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def _bar(x0: float, y0: float, x1: float, y1: float, width: float) -> list[Triangle]:
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    a, b = (x0 + nx, y0 + ny), (x1 + nx, y1 + ny)
    c, d = (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)
    return [(a, b, c), (a, c, d)]


def _ring(radius: float, width: float, n: int = 20) -> list[Triangle]:
    outer = _regular(n, radius)
    inner = _regular(n, radius - width)
    out: list[Triangle] = []
    for k in range(n):
        j = (k + 1) % n
        out += [(outer[k], outer[j], inner[j]), (outer[k], inner[j], inner[k])]
    return out


def symbol_triangles(name: str) -> list[Triangle]:
    """Triangles of the symbol ``name`` within the box [-0.5, 0.5]^2 ([] for none)."""
    if name == "circle":
        return _fan(_regular(20, 0.42))
    if name == "triangle":
        return [((-0.45, -0.36), (0.45, -0.36), (0.0, 0.44))]
    if name == "square":
        return _fan([(-0.36, -0.36), (0.36, -0.36), (0.36, 0.36), (-0.36, 0.36)])
    if name == "diamond":
        return _fan([(0.0, -0.48), (0.4, 0.0), (0.0, 0.48), (-0.4, 0.0)])
    if name == "cross":
        return _bar(-0.4, -0.4, 0.4, 0.4, 0.2) + _bar(-0.4, 0.4, 0.4, -0.4, 0.2)
    if name == "star":
        points = []
        for k in range(10):
            r = 0.48 if k % 2 == 0 else 0.2
            a = math.pi / 2 + k * math.pi / 5
            points.append((r * math.cos(a), r * math.sin(a)))
        centre = (0.0, 0.0)
        return [(centre, points[k], points[(k + 1) % 10]) for k in range(10)]
    if name == "diamonds":
        out: list[Triangle] = []
        for cx, cy in ((-0.22, 0.22), (0.22, 0.22), (-0.22, -0.22), (0.22, -0.22)):
            out += _fan([(cx, cy - 0.18), (cx + 0.14, cy), (cx, cy + 0.18), (cx - 0.14, cy)])
        return out
    if name == "arrows":
        top = _bar(-0.3, 0.15, 0.3, 0.15, 0.12)
        bottom = _bar(-0.3, -0.15, 0.3, -0.15, 0.12)
        right_head = ((0.3, 0.32), (0.48, 0.15), (0.3, -0.02))
        left_head = ((-0.3, 0.02), (-0.48, -0.15), (-0.3, -0.32))
        return [*top, right_head, *bottom, left_head]
    if name == "ring":
        return _ring(0.42, 0.12)
    return []


def placed(triangles: list[Triangle], x: float, y: float, size: float) -> list[Triangle]:
    """The triangles scaled to ``size`` and moved to (x, y)."""
    return [
        tuple((x + px * size, y + py * size) for px, py in tri)  # type: ignore[misc]
        for tri in triangles
    ]
