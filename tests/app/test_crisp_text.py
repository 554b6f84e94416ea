"""Text is drawn in device pixels (simulator/app/crisp.py): at 1280x800, 1920x1080 and
a pixel ratio of 2, a letter's drawn height is its design height times the window's
scale, and its glyph texture lands one texel to one pixel (never stretched)."""

from __future__ import annotations

from typing import Any

import pytest
from pyglet.math import Mat4

from simulator.app.crisp import Device
from simulator.app.layout import Letterbox
from simulator.app.screen import Screen
from simulator.app.widgets import Hud
from simulator.app.window import AppWindow
from tests.app.helpers import close, frames

SIZE = 40.0  # pt, design size: tall enough that one pixel is a small share
AT = (600.0, 400.0)  # design units: the letter's baseline start


class Letter(Screen):
    """A screen of one black H on white."""

    def attach(self, window: Any) -> None:
        super().attach(window)
        self.hud = Hud(scale=1.0)  # made in the window's own GL context
        self.hud.rect(0, 0, 1280, 800, (255, 255, 255), layer=0)
        self.fitted = self.hud.text("H", *AT, SIZE, (0, 0, 0), width=200)

    def draw(self, window: Any, base: Any) -> None:
        window.view = base
        self.hud.draw()


def _ink_rows(window: Any) -> int:
    """How many framebuffer rows hold ink (dark pixels)."""
    import pyglet

    window.switch_to()
    buffer = pyglet.image.get_buffer_manager().get_color_buffer()
    image = buffer.get_image_data()
    width = image.width
    data = image.get_data("L", width)
    rows = [y for y in range(image.height) if min(data[y * width : (y + 1) * width]) < 96]
    return len(rows)


def _glyph_ink_rows(size: float) -> int:
    """How many rows of the glyph's own bitmap hold ink at ``size`` pt."""
    import pyglet

    from simulator.render.palette import FONT

    glyphs, _ = pyglet.font.load(FONT, size).get_glyphs("H")
    glyph = glyphs[0]
    image = glyph.get_image_data()
    width = image.width
    alpha = image.get_data("A", width)
    return sum(1 for y in range(image.height) if max(alpha[y * width : (y + 1) * width]) > 160)


def _drawn(width: int, height: int, ratio: int = 1) -> tuple[int, Letter, AppWindow]:
    screen = Letter()
    window = AppWindow(
        screen, visible=False, schedule=False, width=width * ratio, height=height * ratio
    )
    frames(window)  # the window's first resize
    if ratio != 1:  # a high-DPI screen: the window is width x height, its pixels ratio x
        window.box = Letterbox(width, height)
        window.projection = Mat4.orthogonal_projection(0, width, 0, height, -255, 255)
    frames(window, 2)
    rows = _ink_rows(window)
    return rows, screen, window


@pytest.mark.parametrize(("width", "height", "ratio"), [(1920, 1080, 1), (1280, 800, 2)])
def test_letters_scale_with_the_window_and_stay_one_texel_a_pixel(
    width: int, height: int, ratio: int
) -> None:
    design_rows, _, window = _drawn(1280, 800)
    close(window)
    rows, screen, window = _drawn(width, height, ratio)
    try:
        label = screen.fitted.label
        k = Letterbox(width, height).scale * ratio
        assert screen.fitted.device == Device(Letterbox(width, height), ratio)
        assert label.font_size == pytest.approx(SIZE * k)  # the type set for the device
        assert abs(rows - design_rows * k) <= 1.5  # the design height times the scale
        # one texel a pixel: exactly the ink rows of the glyph's own bitmap at that size
        assert rows == _glyph_ink_rows(SIZE * k)
        assert (label.x, label.y) == Device(Letterbox(width, height), ratio).point(*AT)
    finally:
        close(window)


def test_a_design_size_window_draws_text_as_laid_out() -> None:
    rows, screen, window = _drawn(1280, 800)
    try:
        assert rows == _glyph_ink_rows(SIZE)
        assert screen.fitted.label.font_size == SIZE
        assert (screen.fitted.label.x, screen.fitted.label.y) == AT
    finally:
        close(window)
