"""Tooltips: the mouse resting on a component that has something more to say (a block
in a bank, a die to draft) shows it in a small box beside the pointer, after DELAY.

A screen says what lies under the pointer with ``tip_at(x, y)`` (the buttons' ``tip``);
the window draws the box over everything but the help."""

from __future__ import annotations

from collections.abc import Iterable

import pyglet

from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.widgets import Button, Hud, Tip
from simulator.render.palette import FONT

DELAY = 0.5  # seconds the pointer rests before the tip shows
SIZE = 11
WIDTH = 300.0
PAD = 6.0
PAPER = (255, 252, 232)
EDGE = (150, 140, 110)
OFFSET = 16.0  # logical px from the pointer


def tip_of(buttons: Iterable[Button | Tip], x: float, y: float) -> str | None:
    """The tip of the topmost button (or tipped component) under (x, y) that has one."""
    for button in reversed(list(buttons)):
        if (
            button.tip
            and button.x <= x <= button.x + button.w
            and button.y <= y <= button.y + button.h
        ):
            return button.tip
    return None


class Tooltip:
    def __init__(self) -> None:
        self.hud = Hud(scale=1.0)
        self.at: tuple[float, float] | None = None  # the pointer, logical px
        self.rested = 0.0  # seconds it has rested there
        self.shown: str | None = None
        self._laid: tuple[str, float, float] | None = None

    def moved(self, x: float, y: float) -> None:
        self.at, self.rested = (x, y), 0.0

    def left(self) -> None:
        self.at = None

    def step(self, seconds: float) -> None:
        self.rested += seconds

    def draw(self, tip: str | None) -> None:
        """Show ``tip`` (what lies under the pointer now) once the pointer has rested."""
        self.shown = tip if tip and self.at is not None and self.rested >= DELAY else None
        if self.shown is None or self.at is None:
            return
        x, y = self.at
        if self._laid != (self.shown, x, y):
            self._laid = (self.shown, x, y)
            self._lay_out(self.shown, x, y)
        self.hud.draw()

    def _lay_out(self, tip: str, x: float, y: float) -> None:
        hud = self.hud
        hud.clear()
        probe = pyglet.text.Label(
            tip, font_name=FONT, font_size=SIZE, width=int(WIDTH - 2 * PAD), multiline=True
        )
        h = probe.content_height + 2 * PAD
        w = min(WIDTH, probe.content_width + 2 * PAD + 2)
        probe.delete()
        left = min(x + OFFSET, DESIGN_W - w - 4)  # it stays on the screen
        bottom = y - OFFSET - h if y - OFFSET - h > 4 else min(y + OFFSET, DESIGN_H - h - 4)
        hud.rect(left, bottom, w, h, PAPER, layer=1)
        hud.border(left, bottom, w, h, EDGE, layer=1)
        hud.text(
            tip,
            left + PAD,
            bottom + h - PAD,
            SIZE,
            width=w - 2 * PAD,
            height=h - 2 * PAD,
            anchor_y="top",
        )


def hud_tip(huds: Iterable[Hud], x: float, y: float) -> str | None:
    """The tip under (x, y) of the huds, the last hud's topmost: a button over a tipped
    component it lies on."""
    items: list[Button | Tip] = []
    for hud in huds:
        items += [*hud.tips, *hud.buttons]
    return tip_of(items, x, y)
