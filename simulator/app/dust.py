"""Dust kicked up where a falling piece hits the table: a few grey-brown puffs that
spread, rise a little and fade (drawing only, in world coordinates, cm).

Each puff's scatter comes from a generator seeded by where and when the piece landed, so
a fall drawn again looks the same; it never touches the game's streams.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pyglet
from pyglet import shapes

DUST = (196, 184, 160)  # dry wood and table dust
SECONDS = 0.7  # a grain's life
GRAINS = 9  # a puff's grains
MOST = 240  # grains alive at once: a collapse does not flood the frame
START_ALPHA = 150


@dataclass
class _Grain:
    circle: shapes.Circle
    x: float
    y: float
    vx: float
    vy: float
    size: float
    age: float = 0.0


class Dust:
    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._grains: list[_Grain] = []

    @property
    def grains(self) -> int:
        return len(self._grains)

    def puff(self, x: float, y: float, seed: float) -> None:
        """A puff where a piece hit the table at (x, y) cm."""
        rng = random.Random(f"{x:.3f}/{y:.3f}/{seed:.4f}")
        for _ in range(min(GRAINS, MOST - len(self._grains))):
            angle = rng.uniform(0.15, math.pi - 0.15)  # outward and up, never down
            speed = rng.uniform(4.0, 12.0)  # cm/s
            size = rng.uniform(0.25, 0.6)
            circle = shapes.Circle(
                x, y, size, color=(*DUST, START_ALPHA), batch=self.batch, segments=10
            )
            vx, vy = math.cos(angle) * speed, math.sin(angle) * speed * 0.4
            self._grains.append(_Grain(circle, x, y, vx, vy, size))

    def step(self, seconds: float) -> None:
        """Let ``seconds`` pass: grains drift, slow, grow and fade; the old ones go."""
        alive = []
        for grain in self._grains:
            grain.age += seconds
            if grain.age >= SECONDS:
                grain.circle.delete()
                continue
            drag = math.exp(-3.0 * seconds)
            grain.vx, grain.vy = grain.vx * drag, grain.vy * drag
            grain.x += grain.vx * seconds
            grain.y += grain.vy * seconds
            life = grain.age / SECONDS
            grain.circle.position = (grain.x, grain.y)
            grain.circle.radius = grain.size * (1.0 + 2.0 * life)
            grain.circle.opacity = round(START_ALPHA * (1.0 - life) ** 1.5)
            alive.append(grain)
        self._grains = alive

    def clear(self) -> None:
        for grain in self._grains:
            grain.circle.delete()
        self._grains = []

    def draw(self) -> None:
        if self._grains:
            self.batch.draw()
