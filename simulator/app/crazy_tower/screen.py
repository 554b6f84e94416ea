"""The Crazy Tower screen: the live tower, the hand on the mouse, the rules' verdicts.

A move of the hand: pick a block from the bank (or reveal a floor card with V: it comes
into the hand) -> it hangs in the simulated hand, which follows the mouse at the hand's
speed (a careless sweep knocks the tower) -> tilt it (wheel, Q/E), lower it (hold Down)
-> release it (click or Space; refused with the reason when the ghost's spot breaks a
rule) -> the tower settles on screen -> the verdict shows -> Enter confirms, Backspace
undoes (the world is rebuilt from the action log, Space.copy() being inexact). A
diamonds box lets the player grip a lower block with the mouse and pull it out.

This class only joins the parts for the window: the turn (turn.py, no pyglet: what a
click or a key means, whose turn, undo, confirm, the messages), the view (view.py: it
draws), the key table (keys.py: the help and the dispatch) and what every game screen
shares (game_screen.py: saves, the settle loop, the computer seats of computer_seats.py).
Saboteur mode hides the roles on a shared screen (cover.py); a timed solo challenge
shows its countdown and records the app's clock in every action.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any, ClassVar

from pyglet.window import key, mouse

from rules.pieces import get_piece
from simulator.app.crazy_tower import session
from simulator.app.crazy_tower.facts import piece
from simulator.app.crazy_tower.flashes import crazy_tower_flashes
from simulator.app.crazy_tower.keys import COVER, HELP, SHARED, TABLE, KeyActions
from simulator.app.crazy_tower.session import Game
from simulator.app.crazy_tower.turn import CrazyTowerTurn
from simulator.app.crazy_tower.view import WORLD_VIEW, CrazyTowerView
from simulator.app.crazy_tower.words import named, todo
from simulator.app.guide import table_in_sight
from simulator.app.session_game_screen import SessionGameScreen
from simulator.app.setup import HUMAN, GameSetup
from simulator.app.tooltip import hud_tip
from simulator.games.computer_seat import ComputerSeat
from simulator.games.crazy_tower.live import HOLDING, SETTLING, LiveMove
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.physics.geometry import Polygon, piece_polygons
from simulator.render.camera import Camera


class CrazyTowerScreen(SessionGameScreen):
    shortcuts = HELP
    shared_keys = SHARED
    session: ClassVar[Any] = session
    SAVE_REFUSED = "Finish the move first (Enter confirms, Backspace undoes), then save."

    def __init__(self, game: Game, *, save_path: Path | None = None, autosave: bool = True) -> None:
        super().__init__(save_path=save_path or session.save_path(), autosave=autosave)
        self.turn = CrazyTowerTurn(game, self)
        self.view = CrazyTowerView(self.turn, self)
        self.keys = KeyActions(self.turn)
        self.dt = self.turn.dt
        self.message = "Welcome to Crazy Tower. Press H for help.  " + todo(self.match.state)

    @property
    def match(self) -> CrazyTowerMatch:
        return self.turn.match

    @property
    def game(self) -> Game:
        return self.turn.game

    @property
    def live(self) -> LiveMove | None:
        return self.turn.live

    # -- what the turn asks of its desk ---------------------------------------------------

    def showing_move(self) -> bool:
        return self.playback is not None

    def move_logged(self) -> None:
        self._confirmed()

    def piece_taken(self) -> None:
        self.view.framing.hold()  # the view stays put while the piece is in the hand

    # -- time -----------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        """Run ``steps`` fixed physics steps (from the window's accumulator)."""
        if self.turn.covers:
            return  # the device is being passed: nothing moves, no clock runs
        self.turn.tick(seconds)
        self.view.reframe()
        super().advance(steps, seconds)
        self.view.step(seconds, self.playback)
        self.turn.after_frame()

    def _advance_live(self, steps: int) -> None:
        live = self.turn.live
        assert live is not None  # GameScreen advances only a live move
        if live.stage == HOLDING and steps:
            self.turn.drive(steps)
        elif live.stage == SETTLING:
            self._settle(live, steps, self._after_settle)

    def _after_settle(self) -> None:
        events = self.turn.settled()
        if events is not None:
            crazy_tower_flashes(self.view.flashes, events, self.match.world)

    # -- computer seats and moves ---------------------------------------------------------

    def computer_to_move(self) -> str | None:
        return self.turn.computer_to_move()

    def computer_seat(self, seat: str) -> ComputerSeat:
        return self.turn.seating.seats[seat]

    def _handed_over(self, seat: str) -> None:
        self.turn.seating.record_levels()  # the save and the panel name the random player

    def _computer_words(self, seat: str, events: list[dict[str, Any]]) -> str:
        crazy_tower_flashes(self.view.flashes, events, self.match.world, held=True)
        return self.turn.computer_words(events)

    def _move_done(self) -> None:
        self.view.flashes.release()  # a computer's move is shown: its flashes start
        self.turn.move_shown()
        self._changed()

    def confirm(self) -> None:
        self.turn.confirm()

    def live_action(self) -> dict[str, Any] | None:
        return self.turn.live.action() if self.turn.live is not None else None

    def _take_back(self) -> str:
        self.view.flashes.clear()
        return self.turn.take_back()

    def _adopt(self, game: Game) -> str:
        self.turn.start(game)
        self.dt = self.turn.dt
        self.view.framing.reset()  # a load: framed at once
        self.view.tally.reset()
        self.view.flashes.clear()
        return todo(game.match.state)

    # -- input (logical coordinates) and drawing ------------------------------------------

    def camera(self) -> Camera:
        return self.view.camera()

    def guide_anchors(self) -> dict[str, tuple[float, float, float, float]]:
        return self.view.guide_anchors()

    def tip_at(self, x: float, y: float) -> str | None:
        return hud_tip([self.game_log.hud, *self.view.tip_huds()], x, y) or self.view.floor_tip(
            x, y
        )

    def guide_keep_clear(self) -> list[tuple[float, float, float, float]]:
        view = self.view
        top = WORLD_VIEW[1] + WORLD_VIEW[3]
        tower = view.guide_anchors()["tower"]
        return table_in_sight(view.hud.buttons, view.ghost_label.box, tower, top)

    def on_mouse_motion(self, x: float, y: float) -> None:
        if self.turn.live is not None and self.view.in_world(x, y):
            self.turn.hand.aim(*self.camera().to_world(x, y))

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.turn.covers:
            self.turn.uncover()
            return
        if self.skip_click():  # a click only skips a computer's move
            return
        if self.view.hud.press(x, y):
            return
        if button != mouse.LEFT or not self.view.in_world(x, y):
            return
        live = self.turn.live
        if live is not None and live.stage == HOLDING:
            if not live.pulling:
                self.on_mouse_motion(x, y)
                self.turn.release()
            return
        self.turn.grab_at(*self.camera().to_world(x, y))

    def on_mouse_scroll(self, scroll_y: float) -> None:
        if self.turn.turning() and scroll_y:
            self.turn.hand.tilt(1 if scroll_y > 0 else -1)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.turn.covers:  # the device is being passed: only its keys act
            COVER.dispatch(self.keys, symbol, modifiers)
        elif not self.shared_key(symbol, modifiers):
            TABLE.dispatch(self.keys, symbol, modifiers)

    def on_key_release(self, symbol: int) -> None:
        if symbol == key.DOWN:
            self.turn.hand.lowering = False

    def draw(self, window: Any, base: Any) -> None:
        self.view.draw(window, base, self._world_scene(), self.playback)

    def close(self) -> None:
        """Stop the computers' worker, free the GL objects this screen owns (the window
        leaves it); safe twice."""
        super().close()
        self.view.close()
        self.turn.hand.forget_ghost()


def open_screen(setup: GameSetup) -> CrazyTowerScreen:
    """A new game from the start screen's choices (IllegalMove: the rules refuse them)."""
    return CrazyTowerScreen(session.new_game(setup))


def load_screen(path: Path) -> CrazyTowerScreen:
    """A saved game (or any crazy-tower scenario) continued (ScenarioError: a bad file)."""
    return CrazyTowerScreen(session.load(path))


def held_look(piece_id: str) -> tuple[list[Polygon], str, str]:
    """A piece held on another desk (a network game), as this one draws it: its outline
    in its own frame, its colour (a floor card's is the wood's) and its name; KeyError
    for no such piece."""
    spec = piece(piece_id)
    colour = spec["colour"] if spec["kind"] == "block" else "natural"
    return piece_polygons(get_piece(spec["piece"])), colour, named(piece_id)


def around(match: CrazyTowerMatch, humans: Collection[str]) -> CrazyTowerScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere, and
    simulator/app/net_game.py's session runs no computer here)."""
    players = match.summary()["players"]
    controllers = [HUMAN if name in humans else "random" for name in players]
    return CrazyTowerScreen(Game(match, match.seed, controllers), autosave=False)
