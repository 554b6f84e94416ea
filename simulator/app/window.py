"""The app's window: a letterboxed logical screen, the fixed-step loop, the help overlay.

It shows one ``Screen`` at a time (simulator/app/screen.py) and calls only what that
protocol declares.
"""

from __future__ import annotations

from collections.abc import Callable

import pyglet
from pyglet.window import key

from simulator.app import crisp
from simulator.app.layout import DESIGN_H, DESIGN_W, Letterbox
from simulator.app.loop import FixedStep
from simulator.app.overlay import HelpAction, Overlay
from simulator.app.screen import Screen
from simulator.app.sound import Sounds, preferences
from simulator.app.tooltip import Tooltip
from simulator.app.widgets import Hud
from simulator.render.palette import BACKGROUND

FRAME_RATE = 60.0
HELP_PANEL = (190, 90, 900, 640)  # the help overlay's panel: x, y, w, h (logical)
MUTE_KEY = ("M", "sound off or on")
HELP_KEY = ("H, F1 / Esc", "this help / close it")  # every screen's: the window takes them


class AppWindow(pyglet.window.Window):
    def __init__(
        self,
        screen: Screen,
        *,
        visible: bool = True,
        width: int = DESIGN_W,
        height: int = DESIGN_H,
        caption: str = "towersim",
        schedule: bool = True,
        home: Callable[[], Screen] | None = None,
        sounds: Sounds | None = None,
    ) -> None:
        super().__init__(width, height, caption, resizable=True, visible=visible)
        self.sounds = sounds or Sounds()  # the app's one mixer: every screen plays through it
        Hud.on_press = self.sounds.click  # a button pressed clicks, nothing else does
        self.set_minimum_size(640, 400)
        self.box = Letterbox(width, height)
        self.tooltip = Tooltip()  # what the component under a resting pointer says
        self._help = Hud()
        self.overlay: Overlay | None = None  # a guide or the rules page over the screen
        self.help_actions: list[HelpAction] = []  # keys the screen adds to the help
        self.page = screen
        self.show(screen)
        self.frames = 0
        self.home = home  # makes the start screen (Ctrl+N); None: no way back
        if schedule:
            pyglet.clock.schedule_interval(self.tick, 1.0 / FRAME_RATE)

    def show(self, screen: Screen) -> None:
        """Switch to another screen (the start screen opening a game, or back); the
        screen left behind stops its workers and frees its GL objects (``close``)."""
        if self.page is not screen:
            self.page.close()
        self.page = screen
        self.loop = FixedStep(screen.dt)
        self.help_visible = False
        self.open_overlay(None)
        self.help_actions = []
        preferences.apply(self.sounds)  # the settings page may have changed them
        screen.attach(self)

    def open_overlay(self, overlay: Overlay | None) -> None:
        """Show ``overlay`` over the screen (None: none), closing the one shown."""
        if self.overlay is not None and self.overlay is not overlay:
            self.overlay.close()
        self.overlay = overlay

    # -- time ---------------------------------------------------------------------------

    def tick(self, seconds: float) -> None:
        """One frame of real time: the physics steps it earns, at the fixed dt."""
        self.tooltip.step(seconds)
        page = self.page
        if self.loop.dt != page.dt:  # a loaded game may pin another physics step
            self.loop = FixedStep(page.dt)
        page.advance(self.loop.steps_for(seconds), seconds)

    def close(self) -> None:
        pyglet.clock.unschedule(self.tick)
        if Hud.on_press == self.sounds.click:
            Hud.on_press = None
        self.open_overlay(None)
        self.page.close()
        crisp.release(self)
        super().close()

    # -- drawing ------------------------------------------------------------------------

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.box = Letterbox(width, height)

    def on_draw(self) -> None:
        r, g, b = BACKGROUND
        pyglet.gl.glClearColor(r / 255, g / 255, b / 255, 1.0)
        self.clear()
        crisp.use(self, crisp.device_of(self, self.box))  # text is drawn in its pixels
        base = self.box.matrix()
        self.view = base
        self.page.draw(self, base)
        if self.overlay is not None and self.overlay.closed:
            self.overlay = None
        if self.overlay is not None:
            self.view = base
            self.overlay.draw(self, base)
        if not self.help_visible and self.tooltip.at is not None:
            self.view = base
            self.tooltip.draw(self.page.tip_at(*self.tooltip.at))
        if self.help_visible:
            self._draw_help()
        self.frames += 1

    def _draw_help(self) -> None:
        hud = self._help
        hud.clear()
        x, bottom, w, h = HELP_PANEL
        hud.rect(0, 0, DESIGN_W, DESIGN_H, (20, 24, 32), 150, layer=0)
        hud.rect(x, bottom, w, h, (20, 24, 32), 235, layer=1)
        left, inner = x + 40, w - 80
        white = (255, 255, 255)
        hud.text("Keys and mouse", left, bottom + h - 40, 20, white, bold=True, width=inner)
        home = [("Ctrl+N", "back to the start screen")] if self.home is not None else []
        more = [(a.keys, a.what) for a in self.help_actions]
        rows = [*self.page.shortcuts, *more, *home, MUTE_KEY, HELP_KEY]
        top: float = bottom + h - 60
        step = min(32.0, (top - bottom - 12) / len(rows))  # every row fits the panel
        keys_w = 250
        for keys, what in rows:
            fit = step - 2
            hud.text(
                keys,
                left,
                top,
                14,
                (250, 220, 120),
                bold=True,
                width=keys_w,
                height=fit,
                anchor_y="top",
            )
            text_w = inner - keys_w - 20
            hud.text(
                what,
                left + keys_w + 20,
                top,
                14,
                (240, 240, 240),
                width=text_w,
                height=fit,
                anchor_y="top",
            )
            top -= step
        hud.draw()

    # -- input --------------------------------------------------------------------------

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        logical = self.box.to_logical(x, y)
        self.tooltip.moved(*logical)
        self.page.on_mouse_motion(*logical)

    def on_mouse_leave(self, x: int, y: int) -> None:
        self.tooltip.left()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.page.on_mouse_motion(*self.box.to_logical(x, y))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.help_visible:
            self.help_visible = False
            return
        logical = self.box.to_logical(x, y)
        if self.overlay is not None and self.overlay.on_mouse_press(*logical, button):
            return
        self.page.on_mouse_press(*logical, button)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.overlay is None or not self.overlay.on_mouse_scroll(scroll_y):
            self.page.on_mouse_scroll(scroll_y)

    def on_text(self, text: str) -> None:
        if not self.help_visible and not (self.overlay is not None and self.overlay.modal):
            self.page.on_text(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        page = self.page
        typing = page.typing  # H then types an h
        if symbol == key.F1 or (symbol == key.H and not typing):
            self.help_visible = not self.help_visible
            return
        action = None if typing else self._help_action(symbol)
        if self.help_visible:  # keys do nothing behind the help; Esc closes it
            self.help_visible = symbol != key.ESCAPE and action is None
            if action is not None:
                action()
            return
        if self.overlay is not None and self.overlay.on_key_press(symbol, modifiers):
            return
        if action is not None:
            action()
            return
        if symbol == key.N and modifiers & key.MOD_CTRL and self.home is not None:
            if page.move_in_progress and not typing:
                # a move in progress is not saved yet: it must be confirmed or undone
                page.say("Confirm or undo the move first, then Ctrl+N.")
                return
            self.show(self.home())  # games autosave every confirmed move: nothing is lost
            return
        if symbol == key.M and not typing and not modifiers & key.MOD_CTRL:
            page.say(preferences.toggle_mute(self.sounds))
            return
        if symbol == key.ESCAPE and not page.move_in_progress and not typing:
            return  # Esc never quits by accident: close the window to quit
        page.on_key_press(symbol, modifiers)

    def _help_action(self, symbol: int) -> Callable[[], object] | None:
        return next((a.action for a in self.help_actions if a.symbol == symbol), None)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.page.on_key_release(symbol)
