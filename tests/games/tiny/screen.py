"""Tiny Tower in the app (the registry's ``screen`` part): ``open_screen(setup)`` and
``load_screen(path)`` over a screen built only of the app's shared pieces (a HudPage, the
one save path of simulator.games.saves), so a fourth game shows in the app with nothing
changed outside its package.

The match's world is drawn as it stands (the pedestal and every box on it); a button, or
the keys 1 to 5, puts the next box at a column from the left; a computer seat moves on
the next frame; Ctrl+S saves a scenario that ``towersim replay`` plays back.
"""

from __future__ import annotations

from pathlib import Path

import pymunk
from pyglet.window import key

from rules.engine import GameOptions
from rules.errors import IllegalMove
from simulator.app import save_folder
from simulator.app.screen import HudPage
from simulator.app.setup import GameSetup
from simulator.app.widgets import Hud
from simulator.games import saves
from simulator.games.computer_seat import ComputerSeat
from simulator.seeds import seat_seed, takeover_seed
from tests.games.tiny.engine import COLS, ENGINE, PLACE, TAKE
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import COMPUTERS

SCALE = 24.0  # logical px per cm
GROUND = (640.0, 300.0)  # where the world's origin (the pedestal's foot) is drawn
BOX_TONE = (190, 140, 80)
PEDESTAL_TONE = (110, 110, 120)
TABLE_TONE = (60, 110, 70)
DIGITS = (key._1, key._2, key._3, key._4, key._5)
SHORTCUTS = [
    ("1-5, or a column's button", "put the next box at that column, from the left"),
    ("Ctrl+S", "save the game (a scenario towersim replay plays back)"),
]


def open_screen(setup: GameSetup) -> TinyScreen:
    options = GameOptions(setup.names, setup.mode, setup.seed, setup.settings)
    computers = {setup.names[seat]: level for seat, level in setup.bot_levels.items()}
    return TinyScreen(TinyMatch(options), computers)


def load_screen(path: Path) -> TinyScreen:
    saved = saves.load_saved(path, "tiny")
    assert isinstance(saved.match, TinyMatch)
    return TinyScreen(saved.match, saved.computers or {})


class TinyScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(self, match: TinyMatch, computers: dict[str, str]) -> None:
        self.match = match
        self.computers = computers  # name -> level; every level is the random player
        # Every computer seat through the one seat driver (simulator/games/computer_seat.py).
        self.seats = {name: self._seat(name, level) for name, level in computers.items()}
        self.save_path = save_folder.save_dir() / "tiny-save.toml"
        self.message = ""
        self.hud = Hud()
        self.dirty = True

    # -- moves ---------------------------------------------------------------------------

    def place(self, col: int) -> None:
        """The player to act takes the next box and puts it at ``col``; what it says
        (nothing once it is done) redraws the screen."""
        if ENGINE.outcome(self.match.state).over:
            self.say("The game is over.")
            return
        name = self.match.state.player
        if name in self.computers:
            self.say(f"It is {name}'s turn: the computer plays it.")
            return
        try:
            if self.match.state.phase == TAKE:
                self.match.perform({"type": TAKE, "player": name})
            self.match.perform({"type": PLACE, "player": name, "col": col})
        except IllegalMove as exc:
            self.say(f"Refused: {exc.reason}")
            return
        self.say("")

    def advance(self, steps: int, seconds: float) -> None:
        state = self.match.state
        if not ENGINE.outcome(state).over and state.player in self.computers:
            self.seats[state.player].play(self.match)
            self.dirty = True

    def _seat(self, name: str, level: str) -> ComputerSeat:
        seed = seat_seed(self.match.seed, self.match.state.players.index(name))
        return COMPUTERS.seat(
            name, level, seed, lambda: takeover_seed(seed, self.match.action_count)
        )

    def save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        saves.save(target, self.match, name="Tiny Tower", computers=self.computers)
        self.say(f"Saved to {target}.")

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    # -- input ---------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.hud.press(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.S and modifiers & key.MOD_CTRL:
            self.save()
        elif symbol in DIGITS:
            self.place(COLS[DIGITS.index(symbol)])

    # -- drawing -------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud, state = self.hud, self.match.state
        hud.clear()
        hud.text("Tiny Tower", 40, 740, 28, bold=True)
        outcome = ENGINE.outcome(state)
        if outcome.over:
            status = f"Over ({outcome.reason}): {', '.join(outcome.winners) or 'nobody'} won."
        else:
            status = f"{state.player} to play: stack {state.target} boxes without a fall."
        hud.text(status, 40, 700, 15)
        scores = ", ".join(f"{n} {p}" for n, p in ENGINE.scores(state).items())
        hud.text(f"Boxes standing: {scores}", 40, 670, 13)
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
