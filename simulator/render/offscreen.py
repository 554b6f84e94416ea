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
from simulator.render.camera import Camera, fit_region
from simulator.render.palette import BACKGROUND, FONT, INK


def use_headless() -> Any:
    """pyglet, headless unless a window system is already in use in this process (or a
    display was asked for with TOWERSIM_DISPLAY=1)."""
    import pyglet  # lazy: headless

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
        from pyglet.image.codecs.png import PNGImageEncoder  # lazy: display

        out = io.BytesIO()
        self.image.save(name, file=out, encoder=PNGImageEncoder())
        return out.getvalue()


class Surface:
    """A texture-backed framebuffer of ``width`` x ``height`` pixels and the hidden window
    that owns its GL context and the projection the shape shaders read: made once, drawn
    into any number of times (a hidden window per picture is the slow part)."""

    def __init__(self, width: int, height: int) -> None:
        self.pyglet = use_headless()
        self.width, self.height = width, height
        self.window = self.pyglet.window.Window(width=16, height=16, visible=False)
        try:
            self.texture = self.pyglet.image.Texture.create(width, height)
            self.framebuffer = self.pyglet.image.Framebuffer()
            self.framebuffer.attach_texture(self.texture)
        except BaseException:
            self.window.close()
            raise

    def begin(self, background: tuple[int, int, int]) -> None:
        """Bind the framebuffer cleared to ``background``, in pixel units, no view."""
        from pyglet import gl  # lazy: display
        from pyglet.math import Mat4  # lazy: headless

        self.window.switch_to()
        self.framebuffer.bind()
        gl.glViewport(0, 0, self.width, self.height)
        self.window.projection = Mat4.orthogonal_projection(0, self.width, 0, self.height, -1, 1)
        self.window.view = Mat4()
        r, g, b = background
        gl.glClearColor(r / 255, g / 255, b / 255, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)

    def rgba(self) -> bytes:
        """What was drawn since ``begin``, RGBA, the bottom row first (as GL stores it)."""
        from pyglet import gl  # lazy: display

        data = (gl.GLubyte * (self.width * self.height * 4))()
        gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
        gl.glReadPixels(0, 0, self.width, self.height, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
        return bytes(data)

    def end(self) -> None:
        self.framebuffer.unbind()

    def close(self) -> None:
        self.window.switch_to()  # the framebuffer and texture belong to this context
        self.framebuffer.delete()
        self.texture.delete()
        self.window.close()


@contextmanager
def offscreen(width: int, height: int, background: tuple[int, int, int]) -> Iterator[Offscreen]:
    """Draw into a fresh Surface cleared to ``background``, in pixel units."""
    surface = Surface(width, height)
    try:
        surface.begin(background)
        target = Offscreen(surface.pyglet, surface.window, width, height)
        yield target
        target.image = surface.texture.get_image_data()
        surface.end()
    finally:
        surface.close()


def render_world_png(
    world: World,
    *,
    size: tuple[int, int] = (1200, 900),
    lot: Lot | None = None,
    caption: list[str] | None = None,
    region: tuple[float, float, float, float] | None = None,
    wood: bool = False,
) -> bytes:
    """The world drawn at every body's pose, fitted to ``size`` pixels, as PNG bytes
    (``wood``: in the app's look, render/wood.py; else flat, as replay --png draws)."""
    use_headless()  # before anything imports pyglet's window machinery
    from pyglet.math import Mat4  # lazy: headless

    from simulator.render.scene import WorldScene, world_bounds  # lazy: display

    width, height = size
    caption = caption or []
    text_band = 30 * len(caption) + (10 if caption else 0)
    with offscreen(width, height, BACKGROUND) as target:
        pyglet, window = target.pyglet, target.window
        viewport = (0.0, 0.0, float(width), float(height - text_band))
        area = region or fit_region(world_bounds(world), viewport[2] / viewport[3])
        camera = Camera(area, viewport)
        scene = WorldScene(world, lot=lot, wood=wood)
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
