"""Tiny Tower in the app (the registry's ``screen`` part): ``open_screen(setup)``,
``load_screen(path)`` and ``around(match, humans)``, over a thin GameScreen built only
of the app's shared pieces, so a fourth game shows in the app with nothing changed
outside its package.

The turns are the pyglet-free controller (controller.py); the keys are one table
(keys.py). GameScreen brings the computer seats (a decision on the worker, its
playback, the retries and the hand-over), the autosave, Ctrl+S and Ctrl+O and network
play. The match's world is drawn as it stands (the pedestal and every box on it); a
button, or the keys 1 to 5, puts the next box at a column from the left.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

import pymunk

from rules.engine import GameOptions
from simulator.app import save_folder
from simulator.app.game_screen import GameScreen
from simulator.app.screen import HudPage
from simulator.app.setup import GameSetup
from simulator.app.widgets import Hud
from simulator.games import saves
from simulator.games.computer_seat import ComputerSeat
from simulator.games.saves import Saved
from tests.games.tiny.controller import TinyTurns
from tests.games.tiny.engine import COLS
from tests.games.tiny.keys import DIGITS, HELP, SHARED, TABLE
from tests.games.tiny.match import TinyMatch

KIND = "tiny"
SCALE = 24.0  # logical px per cm
GROUND = (640.0, 300.0)  # where the world's origin (the pedestal's foot) is drawn
BOX_TONE = (190, 140, 80)
PEDESTAL_TONE = (110, 110, 120)
TABLE_TONE = (60, 110, 70)


def open_screen(setup: GameSetup) -> TinyScreen:
    options = GameOptions(setup.names, setup.mode, setup.seed, setup.settings)
    return TinyScreen(TinyMatch(options), dict(setup.computers))


def load_screen(path: Path) -> TinyScreen:
    saved = _saved(path)
    return TinyScreen(saved.match, saved.computers or {})


def around(match: TinyMatch, humans: Collection[str]) -> TinyScreen:
    """A screen on ``match`` as it stands, where only ``humans`` play at this desk (a
    network game: the others' moves come from elsewhere); nothing is autosaved."""
    return TinyScreen(match, {}, humans=humans, autosave=False)


def _saved(path: Path) -> Saved[TinyMatch]:
    saved = saves.load_saved(path, KIND)  # a save of another game is refused in one line
    assert isinstance(saved.match, TinyMatch)
    return Saved(saved.match, saved.seed, saved.computers, saved.hand)


class TinyScreen(GameScreen, HudPage):  # HudPage: the panel is all it draws
    shortcuts = HELP
    shared_keys = SHARED
    live = None  # a box is placed whole: no move is ever under way

    def __init__(
        self,
        match: TinyMatch,
        levels: dict[str, str],
        *,
        humans: Collection[str] | None = None,
        autosave: bool = True,
    ) -> None:
        super().__init__(save_path=save_folder.save_dir() / "tiny-save.toml", autosave=autosave)
        self.turns = TinyTurns(match, levels, humans)
        self.hud = Hud()

    @property
    def match(self) -> TinyMatch:
        return self.turns.match

    # -- moves ---------------------------------------------------------------------------

    def my_turn(self) -> bool:
        return self.turns.my_turn()

    def place_at(self, symbol: int) -> None:
        self.place(COLS[DIGITS.index(symbol)])

    def place(self, col: int) -> None:
        refused = self.turns.place(col)
        if refused is not None:
            self.say(refused)
            return
        self.say("")
        self._confirmed()

    def confirm(self) -> None:
        self.say("Nothing to confirm: a box stays where it is put.")

    def _take_back(self) -> str:
        return ""  # never called: nothing is ever live

    # -- the computer seats (GameScreen's) -------------------------------------------------

    def computer_to_move(self) -> str | None:
        return self.turns.computer_to_move()

    def computer_seat(self, seat: Any) -> ComputerSeat:
        return self.turns.seats[seat]

    def _handed_over(self, seat: Any) -> None:
        self.turns.handed_over(seat)

    def _computer_words(self, seat: Any, events: list[dict[str, Any]]) -> str:
        return self.turns.moved_words(seat, events)

    # -- saving ----------------------------------------------------------------------------

    def _write(self, path: Path) -> None:
        saves.save(path, self.match, name="Tiny Tower", computers=self.turns.levels)

    def _autosave_path(self) -> Path:
        return save_folder.autosave_path(KIND)

    def _read(self, path: Path) -> Saved[TinyMatch]:
        return _saved(path)

    def _adopt(self, game: Any) -> str:
        self.turns = TinyTurns(game.match, game.computers or {}, self.turns.humans)
        self._changed()
        return ""

    # -- input -----------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if not self.skip_click():
            self.hud.press(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if not self.shared_key(symbol, modifiers):
            TABLE.dispatch(self, symbol, modifiers)

    # -- drawing ---------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud = self.hud
        hud.clear()
        hud.text("Tiny Tower", 40, 740, 28, bold=True)
        status, scores = self.turns.status()
        hud.text(status, 40, 700, 15)
        hud.text(scores, 40, 670, 13)
        hud.rect(0, GROUND[1] - 30, 1280, 30, TABLE_TONE)
        for entry in self.match.world.entries:
            if entry.is_table or entry.body.body_type == pymunk.Body.KINEMATIC:
                continue  # the table is the ground band; the hand is not drawn
            tone = BOX_TONE if entry.dynamic else PEDESTAL_TONE
            for shape in entry.shapes:
                corners = [entry.body.local_to_world(v) for v in shape.get_vertices()]
                hud.polygon([_to_screen(p.x, p.y) for p in corners], tone)
        for i, col in enumerate(COLS):
            label = f"{i + 1}: at {col:+d} cm" if col else f"{i + 1}: centre"
            hud.button(240 + 165 * i, 120, 150, 44, label, lambda col=col: self.place(col))
        if self.message:
            hud.text(self.message, 40, 40, 14)


def _to_screen(x: float, y: float) -> tuple[float, float]:
    return GROUND[0] + x * SCALE, GROUND[1] + y * SCALE
