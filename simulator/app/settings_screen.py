"""The settings page: change each setting with clicks, then Save (written atomically to
``settings.toml`` in the user config folder) or go Back to the start screen without saving."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyglet.window import key, mouse

from simulator.app import settings
from simulator.app.layout import DESIGN_W
from simulator.app.screen import HudPage, Screen
from simulator.app.settings import (
    EXACT,
    SPEED_STEPS,
    UI_SCALE_STEPS,
    VOLUME_STEPS,
    step,
)
from simulator.app.setup import REGISTRY
from simulator.app.widgets import Hud
from simulator.bots.dexterity import hand_choices, hand_named

LEFT, VALUE_X = 60.0, 420.0
ROW = 78.0
ON, OFF = (40, 140, 90), (110, 125, 150)
GOOD, BAD = (30, 110, 60), (190, 40, 40)
SHORTCUTS = [
    ("click", "change a setting"),
    ("Enter", "save the settings"),
    ("Ctrl+N", "back to the start screen (without saving)"),
]


class SettingsScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(self, back: Callable[[], Screen]) -> None:
        self._back = back  # the screen Back shows (the start screen)
        loaded = settings.load()
        self.saved = loaded.settings  # what the file holds (the defaults if it is bad)
        self.settings = loaded.settings  # what the page shows
        self.message = loaded.problem or ""
        self.message_tone = BAD if loaded.problem else GOOD
        self.hud = Hud()
        self.dirty = True

    @property
    def changed(self) -> bool:
        return self.settings != self.saved

    # -- what the buttons do ------------------------------------------------------------

    def change(self, **values: Any) -> None:
        self.settings = replace(self.settings, **values)
        self.message = ""
        self.dirty = True

    def save(self) -> None:
        path = settings.settings_path()
        try:
            settings.save(self.settings)
        except OSError as exc:
            self.say(f"Cannot save the settings to {path}: {exc.strerror or exc}.", BAD)
            return
        self.saved = self.settings
        self.say(f"Settings saved to {path}.", GOOD)

    def back(self) -> None:
        if self.window is not None:
            self.window.show(self._back())

    def say(self, message: str, tone: tuple[int, int, int] = BAD) -> None:
        self.message, self.message_tone = message, tone
        self.dirty = True

    # -- input --------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button == mouse.LEFT and self.hud.press(x, y):
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (key.RETURN, key.ENTER):
            self.save()

    # -- drawing ------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud, s = self.hud, self.settings
        hud.clear()
        hud.text("Settings", LEFT, 736, 30, bold=True)
        hud.text("Click to change a setting, then Save. They are kept between runs.", LEFT, 704, 14)
        y = 630.0
        hands = [EXACT, *hand_choices()]  # an old name saved earlier cycles on from the start
        following = hands[(hands.index(s.hand) + 1) % len(hands) if s.hand in hands else 1]
        about = "the piece goes exactly where you put it"
        if s.hand != EXACT:
            about = _about(s.hand)
        self._row("Your hand", y, "the start screen offers it first")
        hud.button(VALUE_X, y - 12, 200, 38, s.hand, lambda: self.change(hand=following))
        hud.text(about, VALUE_X + 215, y + 2, 12, width=DESIGN_W - VALUE_X - 275)
        y -= ROW
        self._row("Computer moves play at", y, "how fast a computer's move is shown")
        self._stepper(y, f"{s.animation_speed:g} x", "animation_speed", SPEED_STEPS)
        y -= ROW
        self._row("Sound volume", y, "0% is silent")
        self._stepper(y, f"{round(s.volume * 100)}%", "volume", VOLUME_STEPS)
        hud.button(
            VALUE_X + 240,
            y - 12,
            150,
            38,
            "Muted" if s.muted else "Sound on",
            lambda: self.change(muted=not s.muted),
            tone=OFF if s.muted else ON,
        )
        y -= ROW
        self._row("Text size", y, "of the rules page and the guides")
        self._stepper(y, f"{round(s.ui_scale * 100)}%", "ui_scale", UI_SCALE_STEPS)
        y -= ROW
        self._row("Colour symbols", y, "a symbol for each colour on every piece")
        hud.button(
            VALUE_X,
            y - 12,
            200,
            38,
            "On" if s.colour_symbols else "Off",
            lambda: self.change(colour_symbols=not s.colour_symbols),
            tone=ON if s.colour_symbols else OFF,
        )
        y -= ROW
        self._row("First-game guides", y, "each game's guide shows on your first game")
        seen = [REGISTRY.get(g).title for g in s.guides_seen if g in REGISTRY.kinds()]
        hud.text(f"Seen: {', '.join(seen)}." if seen else "None seen yet.", VALUE_X, y + 2, 13)
        if s.guides_seen:
            again = lambda: self.change(guides_seen=())  # noqa: E731
            hud.button(VALUE_X + 420, y - 12, 220, 38, "Show them again", again)
        hud.button(LEFT, 90, 200, 50, "Save (Enter)", self.save, tone=ON)
        back = "Back without saving" if self.changed else "Back"
        hud.button(LEFT + 220, 90, 220, 50, back, self.back, tone=OFF)
        if self.message:
            hud.text(self.message, LEFT, 50, 13, self.message_tone, width=DESIGN_W - 2 * LEFT)

    def _row(self, title: str, y: float, note: str) -> None:
        self.hud.text(title, LEFT, y + 8, 16, bold=True)
        self.hud.text(note, LEFT, y - 12, 11, (90, 90, 90))

    def _stepper(self, y: float, shown: str, name: str, steps: tuple[float, ...]) -> None:
        hud, value = self.hud, getattr(self.settings, name)
        hud.button(
            VALUE_X,
            y - 12,
            44,
            38,
            "-",
            lambda: self.change(**{name: step(value, steps, -1)}),
            enabled=value > steps[0],
        )
        hud.text(shown, VALUE_X + 100, y + 2, 15, bold=True, anchor_x="center")
        hud.button(
            VALUE_X + 156,
            y - 12,
            44,
            38,
            "+",
            lambda: self.change(**{name: step(value, steps, 1)}),
            enabled=value < steps[-1],
        )


def _about(hand: str) -> str:
    """What a hand is, in a sentence (a hand saved earlier may be gone: "me" unmeasured)."""
    try:
        return hand_named(hand).text
    except KeyError as exc:
        return str(exc.args[0])
