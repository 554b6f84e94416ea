"""The LOTS: Filled In screen: the window's Screen, joining the turn controller (the
game's logic, controller.py), its view (the drawing, view.py) and its key table
(keys.py), with the computer seats and the saves every game screen has (GameScreen).

The bots think in a process of their own (``filled_in.thinking``), so the window keeps
drawing; their moves come after a short pause, so they can be seen. Every confirmed
move is autosaved as a replayable scenario (simulator/app/game_screen.py).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, ClassVar

from pyglet.window import mouse

from simulator.app.filled_in import session
from simulator.app.filled_in.controller import NOTHING_TO_UNDO, Events, FilledInTurns
from simulator.app.filled_in.flashes import filled_in_flashes
from simulator.app.filled_in.geometry import LEFT_W, SHEET_REGION
from simulator.app.filled_in.keys import HELP, SHARED, TABLE, Pressed
from simulator.app.filled_in.session import FilledInGame
from simulator.app.filled_in.thinking import Thinker
from simulator.app.filled_in.tips import cell_tip
from simulator.app.filled_in.turn import PendingTurn
from simulator.app.filled_in.view import FilledInView
from simulator.app.guide import bounds
from simulator.app.session_game_screen import SessionGameScreen
from simulator.app.setup import GameSetup
from simulator.app.tooltip import hud_tip
from simulator.games.computer_seat import ComputerSeat, computers_of
from simulator.games.filled_in.match import FilledInMatch

DT = 1.0 / 60.0  # no physics: the window's loop only needs a tick
WELCOME = "Welcome to LOTS: Filled In. Press H for every key."


def open_screen(setup: GameSetup) -> FilledInScreen:
    return FilledInScreen(session.new_game(setup))


def load_screen(path: Path) -> FilledInScreen:
    """The game saved in ``path``; a bad file raises ScenarioError (one line)."""
    return FilledInScreen(session.load(Path(path)))


def around(match: Any, humans: Collection[str]) -> FilledInScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere, and
    simulator/app/net_game.py's NetworkGame wraps the screen)."""
    others = {name: "random" for name in match.summary()["players"] if name not in humans}
    return FilledInScreen(FilledInGame(match, others), autosave=False)


