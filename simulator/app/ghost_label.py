"""A short label beside the ghost of a held piece: why a release there is refused, or
the fall risk of that spot. It is placed beside the ghost and the held piece, never over
them, and laid out again only when its words or place change."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import pyglet

from simulator.app.widgets import Hud
from simulator.render.camera import Rect
from simulator.render.palette import FONT, RGB

REFUSED_TONE = (220, 40, 40)  # a ghost where a release is refused, and its words
REFUSED_INK = (120, 0, 0, 230)  # the cross on such a ghost
GAP = 12.0  # logical pixels between the ghost and the label
PAD = 6.0
LINE = 18.0  # logical pixels a line of text takes
SIZE = 11
LINE_CHARS = 40  # a longer reason wraps: a narrow label finds room beside the tower


def union(a: Rect, b: Rect) -> Rect:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return x0, y0, x1 - x0, y1 - y0


def beside(
    avoid: Rect, size: tuple[float, float], view: Rect, obstacles: Sequence[Rect] = ()
) -> tuple[float, float]:
    """Where a box of ``size`` goes, clear of ``avoid``: on its right at its middle
    height, else on its left, else above it, else below it, each also shifted up or
    down; the first that fits in ``view`` and covers none of ``obstacles`` (the pieces
    on the table), else the first that fits; squeezed into the view when none does."""
    ax, ay, aw, ah = avoid
    vx, vy, vw, vh = view
    w, h = size
    middle_y = min(max(ay + ah / 2 - h / 2, vy), vy + vh - h)
    middle_x = min(max(ax + aw / 2 - w / 2, vx), vx + vw - w)
    shifts = (0.0, h + GAP, 2 * (h + GAP), -(h + GAP))
    places = [(ax + aw + GAP, middle_y + s) for s in shifts]
    places += [(ax - GAP - w, middle_y + s) for s in shifts]
    places += [(middle_x, ay + ah + GAP), (middle_x, ay - GAP - h)]
    fitting = [
        (x, y) for x, y in places if vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh
    ]
    for x, y in fitting:
        if not any(_overlap((x, y, w, h), other) for other in obstacles):
            return x, y
    if fitting:
        return fitting[0]
    return min(max(ax + aw + GAP, vx), vx + vw - w), middle_y


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def body_boxes(camera: Any, world: Any, skip: str | None = None) -> list[Rect]:
    """The pieces on the table as screen boxes (logical pixels), ``skip`` left out: what
    a label must not cover."""
    boxes = []
    for entry in world.dynamic_entries:
        if entry.id == skip:
            continue
        for shape in entry.shapes:
            bb = shape.bb
            x0, y0 = camera.to_screen(bb.left, bb.bottom)
            x1, y1 = camera.to_screen(bb.right, bb.top)
            boxes.append((min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))
    return boxes


class GhostLabel:
    def __init__(self) -> None:
        self.hud = Hud()
        self.box: Rect | None = None  # where it is drawn (logical pixels), or None
        self.text = ""
        self._shown: Any = None

    def show(
        self,
        lines: list[str],
        tone: RGB,
        avoid: Rect,
        view: Rect,
        obstacles: Sequence[Rect] = (),
        tip: str = "",
    ) -> None:
        """``lines`` of text in ``tone`` beside ``avoid`` (the ghost and the piece,
        logical pixels), inside ``view``, clear of ``obstacles`` where it can be; ``tip``:
        what it says more to a resting mouse."""
        rounded = tuple(tuple(round(v / 4) for v in box) for box in (avoid, *obstacles))
        wanted = (tuple(lines), tone, rounded, tip)
        if wanted == self._shown:
            return
        self._shown, self.text = wanted, " ".join(lines)
        lines = [part for line in lines for part in textwrap.wrap(line, LINE_CHARS) or [""]]
        self.hud.clear()
        width = max(_text_width(line) for line in lines) + 2 * PAD
        height = LINE * len(lines) + PAD
        x, y = beside(avoid, (width, height), view, obstacles)
        self.box = (x, y, width, height)
        if tip:
            self.hud.tip(x, y, width, height, tip)
        self.hud.rect(x, y, width, height, (255, 255, 255), 225, layer=0)
        self.hud.border(x, y, width, height, tone, layer=1)
        for index, line in enumerate(lines):
            top = y + height - PAD / 2 - index * LINE
            self.hud.text(line, x + PAD, top - LINE / 2, SIZE, tone, bold=True, anchor_y="center")

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
