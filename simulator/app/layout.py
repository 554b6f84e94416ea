"""A fixed logical screen (DESIGN_W x DESIGN_H) letterboxed into any window size, so a
resized window keeps the aspect and the layout; mouse positions map back to it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pyglet.math import Mat4, Vec3

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

    def matrix(self) -> Mat4:
        ox, oy = self.offset
        s = self.scale
        return Mat4.from_translation(Vec3(ox, oy, 0.0)) @ Mat4.from_scale(Vec3(s, s, 1.0))


@contextmanager
def clipped(
    window: Any, box: Letterbox, region: tuple[float, float, float, float]
) -> Iterator[None]:
    """Draw only inside ``region`` (logical x, y, w, h): a world wider than its view
    stays out of the panels, which then need no opaque background of their own (an
    opaque rectangle costs a blended fill of its whole area on a software renderer)."""
    from pyglet import gl  # lazy: display

    x, y, w, h = region
    left, bottom = box.to_window(x, y)
    right, top = box.to_window(x + w, y + h)
    fx = window.get_framebuffer_size()[0] / max(box.width, 1)  # HiDPI: pixels per unit
    gl.glEnable(gl.GL_SCISSOR_TEST)
    gl.glScissor(
        round(left * fx), round(bottom * fx), round((right - left) * fx), round((top - bottom) * fx)
    )
    try:
        yield
    finally:
        gl.glDisable(gl.GL_SCISSOR_TEST)
