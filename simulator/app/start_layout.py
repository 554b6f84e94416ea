"""The start screen's page, laid out (start_screen.py holds what it shows and does): the
game, its mode and the players in the left column, the game's options, the seed and the
hand in the right one, the files below. Every button calls the screen and redraws it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from rules.engine import Parameter
from simulator.app import save_folder, screens
from simulator.app.layout import DESIGN_W
from simulator.app.setup import HUMAN, REGISTRY, app_games, game_title
from simulator.app.start_choices import StartChoices, modes, player_counts
from simulator.app.widgets import Button, Hud
from simulator.app.words import computer_tag
from simulator.bots.dexterity import hand_choices, hand_named
from simulator.render.palette import INK

SELECTED = (40, 140, 90)
UNSELECTED = (110, 125, 150)
FIELD_FOCUS = (240, 190, 60)
ERROR = (190, 40, 40)
LEFT, RIGHT = 40.0, 680.0
OPTION_ROW = 85.0  # the height of one of the game's options in the right column


class StartPage(Protocol):
    """What the layout shows and what its buttons call (StartScreen)."""

    choices: StartChoices
    focus: str | None  # the text field that takes the keys
    seed_text: str
    path_text: str
    message: str
    dirty: bool

    def start(self) -> None: ...
    def play_on(self, path: Path | None = None) -> None: ...
    def watch(self, path: Path | None = None) -> None: ...
    def rules(self) -> None: ...
    def open_settings(self) -> None: ...
    def network(self) -> None: ...
    def measure(self) -> None: ...
    def focus_on(self, field: str) -> Callable[[], None]: ...


class StartLayout:
    """``page`` laid out in ``hud``."""

    def __init__(self, page: StartPage, hud: Hud) -> None:
        self.page = page
        self.hud = hud

    def _then(self, change: Any, *args: Any) -> Any:
        """A button action: make the change, then redraw."""

        def act() -> None:
            change(*args)
            self.page.dirty = True

        return act

    def lay_out(self) -> None:
        """Lay the whole page out again in the Hud."""
        hud, c = self.hud, self.page.choices
        hud.clear()
        hud.text("towersim", LEFT, 740, 32, bold=True)
        hud.button(RIGHT + 330, 736, 250, 44, "Measure my hand (F5)", self.page.measure)
        hud.text(
            "Choose a game, the players and the seed, then Start; or open a saved game.",
            LEFT,
            706,
            14,
        )
        # as wide as the left column lets every game's button be (190 for three)
        games = app_games()
        width = min(190.0, (RIGHT - LEFT - 20) / len(games) - 10)
        titles = {kind: game_title(kind) for kind in games}
        self._row_of_choices("Game", 650, LEFT, games, c.game, c.choose_game, titles, width)
        label = REGISTRY.get(c.game).mode_key.capitalize()  # Filled In: its "Variant"
        self._row_of_choices(label, 565, LEFT, modes(c.game), c.mode, c.choose_mode, None, 190)
        self._players(485)
        self._options()
        self._files(200)
        hud.button(RIGHT, 250, 300, 56, "Start  (Enter)", self.page.start, tone=SELECTED)
        hud.button(RIGHT + 310, 250, 135, 56, "Settings (F3)", self.page.open_settings)
        hud.button(RIGHT + 455, 250, 125, 56, "Rules (F2)", self.page.rules)
        if self.page.message:
            hud.text(self.page.message, LEFT, 18, 14, ERROR, width=DESIGN_W - 2 * LEFT)

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
        focused = self.page.focus == name
        hud.rect(x, y, w, 38, (255, 255, 255), layer=1)
        hud.rect(x, y, w, 3, FIELD_FOCUS if focused else (160, 160, 160), layer=1)
        shown = text + ("|" if focused else "")
        hud.text(shown or " ", x + 8, y + 12, 14, INK, layer=3)
        hud.buttons.append(_area(x, y, w, 38, self.page.focus_on(name)))

    def _players(self, y: float) -> None:
        hud, c = self.hud, self.page.choices
        counts = player_counts(c.game, c.mode)
        hud.text("Players", LEFT, y, 15, bold=True)
        hud.text("click a name to change it; click who plays it to switch", LEFT + 100, y, 12)
        for i, seat in enumerate(c.seats):
            row = y - 45 - 48 * i
            self._field(f"name{i}", LEFT, row, 260, seat.name)
            who = "a person" if seat.controller == HUMAN else computer_tag(seat.controller)
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
            hud.button(LEFT, below, 260, 36, "+ Add a computer", self._then(c.add_seat))

    def _options(self) -> None:
        """The game's everyday options (its engine's parameters), one row each: a row of
        buttons for a few choices, - and + through a range; then the seed and the hand."""
        hud, c = self.hud, self.page.choices
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
        self._field("seed", RIGHT, 430 - below, 240, self.page.seed_text)
        if REGISTRY.get(c.game).hands:
            self._hand(400 - below)

    def _option_buttons(self, parameter: Parameter, y: float) -> None:
        c = self.page.choices
        current = c.setting(parameter.name)
        choose = partial(c.choose_setting, parameter.name)
        self._row_of_choices(
            _title(parameter), y, RIGHT, parameter.choices, current, choose, None, 80
        )
        if current in parameter.notes:
            self.hud.text(parameter.notes[current], RIGHT, y - 85, 13)

    def _option_stepper(self, parameter: Parameter, y: float) -> None:
        hud, c = self.hud, self.page.choices
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
        hud, c = self.hud, self.page.choices
        hud.text("Your hand", RIGHT, y, 15, bold=True)
        names = [None, *hand_choices()]  # "me" is offered once the test has saved it
        at = names.index(c.dexterity) if c.dexterity in names else 0
        following = names[(at + 1) % len(names)]
        hud.button(
            RIGHT,
            y - 55,
            240,
            38,
            f"{c.dexterity or 'exact'}",
            self._then(self._dexterity, following),
        )
        hand = c.dexterity
        about = "the piece goes exactly where you put it"
        if hand:
            try:
                about = hand_named(hand).text
            except KeyError as exc:  # "me" chosen, then its saved file went bad or away
                about = str(exc.args[0])
        hud.text(about, RIGHT + 250, y - 42, 12, width=DESIGN_W - RIGHT - 266)  # one line

    def _dexterity(self, hand: str | None) -> None:
        self.page.choices.dexterity = hand

    def _files(self, y: float) -> None:
        hud = self.hud
        hud.rect(0, 50, DESIGN_W, y - 20, (228, 232, 238), layer=0)
        hud.text("Open a file", LEFT, y - 45, 15, bold=True)
        hud.text("a saved game plays on; any scenario file can be watched", LEFT + 135, y - 45, 12)
        self._field("path", LEFT, y - 100, 780, self.page.path_text)
        hud.button(LEFT + 800, y - 100, 160, 38, "Play on", self._then(self.page.play_on))
        hud.button(LEFT + 970, y - 100, 160, 38, "Watch", self._then(self.page.watch))
        hud.button(
            LEFT + 800, y - 52, 330, 34, "Network game: host or join (F4)", self.page.network
        )
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
        self.page.path_text = str(path)


def _title(parameter: Parameter) -> str:
    """An option's name as a heading: "Start player" for ``start_player``."""
    return parameter.name.replace("_", " ").capitalize()


def _area(x: float, y: float, w: float, h: float, action: Any) -> Any:
    return Button(x, y, w, h, action, "")
