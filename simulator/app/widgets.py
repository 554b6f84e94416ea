"""Screen furniture in logical pixels: panels, text and clickable buttons, batched.

A screen rebuilds its Hud when what it shows changes (not every frame); buttons are
hit-tested in logical coordinates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyglet
from pyglet import shapes

from simulator.app.layout import DESIGN_H
from simulator.render.palette import FONT, INK, RGB


@dataclass
class Button:
    x: float
    y: float
    w: float
    h: float
    action: Callable[[], None]
    label: str
    enabled: bool = True

    def hit(self, px: float, py: float) -> bool:
        return self.enabled and self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


class Hud:
    """Shapes and labels in three layers (panels, marks, text) plus the buttons."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._groups = [pyglet.graphics.Group(order=i) for i in range(4)]
        self._items: list[Any] = []
        self.buttons: list[Button] = []

    def clear(self) -> None:
        for item in self._items:
            item.delete()
        self._items.clear()
        self.buttons.clear()

    def rect(
        self, x: float, y: float, w: float, h: float, rgb: RGB, alpha: int = 255, layer: int = 0
    ) -> None:
        item = shapes.Rectangle(
            x, y, w, h, color=(*rgb, alpha), batch=self.batch, group=self._groups[layer]
        )
        self._items.append(item)

    def border(self, x: float, y: float, w: float, h: float, rgb: RGB, layer: int = 1) -> None:
        item = shapes.Box(
            x, y, w, h, thickness=2, color=rgb, batch=self.batch, group=self._groups[layer]
        )
        self._items.append(item)

    def circle(self, x: float, y: float, r: float, rgb: RGB, layer: int = 1) -> None:
        item = shapes.Circle(x, y, r, color=rgb, batch=self.batch, group=self._groups[layer])
        self._items.append(item)

    def polygon(self, points: list[tuple[float, float]], rgb: RGB, layer: int = 1) -> None:
        item = shapes.Polygon(*points, color=rgb, batch=self.batch, group=self._groups[layer])
        self._items.append(item)

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 13,
        rgb: RGB = INK,
        *,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        width: float | None = None,
        layer: int = 2,
    ) -> None:
        label = pyglet.text.Label(
            text,
            x=x,
            y=y,
            font_name=FONT,
            font_size=size,
            weight="bold" if bold else "normal",
            color=(*rgb, 255),
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            width=int(width) if width else None,
            multiline=width is not None,
            batch=self.batch,
            group=self._groups[layer],
        )
        self._items.append(label)

    def button(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        label: str,
        action: Callable[[], None],
        *,
        enabled: bool = True,
        tone: RGB = (70, 110, 170),
    ) -> Button:
        fill = tone if enabled else (170, 170, 170)
        self.rect(x, y, w, h, fill, layer=1)
        self.text(
            label,
            x + w / 2,
            y + h / 2,
            12,
            (255, 255, 255),
            anchor_x="center",
            anchor_y="center",
            layer=3,
        )
        button = Button(x, y, w, h, action, label, enabled)
        self.buttons.append(button)
        return button

    def press(self, x: float, y: float) -> bool:
        """Run the button under (x, y), if any; True when one was pressed."""
        for button in reversed(self.buttons):
            if button.hit(x, y):
                button.action()
                return True
        return False

    def draw(self) -> None:
        self.batch.draw()


class Banner:
    """The message strip along the top of a screen's left part, laid out again only
    when the message changes (a text layout costs more than a frame's drawing)."""

    def __init__(self, width: float, *, height: float = 58, size: float = 13) -> None:
        self.width, self.height, self.size = width, height, size
        self.hud = Hud()
        self._shown: str | None = None

    def draw(self, message: str) -> None:
        if message != self._shown:
            self._shown = message
            hud, top = self.hud, DESIGN_H - 8
            hud.clear()
            hud.rect(8, top - self.height, self.width - 16, self.height, (255, 255, 255), 228)
            hud.text(message, 16, top - 8, self.size, width=self.width - 36, anchor_y="top")
        self.hud.draw()
