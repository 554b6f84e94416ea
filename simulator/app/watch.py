"""``towersim replay FILE --watch``: play a filmed headless run back live in a window.

The run itself already happened headless (the physics is never stepped here); the
window shows its frames at real speed. Space restarts, +/- change the speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from simulator.app.display import display_available
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.screen import Screen

if TYPE_CHECKING:
    from simulator.render.scene import WorldScene

SHORTCUTS = [("Space", "play again from the start"), ("+ / -", "faster / slower")]


class FilmScreen(Screen):
    shortcuts = SHORTCUTS

    def __init__(self, film: Any, caption: list[str]) -> None:
        from simulator.app.widgets import Hud
        from simulator.render.camera import Camera, fit_region
        from simulator.render.scene import world_bounds

        self.film = film
        self.caption = caption
        self.dt = film.world.profile.dt
        self.clock = 0.0
        self.speed = 1.0
        self.index = 0
        # Built on the first draw: a vertex array belongs to the window's GL context.
        self.scene: WorldScene | None = None
        view = (0.0, 0.0, float(DESIGN_W), float(DESIGN_H - 70))
        self.camera = Camera(fit_region(world_bounds(film.world), view[2] / view[3]), view)
        self.hud = Hud()

    @property
    def done(self) -> bool:
        return self.index >= len(self.film.frames) - 1

    def advance(self, steps: int, seconds: float) -> None:
        self.clock += seconds * self.speed
        frames = self.film.frames
        while self.index < len(frames) - 1 and frames[self.index + 1].time <= self.clock:
            self.index += 1

    def draw(self, window: Any, base: Any) -> None:
        from simulator.render.scene import WorldScene

        if self.scene is None:
            self.scene = WorldScene(self.film.world)
        frames = self.film.frames
        if frames:
            self.scene.sync(frames[self.index])
        window.view = base @ self.camera.matrix()
        self.scene.batch.draw()
        window.view = base
        self.hud.clear()
        for i, line in enumerate(self.caption):
            self.hud.text(line, 14, DESIGN_H - 28 - 26 * i, 14, bold=i == 0)
        shown = frames[self.index].time if frames else 0.0
        self.hud.text(
            f"{shown:6.2f} s simulated  x{self.speed:g}  (H: help)",
            DESIGN_W - 14,
            14,
            12,
            anchor_x="right",
        )
        self.hud.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        from pyglet.window import key

        if symbol == key.SPACE:
            self.clock, self.index = 0.0, 0
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.speed = min(self.speed * 2, 16.0)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.speed = max(self.speed / 2, 1 / 16)


def watch_film(film: Any, caption: list[str], err: TextIO) -> bool:
    """Open a window playing ``film``; False (with a reason) when no display exists."""
    if not display_available():
        print("towersim replay: --watch needs a display (DISPLAY is not set)", file=err)
        return False
    import pyglet

    from simulator.app.window import AppWindow

    AppWindow(FilmScreen(film, caption), caption="towersim: replay")
    pyglet.app.run()
    return True
