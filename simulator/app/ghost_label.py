"""A short label beside the ghost of a held piece: why a release there is refused, or
the fall risk of that spot. It is placed beside the ghost and the held piece, never over
them, and laid out again only when its words or place change."""

from __future__ import annotations

from typing import Any

import pyglet

from simulator.app.widgets import Hud
from simulator.render.camera import Rect
from simulator.render.palette import FONT, RGB

GAP = 12.0  # logical pixels between the ghost and the label
PAD = 8.0
HEIGHT = 24.0
SIZE = 12


def union(a: Rect, b: Rect) -> Rect:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return x0, y0, x1 - x0, y1 - y0


def beside(avoid: Rect, size: tuple[float, float], view: Rect) -> tuple[float, float]:
    """Where a box of ``size`` goes: right of ``avoid`` at its middle height, else left
    of it when the view has no room on the right; kept inside ``view``."""
    ax, ay, aw, ah = avoid
    vx, vy, vw, vh = view
    w, h = size
    x = ax + aw + GAP
    if x + w > vx + vw:
        x = max(vx, ax - GAP - w)
    y = min(max(ay + ah / 2 - h / 2, vy), vy + vh - h)
    return x, y


class GhostLabel:
    def __init__(self) -> None:
        self.hud = Hud()
        self.box: Rect | None = None  # where it is drawn (logical pixels), or None
        self.text = ""
        self._shown: Any = None

    def show(self, text: str, tone: RGB, avoid: Rect, view: Rect) -> None:
        """``text`` in ``tone`` beside ``avoid`` (the ghost and the piece, logical
        pixels), inside ``view``."""
        wanted = (text, tone, tuple(round(v) for v in avoid))
        if wanted == self._shown:
            return
        self._shown, self.text = wanted, text
        self.hud.clear()
        width = _text_width(text) + 2 * PAD
        x, y = beside(avoid, (width, HEIGHT), view)
        self.box = (x, y, width, HEIGHT)
        self.hud.rect(x, y, width, HEIGHT, (255, 255, 255), 225, layer=0)
        self.hud.border(x, y, width, HEIGHT, tone, layer=1)
        self.hud.text(
            text, x + PAD, y + HEIGHT / 2, SIZE, tone, bold=True, anchor_y="center", layer=2
        )

    def hide(self) -> None:
        if self._shown is not None:
            self.hud.clear()
            self._shown, self.box, self.text = None, None, ""

    def draw(self) -> None:
        if self._shown is not None:
            self.hud.draw()


def _text_width(text: str) -> float:
    label = pyglet.text.Label(text, font_name=FONT, font_size=SIZE, weight="bold")
    width = float(label.content_width)
    label.delete()
    return width
