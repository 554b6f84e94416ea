"""The app's table look (issue 43): painted wood with grain and a bevelled edge, and a
wooden table top with a front face, added to a body's mesh in its own coordinates.

Drawing only. The grain of a piece is laid out from its id, so a piece looks the same in
every frame and every run. The research environments' frames and the headless pictures
keep the flat look (``WorldScene(..., wood=False)``): an observation does not change
with the app's looks.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

from simulator.render.mesh import Mesh
from simulator.render.palette import RGB, RGBA
from simulator.render.symbols import Point

TABLE_FRONT: RGB = (112, 76, 46)  # the table's front face, in shadow: walnut
TABLE_TOP: RGB = (170, 124, 80)  # its top, in the light
TABLE_EDGE: RGB = (214, 172, 122)  # the lit front edge of the top
TOP_DEPTH = 0.55  # cm of the table's top seen above its front face
BEVEL = 0.14  # cm: the rounded edge inside a piece's outline catches light or shade
GRAIN_WIDTH = 0.05  # cm
GRAIN_PER_CELL = 3
# A soft drop shadow behind each piece, offset down and to the right in the world (the
# light comes from the upper left): a wider faint fill under a darker one, so its edge
# fades. House look values.
SHADOW_OFFSET = (0.22, -0.16)  # cm
SHADOW: RGB = (40, 30, 20)
SHADOW_SPREAD = 0.12  # cm the faint fill reaches past the piece
# cm of the shadow drawn inside its outline: the rest is always under the piece
SHADOW_HIDDEN = math.hypot(*SHADOW_OFFSET) + 0.05


def mix(rgb: RGB, towards: RGB, amount: float) -> RGB:
    return (
        round(rgb[0] + (towards[0] - rgb[0]) * amount),
        round(rgb[1] + (towards[1] - rgb[1]) * amount),
        round(rgb[2] + (towards[2] - rgb[2]) * amount),
    )


def _numbers(key: str, count: int) -> list[float]:
    """``count`` numbers in [0, 1) from ``key``: the same grain for the same piece."""
    digest = hashlib.blake2b(key.encode(), digest_size=2 * count).digest()
    return [int.from_bytes(digest[2 * i : 2 * i + 2], "big") / 65536 for i in range(count)]


def grain(mesh: Mesh, key: str, centres: Sequence[Point], cell: float, rgb: RGB, alpha: int):
    """Darker streaks along each cell (local x), a little aslant, never past its edges."""
    tone: RGBA = (*mix(rgb, (40, 24, 10), 0.35), round(alpha * 0.35))
    half = cell / 2 - BEVEL
    for index, (x, y) in enumerate(centres):
        picks = _numbers(f"{key}/{index}", 2 * GRAIN_PER_CELL)
        for k in range(GRAIN_PER_CELL):
            at = y - half + (k + 0.5 + (picks[2 * k] - 0.5) * 0.6) * (2 * half / GRAIN_PER_CELL)
            slope = (picks[2 * k + 1] - 0.5) * 0.12 * cell
            low, high = at - slope / 2, at + slope / 2
            if max(low, high) + GRAIN_WIDTH / 2 > y + half or min(low, high) < y - half:
                continue  # a streak stays inside its cell
            mesh.segment((x - half, low), (x + half, high), GRAIN_WIDTH, tone)


def bevel(mesh: Mesh, quad: list[Point], lit: bool, rgb: RGB, alpha: int) -> None:
    """One edge's bevel band: light on the sides the light falls on, shade on the rest."""
    tone = mix(rgb, (255, 255, 255), 0.3) if lit else mix(rgb, (0, 0, 0), 0.25)
    mesh.polygon(quad, (*tone, round(alpha * 0.75)))


def table_top(mesh: Mesh, polygon: Sequence[Point], alpha: int) -> None:
    """The table as wood: a front face in shade, the top in the light, a lit edge, and
    a few long streaks of grain along the front."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    mesh.polygon(list(polygon), (*TABLE_FRONT, alpha))
    band = min(TOP_DEPTH, (top - bottom) / 2)
    mesh.polygon(
        [(left, top - band), (right, top - band), (right, top), (left, top)], (*TABLE_TOP, alpha)
    )
    mesh.segment((left, top - 0.03), (right, top - 0.03), 0.06, (*TABLE_EDGE, alpha))
    streak: RGBA = (*mix(TABLE_FRONT, (30, 18, 8), 0.4), round(alpha * 0.5))
    picks = _numbers("table", 8)
    for k in range(4):
        y = top - band - (k + 1 + picks[k]) * (top - band - bottom) / 6
        if y <= bottom + 0.05:
            break
        mesh.segment((left, y), (right, y + (picks[k + 4] - 0.5) * 0.2), 0.05, streak)


def shadow_mesh(polygons: Sequence[Sequence[Point]], alpha: int = 255) -> Mesh:
    """A piece's soft shadow, in its own coordinates: each convex polygon's rim at the
    dark of a faint fill under a darker one, in a ring SHADOW_SPREAD wide outside it at
    the faint fill's alpha. Each pixel is filled once, and not under the piece: the
    shadow is drawn SHADOW_OFFSET away from the piece, so no part of it further than
    that inside its outline can show (a software renderer pays for every pixel)."""
    faint, core = alpha * 0.12, alpha * 0.16
    both = round(faint + core - faint * core / 255)  # the two fills blended
    mesh = Mesh()
    for poly in polygons:
        inner = list(poly)
        outer = _grown(inner, SHADOW_SPREAD)
        mesh.outline(inner, SHADOW_HIDDEN, (*SHADOW, both))
        ring = round(faint)
        for k in range(len(inner)):
            j = (k + 1) % len(inner)
            mesh.polygon([inner[k], outer[k], outer[j], inner[j]], (*SHADOW, ring))
    return mesh


def _grown(points: list[Point], by: float) -> list[Point]:
    """A convex polygon pushed out from its centroid by about ``by`` at each vertex."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        out.append((x + dx / length * by, y + dy / length * by))
    return out
