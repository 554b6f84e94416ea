"""Which part of the world a viewport shows: world centimetres to pixels, aspect kept."""

from __future__ import annotations

from dataclasses import dataclass

Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True)
class Camera:
    world: Rect  # the world region (cm) to show, fitted whole into the viewport
    viewport: Rect  # where on the framebuffer (pixels)

    @property
    def scale(self) -> float:
        """Pixels per centimetre: the largest that fits the world region (aspect kept)."""
        _, _, ww, wh = self.world
        _, _, vw, vh = self.viewport
        return min(vw / ww, vh / wh)

    @property
    def offset(self) -> tuple[float, float]:
        """Pixel position of world (0, 0); the region is centred in the viewport."""
        wx, wy, ww, wh = self.world
        vx, vy, vw, vh = self.viewport
        s = self.scale
        return vx + (vw - ww * s) / 2 - wx * s, vy + (vh - wh * s) / 2 - wy * s

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self.offset
        return ox + x * self.scale, oy + y * self.scale

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        ox, oy = self.offset
        return (px - ox) / self.scale, (py - oy) / self.scale

    def matrix(self):  # -> pyglet.math.Mat4 (pyglet imported lazily)
        from pyglet.math import Mat4, Vec3  # lazy: headless

        ox, oy = self.offset
        s = self.scale
        return Mat4.from_translation(Vec3(ox, oy, 0.0)) @ Mat4.from_scale(Vec3(s, s, 1.0))


def fit_region(bounds: Rect, aspect: float, margin: float = 0.08) -> Rect:
    """``bounds`` grown by ``margin`` on each side and widened or heightened to ``aspect``
    (width / height), centred, so the picture does not stretch."""
    x, y, w, h = bounds
    w, h = w * (1 + 2 * margin), h * (1 + 2 * margin)
    cx, cy = x + bounds[2] / 2, y + bounds[3] / 2
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    return cx - w / 2, cy - h / 2, w, h
