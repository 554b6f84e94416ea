"""Drawing a World to a PNG without a display (EGL on Mesa's llvmpipe on a server)."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.files import write_atomically
from simulator.physics.lot import Lot
from simulator.physics.world import World
from simulator.render.palette import BACKGROUND, FONT, INK


def use_headless() -> Any:
    """pyglet, headless unless a window system is already in use in this process (or a
    display was asked for with TOWERSIM_DISPLAY=1)."""
    import pyglet

    if "pyglet.window" not in sys.modules and os.environ.get("TOWERSIM_DISPLAY") != "1":
        pyglet.options["headless"] = True
    return pyglet


@dataclass
class Offscreen:
    """A drawing target of ``width`` x ``height`` pixels; ``image`` holds what was drawn
    once the ``offscreen`` block has ended."""

    pyglet: Any
    window: Any
    width: int
    height: int
    image: Any = None

    def png(self, name: str = "picture.png") -> bytes:
        from pyglet.image.codecs.png import PNGImageEncoder

        out = io.BytesIO()
        self.image.save(name, file=out, encoder=PNGImageEncoder())
        return out.getvalue()


@contextmanager
def offscreen(width: int, height: int, background: tuple[int, int, int]) -> Iterator[Offscreen]:
    """Draw into a texture-backed framebuffer cleared to ``background``, in pixel units; a
    hidden window owns the GL context and the projection the shape shaders read."""
    pyglet = use_headless()
    from pyglet import gl
    from pyglet.math import Mat4

    window = pyglet.window.Window(width=16, height=16, visible=False)
    try:
        texture = pyglet.image.Texture.create(width, height)
        framebuffer = pyglet.image.Framebuffer()
        framebuffer.attach_texture(texture)
        framebuffer.bind()
        gl.glViewport(0, 0, width, height)
        window.projection = Mat4.orthogonal_projection(0, width, 0, height, -1, 1)
        r, g, b = background
        gl.glClearColor(r / 255, g / 255, b / 255, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        target = Offscreen(pyglet, window, width, height)
        yield target
        target.image = texture.get_image_data()
        framebuffer.unbind()
        framebuffer.delete()
        texture.delete()
    finally:
        window.close()


def render_world_png(
    world: World,
    *,
    size: tuple[int, int] = (1200, 900),
    lot: Lot | None = None,
    caption: list[str] | None = None,
    region: tuple[float, float, float, float] | None = None,
) -> bytes:
    """The world drawn at every body's pose, fitted to ``size`` pixels, as PNG bytes."""
    use_headless()  # before anything imports pyglet's window machinery
    from pyglet.math import Mat4

    from simulator.render.camera import Camera, fit_region
    from simulator.render.scene import WorldScene, world_bounds

    width, height = size
    caption = caption or []
    text_band = 30 * len(caption) + (10 if caption else 0)
    with offscreen(width, height, BACKGROUND) as target:
        pyglet, window = target.pyglet, target.window
        viewport = (0.0, 0.0, float(width), float(height - text_band))
        area = region or fit_region(world_bounds(world), viewport[2] / viewport[3])
        camera = Camera(area, viewport)
        scene = WorldScene(world, lot=lot)
        window.view = camera.matrix()
        scene.batch.draw()
        window.view = Mat4()
        labels = pyglet.graphics.Batch()
        keep = [
            pyglet.text.Label(
                line,
                x=12,
                y=height - 12 - 30 * i,
                anchor_y="top",
                font_name=FONT,
                font_size=15,
                color=(*INK, 255),
                batch=labels,
            )
            for i, line in enumerate(caption)
        ]
        labels.draw()
        del keep
        scene.delete()
    return target.png("world.png")


def write_world_png(world: World, path: str | Path, **options: Any) -> None:
    """Render and write atomically (a crash leaves no torn PNG)."""
    write_atomically(path, render_world_png(world, **options))
