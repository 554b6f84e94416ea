"""The aiming test's page: a circle of targets in the table's centimetres (task.py says
how logical pixels map to them), the one to click shown, each click timed; when the
last circle is done, the result page (results.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

from pyglet.window import key, mouse

from simulator.app.aim.results import AimResults
from simulator.app.aim.task import PX_PER_CM, AimTask, Design, progress
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.screen import HudPage, Screen
from simulator.app.widgets import Hud
from simulator.render.camera import Camera

TOP = 716.0  # logical y where the strip of words begins; the targets lie below it
AREA = (0.0, 0.0, float(DESIGN_W), TOP)  # the test's viewport, logical pixels
START: tuple[int, int, int] = (40, 140, 90)
NEXT: tuple[int, int, int] = (70, 110, 170)
IDLE: tuple[int, int, int] = (205, 210, 222)
SHORTCUTS = [
    ("click", "the highlighted target: the green one starts a circle, then the blue one"),
    ("R", "start again from the first circle"),
    ("Ctrl+N", "back to the start screen"),
]
INSTRUCTIONS = (
    "Click the highlighted target as quickly as you can while staying accurate. "
    "Each circle starts when you click its green target; a miss still counts."
)


def camera() -> Camera:
    """Table cm about the area's centre at PX_PER_CM logical pixels per cm."""
    _, _, w, h = AREA
    width, height = w / PX_PER_CM, h / PX_PER_CM
    return Camera((-width / 2, -height / 2, width, height), AREA)


class AimScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(
        self,
        back: Callable[[], Screen],
        design: Design | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._back = back  # the screen Back shows (the start screen)
        self.design = design or Design()
        self.clock = clock  # the click times; a test gives its own
        self.task = AimTask(self.design)
        self.camera = camera()
        if self.design.span_cm * PX_PER_CM > TOP:
            raise ValueError(f"a circle {self.design.span_cm:g} cm across does not fit the page")
        self.hud = Hud()
        self.dirty = True

    def back(self) -> None:
        if self.window is not None:
            self.window.show(self._back())

    def again(self) -> None:
        self.task = AimTask(self.design)
        self.dirty = True

    # -- input ------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button != mouse.LEFT:
            return
        when = self.clock()
        if self.hud.press(x, y) or y > TOP:
            return  # a button, or the strip of words: not a movement
        if self.task.click(*self.camera.to_world(x, y), when):
            self.dirty = True
            if self.task.done:
                self._finish()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.R:
            self.again()

    def _finish(self) -> None:
        if self.window is not None:
            again = lambda: AimScreen(self._back, self.design, self.clock)  # noqa: E731
            self.window.show(AimResults(self.task, back=self._back, again=again))

    # -- drawing ----------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud, task = self.hud, self.task
        hud.clear()
        hud.rect(0, TOP, DESIGN_W, DESIGN_H - TOP, (228, 232, 238), layer=0)
        hud.text("Measure my hand", 40, 762, 22, bold=True)
        hud.text(INSTRUCTIONS, 40, 746, 12, width=900, lines=2, anchor_y="top")
        made, total = progress(task)
        circle = min(task.sequence + 1, len(self.design.conditions()))
        circles = len(self.design.conditions())
        hud.text(f"Circle {circle} of {circles}", 960, 766, 13, bold=True, width=180)
        hud.text(f"{made} of {total} movements", 960, 744, 12, width=180)
        hud.button(1150, 742, 110, 40, "Back", self.back, tone=(110, 125, 150))
        if task.done:
            return
        width = task.condition[1]
        radius = width / 2 * PX_PER_CM
        aim = task.target()
        for i, (x, y) in enumerate(task.targets()):
            px, py = self.camera.to_screen(x, y)
            if i == aim:
                hud.circle(px, py, radius, START if task.clicks == 0 else NEXT, layer=2)
            else:
                hud.circle(px, py, radius, IDLE, layer=1)
