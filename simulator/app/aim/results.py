"""The aiming test's result page: what it measured in sentences, the plot against the
population, and Save, which keeps the reading as the player's hand "me"
(simulator/motor/personal.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from pyglet.window import key, mouse

from simulator.app.aim import plot
from simulator.app.aim.compare import population_at, sentences
from simulator.app.aim.task import AimTask, nominal_bits
from simulator.app.layout import DESIGN_W
from simulator.app.screen import HudPage, Screen
from simulator.app.widgets import Hud
from simulator.motor import personal
from simulator.motor.iso import FittsFit

LEFT = 40.0
PLOT = (730.0, 170.0, 500.0, 500.0)  # the plot's axes box: x, y, w, h (logical)
SENTENCES_END = 162.0  # logical y: the sentences stop above the message
GOOD, BAD = (30, 110, 60), (190, 40, 40)
SAVE, OTHER = (40, 140, 90), (110, 125, 150)
SHORTCUTS = [
    ("click", "a button"),
    ("S", 'save this as your hand "me"'),
    ("Ctrl+N", "back to the start screen"),
]


class AimResults(HudPage):
    shortcuts = SHORTCUTS

    def __init__(
        self, task: AimTask, back: Callable[[], Screen], again: Callable[[], Screen]
    ) -> None:
        self.task = task
        self._back, self._again = back, again
        self.fit: FittsFit | None = None
        self.problem = ""
        try:
            fit = task.fit()
            personal.check(personal.from_fit(fit, "now"))
            self.fit = fit
        except ValueError as exc:  # too few trials kept, no spread, no hand's numbers
            self.problem = f"The test could not be read as a hand: {exc}. Please measure again."
        # worked out once (the precision resamples the trials): the page is rebuilt often
        self.sentences = sentences(task, self.fit) if self.fit is not None else []
        self.measured = datetime.now(UTC).isoformat(timespec="seconds")
        self.saved = False
        self.message, self.tone = self.problem, BAD
        self.hud = Hud()
        self.dirty = True

    # -- what the buttons do ------------------------------------------------------------

    def save(self) -> None:
        if self.fit is None:
            return
        profile = personal.from_fit(self.fit, self.measured)
        path = personal.profile_path()
        try:
            personal.save(profile)
        except OSError as exc:
            self.say(f"Cannot save your hand to {path}: {exc.strerror or exc}.", BAD)
            return
        self.saved = True
        self.say(
            f'Saved to {path}. Choose "me" as Your hand on the start screen, or play '
            "with --hand me.",
            GOOD,
        )

    def again(self) -> None:
        if self.window is not None:
            self.window.show(self._again())

    def back(self) -> None:
        if self.window is not None:
            self.window.show(self._back())

    def say(self, message: str, tone: tuple[int, int, int] = BAD) -> None:
        self.message, self.tone = message, tone
        self.dirty = True

    # -- input --------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button == mouse.LEFT and self.hud.press(x, y):
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.S:
            self.save()

    # -- drawing ------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud = self.hud
        hud.clear()
        hud.text("Your hand", LEFT, 740, 30, bold=True)
        if self.fit is not None:
            hud.text(
                "Movement time against difficulty: your conditions (dots) and your line; "
                "the population's hands as thin lines.",
                PLOT[0],
                750,
                12,
                width=DESIGN_W - PLOT[0] - 30,
                lines=2,
                anchor_y="top",
            )
            lines = population_at(list(nominal_bits(self.task.design)))
            plot.draw(hud, plot.axes_for(self.fit, lines, PLOT), self.fit, lines)
            # each sentence in an equal box down to the message: a larger text size
            # shrinks a sentence into its box rather than push it onto the buttons
            top, step = 700.0, (700.0 - SENTENCES_END) / max(len(self.sentences), 1)
            for sentence in self.sentences:
                hud.text(sentence, LEFT, top, 13, width=620, height=step - 6, anchor_y="top")
                top -= step
        saved = "Saved as your hand" if self.saved else 'Save as my hand "me" (S)'
        hud.button(
            LEFT,
            40,
            300,
            50,
            saved,
            self.save,
            enabled=self.fit is not None and not self.saved,
            tone=SAVE,
        )
        hud.button(LEFT + 320, 40, 200, 50, "Measure again", self.again)
        hud.button(LEFT + 540, 40, 160, 50, "Back", self.back, tone=OTHER)
        if self.message:
            width = PLOT[0] - LEFT - 30  # the left column: the plot's label is below it
            hud.text(self.message, LEFT, 152, 13, self.tone, width=width, height=58, anchor_y="top")
