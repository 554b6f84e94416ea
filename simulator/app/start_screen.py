"""The start screen: choose a game, its mode, the players, the game's options and the
seed, then start; or open a saved game to play on, or a scenario file to watch.

Text fields (player names, the seed, a file path) take typed text while focused: click
one, type, Tab goes to the next, Enter starts (or opens the typed file).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from pyglet.window import key, mouse

from rules.engine import Parameter
from simulator.app import guide, save_folder, screens, settings
from simulator.app.layout import DESIGN_W
from simulator.app.net_start import NetworkStartScreen
from simulator.app.overlay import HelpAction
from simulator.app.rules_page import RulesPage
from simulator.app.screen import HudPage
from simulator.app.settings_screen import SettingsScreen
from simulator.app.setup import GAMES, HUMAN, REGISTRY
from simulator.app.start_choices import GAME_TITLES, MAX_SEED, StartChoices, modes, player_counts
from simulator.app.widgets import Button, Hud
from simulator.bots.dexterity import get_profile, profiles
from simulator.render.palette import INK

SELECTED = (40, 140, 90)
UNSELECTED = (110, 125, 150)
FIELD_FOCUS = (240, 190, 60)
ERROR = (190, 40, 40)
LEFT, RIGHT = 40.0, 680.0
OPTION_ROW = 85.0  # the height of one of the game's options in the right column
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

    def __init__(self, choices: StartChoices | None = None) -> None:
        loaded = settings.load()  # a bad settings file: one sentence below, the defaults
        self.choices = choices or StartChoices(dexterity=loaded.settings.dexterity)
        self.focus: str | None = None  # "name0".."name3", "seed", "path"
        self.path_text = ""
        self.seed_text = str(self.choices.seed)
        self.message = loaded.problem or ""
        self._field_hit = False
        self.hud = Hud()
        self.dirty = True

    def attach(self, window: Any) -> None:
        super().attach(window)
        window.help_actions = [
            HelpAction(key.F2, "F2", "the rules of the chosen game", self.rules),
            HelpAction(key.F3, "F3", "settings", self.open_settings),
            HelpAction(key.F4, "F4", "play over the network: host or join", self.network),
        ]

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

    def rules(self) -> None:
        if self.window is not None:
            self.window.open_overlay(RulesPage(self.choices.game))

    def open_settings(self) -> None:
        if self.window is not None:
            self.window.show(SettingsScreen(back=StartScreen))

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

    def _then(self, change: Any, *args: Any) -> Any:
        """A button action: make the change, then redraw."""

        def act() -> None:
            change(*args)
            self.dirty = True

        return act

    def _focus(self, field: str) -> Any:
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
        hud, c = self.hud, self.choices
        hud.clear()
        hud.text("towersim", LEFT, 740, 32, bold=True)
        hud.text(
            "Choose a game, the players and the seed, then Start; or open a saved game.",
            LEFT,
            706,
            14,
        )
        # as wide as the left column lets every game's button be (190 for three)
        width = min(190.0, (RIGHT - LEFT - 20) / len(GAMES) - 10)
        self._row_of_choices("Game", 650, LEFT, GAMES, c.game, c.choose_game, GAME_TITLES, width)
        label = REGISTRY.get(c.game).mode_key.capitalize()  # Filled In: its "Variant"
        self._row_of_choices(label, 565, LEFT, modes(c.game), c.mode, c.choose_mode, None, 190)
        self._players(485)
        self._options()
        self._files(200)
        hud.button(RIGHT, 250, 300, 56, "Start  (Enter)", self.start, tone=SELECTED)
        hud.button(RIGHT + 310, 250, 135, 56, "Settings (F3)", self.open_settings)
        hud.button(RIGHT + 455, 250, 125, 56, "Rules (F2)", self.rules)
        if self.message:
            hud.text(self.message, LEFT, 18, 14, ERROR, width=DESIGN_W - 2 * LEFT)

    def _row_of_choices(
        self,
        title: str,
        y: float,
        x: float,
        values: Any,
        current: Any,
        choose: Any,
        names: dict[Any, str] | None,
        width: float,
    ) -> None:
        self.hud.text(title, x, y, 15, bold=True)
        for i, value in enumerate(values):
            text = names[value] if names else str(value)
            tone = SELECTED if value == current else UNSELECTED
            self.hud.button(
                x + i * (width + 10), y - 50, width, 40, text, self._then(choose, value), tone=tone
            )

    def _field(self, name: str, x: float, y: float, w: float, text: str) -> None:
        hud = self.hud
        focused = self.focus == name
        hud.rect(x, y, w, 38, (255, 255, 255), layer=1)
        hud.rect(x, y, w, 3, FIELD_FOCUS if focused else (160, 160, 160), layer=1)
        shown = text + ("|" if focused else "")
        hud.text(shown or " ", x + 8, y + 12, 14, INK, layer=3)
        hud.buttons.append(_area(x, y, w, 38, self._focus(name)))

    def _players(self, y: float) -> None:
        hud, c = self.hud, self.choices
        counts = player_counts(c.game, c.mode)
        hud.text("Players", LEFT, y, 15, bold=True)
        hud.text("click a name to change it; click who plays it to switch", LEFT + 100, y, 12)
        for i, seat in enumerate(c.seats):
            row = y - 45 - 48 * i
            self._field(f"name{i}", LEFT, row, 260, seat.name)
            who = "a person" if seat.controller == HUMAN else f"computer: {seat.controller}"
            hud.button(LEFT + 270, row, 190, 38, who, self._then(c.cycle_controller, i))
            hud.button(
                LEFT + 470,
                row,
                100,
                38,
                "Remove",
                self._then(c.remove_seat, i),
                enabled=len(c.seats) > min(counts),
                tone=(150, 80, 70),
            )
        below = y - 45 - 48 * len(c.seats)
        if len(c.seats) < max(counts):
            hud.button(LEFT, below, 260, 36, "+ Add a computer player", self._then(c.add_seat))

    def _options(self) -> None:
        """The game's everyday options (its engine's parameters), one row each: a row of
        buttons for a few choices, - and + through a range; then the seed and the hand."""
        hud, c = self.hud, self.choices
        options = c.options()
        for i, parameter in enumerate(options):
            y = 650 - OPTION_ROW * i
            if parameter.choices is not None:
                self._option_buttons(parameter, y)
            else:
                self._option_stepper(parameter, y)
        below = OPTION_ROW * max(len(options) - 1, 0)  # room for more than one option
        hud.text("Seed", RIGHT, 485 - below, 15, bold=True)
        hud.text("the same seed deals the same game", RIGHT + 70, 485 - below, 12)
        self._field("seed", RIGHT, 430 - below, 240, self.seed_text)
        if REGISTRY.get(c.game).hands:
            self._hand(400 - below)

    def _option_buttons(self, parameter: Parameter, y: float) -> None:
        c = self.choices
        current = c.setting(parameter.name)
        choose = partial(c.choose_setting, parameter.name)
        self._row_of_choices(
            _title(parameter), y, RIGHT, parameter.choices, current, choose, None, 80
        )
        if current in parameter.notes:
            self.hud.text(parameter.notes[current], RIGHT, y - 85, 13)

    def _option_stepper(self, parameter: Parameter, y: float) -> None:
        hud, c = self.hud, self.choices
        values = parameter.values() or ()
        current = c.setting(parameter.name)
        hud.text(_title(parameter), RIGHT, y, 15, bold=True)
        at_start = bool(values) and current == values[0]
        at_end = bool(values) and current == values[-1]
        back = self._then(c.step_setting, parameter.name, -1)
        on = self._then(c.step_setting, parameter.name, 1)
        hud.button(RIGHT, y - 50, 40, 40, "-", back, enabled=not at_start)
        hud.text(str(current), RIGHT + 70, y - 38, 18, bold=True, anchor_x="center")
        hud.button(RIGHT + 100, y - 50, 40, 40, "+", on, enabled=not at_end)
        hud.text(
            parameter.notes.get(current, parameter.help),
            RIGHT + 160,
            y - 14,
            12,
            width=DESIGN_W - RIGHT - 200,
            anchor_y="top",
        )

    def _hand(self, y: float) -> None:
        """The human hand's dexterity, for a game played with the simulated hand."""
        hud, c = self.hud, self.choices
        hud.text("Your hand", RIGHT, y, 15, bold=True)
        names = [None, *profiles()]
        following = names[(names.index(c.dexterity) + 1) % len(names)]
        hud.button(
            RIGHT,
            y - 55,
            240,
            38,
            f"{c.dexterity or 'exact'}",
            self._then(self._dexterity, following),
        )
        hand = c.dexterity
        about = get_profile(hand).text if hand else "the piece goes exactly where you put it"
        hud.text(about, RIGHT + 250, y - 42, 12, width=DESIGN_W - RIGHT - 290)

    def _dexterity(self, hand: str | None) -> None:
        self.choices.dexterity = hand

    def _files(self, y: float) -> None:
        hud = self.hud
        hud.rect(0, 50, DESIGN_W, y - 20, (228, 232, 238), layer=0)
        hud.text("Open a file", LEFT, y - 45, 15, bold=True)
        hud.text("a saved game plays on; any scenario file can be watched", LEFT + 135, y - 45, 12)
        self._field("path", LEFT, y - 100, 780, self.path_text)
        hud.button(LEFT + 800, y - 100, 160, 38, "Play on", self._then(self.play_on))
        hud.button(LEFT + 970, y - 100, 160, 38, "Watch", self._then(self.watch))
        hud.button(LEFT + 800, y - 52, 330, 34, "Network game: host or join (F4)", self.network)
        recent = screens.recent_files(save_folder.save_dir(), limit=4)
        if recent:
            hud.text("Recent:", LEFT, y - 128, 12)
        for i, path in enumerate(recent):
            hud.button(
                LEFT + 70 + 290 * i,
                y - 140,
                280,
                28,
                path.name,
                self._then(self._pick_file, path),
                tone=UNSELECTED,
            )

    def _pick_file(self, path: Path) -> None:
        self.path_text = str(path)


def _title(parameter: Parameter) -> str:
    """An option's name as a heading: "Start player" for ``start_player``."""
    return parameter.name.replace("_", " ").capitalize()


def _area(x: float, y: float, w: float, h: float, action: Any) -> Any:
    return Button(x, y, w, h, action, "")
