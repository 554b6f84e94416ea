"""The start screen: choose a game, its mode, the players, the game's options and the
seed, then start; or open a saved game to play on, or a scenario file to watch.

Text fields (player names, the seed, a file path) take typed text while focused: click
one, type, Tab goes to the next, Enter starts (or opens the typed file).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyglet.window import key, mouse

from simulator.app import guide, screens, settings
from simulator.app.aim.screen import AimScreen
from simulator.app.net_start import NetworkStartScreen
from simulator.app.overlay import HelpAction
from simulator.app.rules_page import RulesPage
from simulator.app.screen import HudPage
from simulator.app.settings_screen import SettingsScreen
from simulator.app.start_choices import MAX_SEED, StartChoices
from simulator.app.start_layout import StartLayout
from simulator.app.widgets import Hud
from simulator.motor import personal

SHORTCUTS = [
    ("click", "choose; click a text field to type in it"),
    ("Tab", "next text field"),
    ("Enter", "start the game (in the file field: open that file)"),
    ("Esc", "leave the text field"),
    ("Ctrl+N (in a game)", "back to this screen (the game is autosaved)"),
    ("G, F2 (in a game)", "its first-game guide again, its rules"),
]


class StartScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(
        self, choices: StartChoices | None = None, back: Callable[[], Any] | None = None
    ) -> None:
        self.back = back  # the page T returns to (the title screen), if any
        loaded = settings.load()  # a bad settings file: one sentence below, the defaults
        self.choices = choices or StartChoices(dexterity=loaded.settings.dexterity)
        self.focus: str | None = None  # "name0".."name3", "seed", "path"
        self.path_text = ""
        self.seed_text = str(self.choices.seed)
        # a bad settings file or measured hand: one sentence below, and it is not used
        self.message = loaded.problem or personal.load().problem or ""
        self._field_hit = False
        self.hud = Hud()
        self.layout = StartLayout(self, self.hud)
        self.dirty = True

    def attach(self, window: Any) -> None:
        super().attach(window)
        window.help_actions = [
            HelpAction(key.F2, "F2", "the rules of the chosen game", self.rules),
            HelpAction(key.F3, "F3", "settings", self.open_settings),
            HelpAction(key.F4, "F4", "play over the network: host or join", self.network),
            HelpAction(key.F5, "F5", "measure your hand: a one-minute aiming test", self.measure),
        ]
        if self.back is not None:
            window.help_actions.append(
                HelpAction(
                    key.T, "T", "back to the title screen, a picture of each game", self.title
                )
            )

    @property
    def typing(self) -> bool:
        """True while a text field takes the keys (so H types an h, not the help)."""
        return self.focus is not None

    # -- what the buttons do ------------------------------------------------------------

    def start(self) -> None:
        if not self._read_seed():
            return
        problem = self.choices.problem()
        if problem:
            self.say(f"Cannot start: {problem}.")
            return
        self._open(lambda: screens.open_game(self.choices.setup()))

    def play_on(self, path: Path | None = None) -> None:
        target = path or self._typed_path()
        if target is not None:
            self._open(lambda: screens.load_game(target))

    def watch(self, path: Path | None = None) -> None:
        target = path or self._typed_path()
        if target is not None:
            self._open(lambda: screens.watch_file(target))

    def title(self) -> None:
        if self.window is not None and self.back is not None:
            self.window.show(self.back())

    def rules(self) -> None:
        if self.window is not None:
            self.window.open_overlay(RulesPage(self.choices.game))

    def open_settings(self) -> None:
        if self.window is not None:
            self.window.show(SettingsScreen(back=StartScreen))

    def measure(self) -> None:
        """The aiming test ("Measure my hand"); its Back returns here, choices kept."""
        if self.window is not None:
            self.window.show(AimScreen(back=lambda: StartScreen(self.choices)))

    def network(self) -> None:
        """The Network game page: host these choices, or join someone's room."""
        if self.window is not None and self._read_seed():
            self.window.show(
                NetworkStartScreen(self.choices, back=lambda: StartScreen(self.choices))
            )

    def _open(self, make: Any) -> None:
        try:
            screen = make()
        except Exception as exc:  # a bad file or setup: one line, the start screen stays
            self.say(f"Cannot open: {exc}")
            return
        if self.window is not None:
            self.window.show(screen)
            guide.show_if_first(screen)  # a player's first game of it: its guide

    def _typed_path(self) -> Path | None:
        text = self.path_text.strip()
        if not text:
            self.say("Type the path of a saved game or scenario file first.")
            return None
        path = Path(text).expanduser()
        if not path.is_file():
            self.say(f"Cannot open: {path} is not a file.")
            return None
        return path

    def _read_seed(self) -> bool:
        text = self.seed_text.strip()
        if not text.isdigit() or int(text) > MAX_SEED:
            self.say(f"The seed must be a whole number from 0 to {MAX_SEED}.")
            return False
        self.choices.seed = int(text)
        return True

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    def focus_on(self, field: str) -> Callable[[], None]:
        """A text field's action: it takes the keys from now on."""

        def act() -> None:
            if self.focus == "seed" and field != "seed":
                self._leave_field()
            self.focus, self._field_hit, self.dirty = field, True, True

        return act

    # -- input --------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button != mouse.LEFT:
            return
        self._field_hit = False
        self.hud.press(x, y)
        if not self._field_hit and self.focus is not None:
            self._leave_field()  # a click anywhere but a text field leaves the field

    def on_text(self, text: str) -> None:
        field = self.focus
        if field is None or not text.isprintable():
            return
        if field == "seed":
            self.seed_text = (self.seed_text + "".join(c for c in text if c.isdigit()))[:19]
        elif field == "path":
            self.path_text += text
        else:
            index = int(field[4:])
            self.choices.rename(index, self.choices.seats[index].name + text)
        self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        field = self.focus
        if symbol in (key.RETURN, key.ENTER):
            self._leave_field()
            self.play_on() if field == "path" else self.start()
        elif symbol == key.TAB:
            order = [*(f"name{i}" for i in range(len(self.choices.seats))), "seed", "path"]
            self.focus = order[(order.index(field) + 1) % len(order)] if field else order[0]
        elif symbol == key.ESCAPE:
            self._leave_field()
        elif symbol == key.BACKSPACE and field is not None:
            self._erase(field)
        self.dirty = True

    def _erase(self, field: str) -> None:
        if field == "seed":
            self.seed_text = self.seed_text[:-1]
        elif field == "path":
            self.path_text = self.path_text[:-1]
        else:
            index = int(field[4:])
            self.choices.rename(index, self.choices.seats[index].name[:-1])

    def _leave_field(self) -> None:
        if self.focus == "seed" and self.seed_text.strip():
            self._read_seed()
        self.focus = None
        self.dirty = True

    # -- drawing ------------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.layout.lay_out()
