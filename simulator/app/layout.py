"""A fixed logical screen (DESIGN_W x DESIGN_H) letterboxed into any window size, so a
resized window keeps the aspect and the layout; mouse positions map back to it."""

from __future__ import annotations

from dataclasses import dataclass

DESIGN_W, DESIGN_H = 1280, 800


@dataclass(frozen=True)
class Letterbox:
    width: int  # window size in pixels
    height: int

    @property
    def scale(self) -> float:
        return min(self.width / DESIGN_W, self.height / DESIGN_H)

    @property
    def offset(self) -> tuple[float, float]:
        s = self.scale
        return (self.width - DESIGN_W * s) / 2, (self.height - DESIGN_H * s) / 2

    def to_logical(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self.offset
        return (x - ox) / self.scale, (y - oy) / self.scale

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self.offset
        return ox + x * self.scale, oy + y * self.scale

    def matrix(self):  # -> pyglet.math.Mat4
        from pyglet.math import Mat4, Vec3

        ox, oy = self.offset
        s = self.scale
        return Mat4.from_translation(Vec3(ox, oy, 0.0)) @ Mat4.from_scale(Vec3(s, s, 1.0))
