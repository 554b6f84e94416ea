"""Where a chosen hand's pieces land, drawn around the ghost (LOTS and Crazy Tower).

The ghost is the held piece dropped straight down from where it hangs: this piece's
landing, its hand's miss included (the hand's target is the aim plus the draw's ``dx``,
so the piece hangs that far off the mouse). The spread says how far such misses go: the
aim (the ghost moved back by ``dx``) widened by SPREAD_SDS standard deviations of the
hand's sideways miss (``dexterity.miss_sd``: the model's endpoint spread at the app's
reach, the tremor, and the release for the fall from where it hangs). No pyglet.
"""

from __future__ import annotations

import math

from simulator.bots.dexterity import Dexterity, miss_sd
from simulator.physics.geometry import Polygon
from simulator.render.bodies import opaque
from simulator.render.mesh import Mesh

SPREAD_SDS = 2.0  # where 95 % of a chosen hand's pieces land, aimed the same


def spread(
    hand: Dexterity, landed: list[Polygon], dx: float, drop: float, gravity: float
) -> tuple[float, float]:
    """World x from and to where ``hand``'s pieces land when aimed as this one, which
    lands as ``landed`` after falling ``drop`` cm with a miss of ``dx`` cm."""
    reach = SPREAD_SDS * miss_sd(hand, math.sqrt(2.0 * max(drop, 0.0) / gravity))
    xs = [x - dx for poly in landed for x, _ in poly]
    return min(xs) - reach, max(xs) + reach


def spread_band(
    mesh: Mesh, between: tuple[float, float], landed: list[Polygon], tone: tuple[int, int, int]
) -> None:
    """The spread, world x ``between``: a faint strip as tall as the ghost, a firm line
    along its bottom and a tick at each end."""
    left, right = between
    bottom = min(y for poly in landed for _, y in poly)
    top = max(y for poly in landed for _, y in poly)
    mesh.polygon([(left, bottom), (right, bottom), (right, top), (left, top)], opaque(tone, 40))
    tick = min(top - bottom, 1.0)
    for x in (left, right):
        mesh.segment((x, bottom), (x, bottom + tick), 0.08, opaque(tone, 230))
    mesh.segment((left, bottom), (right, bottom), 0.08, opaque(tone, 230))