class FilledInScreen(SessionGameScreen):
    shortcuts = HELP
    shared_keys = SHARED
    session: ClassVar[Any] = session
    dt = DT
    SAVE_REFUSED = "Confirm (Enter) or rub out (Backspace) what is in pencil, then save."
    NOTHING_TO_UNDO = NOTHING_TO_UNDO

    def __init__(
        self, game: FilledInGame, *, save_path: Path | None = None, autosave: bool = True
    ) -> None:
        # First: GameScreen sets the message and ``dirty``, which are the controller's.
        self.turns = FilledInTurns(game, self._moved)
        self.view = FilledInView(self.turns)
        super().__init__(save_path=save_path or session.default_save_path(), autosave=autosave)
        self.message = WELCOME
        self._thinker = Thinker(self.worker)
        # The driver's seats: their refusals and hand-over (the players think by level).
        self._seats: dict[str, ComputerSeat] = {}
        weakref.finalize(self, self._thinker.close)

    # -- the controller's, as GameScreen and the window read them ------------------------

    @property
    def game(self) -> FilledInGame:
        return self.turns.game

    @property
    def match(self) -> FilledInMatch:
        return self.turns.match

    @property
    def live(self) -> PendingTurn | None:
        return self.turns.live

    @property
    def message(self) -> str:
        return self.turns.message

    @message.setter
    def message(self, text: str) -> None:
        self.turns.message = text

    @property
    def dirty(self) -> bool:
        return self.turns.dirty

    @dirty.setter
    def dirty(self, changed: bool) -> None:
        self.turns.dirty = changed

    def confirm(self) -> None:
        self.turns.confirm()

    def _take_back(self) -> str:
        return self.turns.take_back()

    def _adopt(self, game: FilledInGame) -> str:
        self.turns.adopt(game)
        self._seats = {}  # seated afresh for the loaded game
        self.view.reset()
        return ""

    def _moved(self, events: Events) -> None:
        """A person's move entered the log: its scoring flashes, the autosave."""
        filled_in_flashes(self.view.flashes, events, self.turns.sheet_of)
        self._confirmed()

    def _move_done(self) -> None:
        self.view.flashes.release()  # a computer's move is shown: its flashes start
        self.turns.sync()
        self._changed()

    # -- computer seats -------------------------------------------------------------------

    def computer_to_move(self) -> str | None:
        return self.turns.computer_to_move()

    def computer_seat(self, name: str) -> ComputerSeat:
        seat = self._seats.get(name)
        if seat is None:
            match, level = self.match, self.game.computers[name]
            seat = self._seats[name] = computers_of(match).seat_for(match, name, level, match.seed)
        return seat

    def _handed_over(self, name: str) -> None:
        self.turns.hand_over(name)  # the save and the tabs name the random player

    def _think(self, name: str) -> Future:
        """Bots think in their own process (pure Python: a thread would hold the window
        up at every GL call), by the seat's level; the random player on the worker
        thread."""
        return self._thinker.think(self.match, name, str(self.computer_seat(name).level))

    def _bot_raised(self, name: str, exc: Exception) -> None:
        if isinstance(exc, BrokenProcessPool):  # the worker process died, not the bot
            self._thinker.fall_back()
            self.say(f"The computers' worker stopped; {name} thinks in the window's process.")
            return
        super()._bot_raised(name, exc)

    def _perform_computer(self, name: str, move: dict[str, Any]) -> None:
        self.turns.perform_computer(name, move)

    def _computer_words(self, name: str, events: Events) -> str:
        filled_in_flashes(self.view.flashes, events, self.turns.sheet_of, held=True)
        return self.turns.computer_words()

    # -- time, drawing, input (logical coordinates) ---------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        super().advance(steps, seconds)
        self.view.step(seconds)
        self.turns.step(seconds)

    def draw(self, window: Any, base: Any) -> None:
        window.view = base
        self.view.draw(self.elsewhere())

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.turns.mouse = (x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.turns.mouse = (x, y)
        if self.view.front.press(x, y) or self.view.back.press(x, y):
            return
        if button == mouse.LEFT:
            self.turns.click_at(x, y)
        elif button == mouse.RIGHT:
            self.turns.turn(1)

    def on_mouse_scroll(self, scroll_y: float) -> None:
        if scroll_y:
            self.turns.turn(1 if scroll_y > 0 else -1)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if not self.shared_key(symbol, modifiers):
            TABLE.dispatch(Pressed(self.turns, modifiers), symbol, modifiers)

    def tip_at(self, x: float, y: float) -> str | None:
        said = hud_tip([self.game_log.hud, self.view.back, self.view.front], x, y)
        turns = self.turns
        geo = turns.geometry()
        if said is None and turns.ghost() is None and x < LEFT_W and geo.contains(x, y):
            return cell_tip(turns.table.players[turns.viewed], geo.box_at(x, y))
        return said

    def guide_anchors(self) -> dict[str, tuple[float, float, float, float]]:
        """Your sheet, the roll button, the dice to draft, the crafted block's dice
        and Confirm, where shown."""
        found = {"sheet": SHEET_REGION}
        buttons = self.view.front.buttons
        found |= bounds(buttons, lambda b: b.label.startswith("Roll"), "roll")
        drafting = self.turns.drafting() and self.turns.active() is not None
        found |= bounds(buttons, lambda b: drafting and b.label.isdigit(), "dice")
        crafting = ("shape", "colour", "Swap roles (Space)")
        found |= bounds(buttons, lambda b: b.label in crafting, "craft")
        found |= bounds(buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    def close(self) -> None:
        """The window leaves this screen or closes: stop the computers' worker (a
        decision under way is dropped) and free the GL objects; safe to call twice."""
        super().close()
        self._thinker.close()
        self.view.close()
