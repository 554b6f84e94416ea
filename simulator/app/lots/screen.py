"""The LOTS screen: the live tower, the hand on the mouse, the rules' verdicts.

The screen joins three parts for the window: the turns (turns.py: whose turn, what a
click or a key means, the placement under way; no pyglet), the view (view.py: draws
what the turns hold) and the key table (keys.py: the keys and the help from one list).
GameScreen adds saving, the autosave, undo and the computer seats; this class runs the
live placement's steps and maps the mouse into the world.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from pyglet.window import key, mouse

from simulator.app import guide, save_folder
from simulator.app.game_screen import GameScreen
from simulator.app.lots import session
from simulator.app.lots.host import Events
from simulator.app.lots.keys import HELP, SHARED, TABLE, LotsKeys
from simulator.app.lots.material import colour_of, piece_name, players, spec_of
from simulator.app.lots.seats import seats_from
from simulator.app.lots.turns import LotsTurns
from simulator.app.lots.view import WORLD_VIEW, LotsView, in_world
from simulator.app.setup import GameSetup
from simulator.app.tooltip import hud_tip
from simulator.games.computer_seat import ComputerSeat
from simulator.games.lots.live import HOLDING, SETTLING, LivePlacement
from simulator.games.lots.match import LotsMatch
from simulator.physics.geometry import Polygon, piece_polygons
from simulator.render.camera import Camera


def open_screen(setup: GameSetup) -> LotsScreen:
    """A new LOTS game as the start screen set it up."""
    match = session.new_match(list(setup.names), setup.setting("footprint"), setup.seed)
    return LotsScreen(
        match,
        seed=setup.seed,
        humans=setup.humans,
        levels=setup.computers,
        dexterity=setup.dexterity,
    )


def load_screen(path: Path) -> LotsScreen:
    """A saved LOTS game (or any LOTS scenario) to play on, with the computer seats the
    save names (else: seats named "Computer..." are the random player)."""
    saved = session.load_saved(path)
    humans, levels = seats_from(players(saved.match.state), saved.computers)
    return LotsScreen(
        saved.match, seed=saved.seed, humans=humans, levels=levels, dexterity=saved.hand
    )


def around(match: LotsMatch, humans: Collection[str]) -> LotsScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere)."""
    return LotsScreen(match, seed=match.seed, humans=set(humans), levels={}, autosave=False)


def held_look(piece: str) -> tuple[list[Polygon], str, str]:
    """A piece held on another desk (a network game), as this one draws it: its outline
    in its own frame, its colour and its name; KeyError for no such piece."""
    return piece_polygons(spec_of(piece)), colour_of(piece), piece_name(piece)


class LotsScreen(GameScreen):
    shortcuts = HELP
    shared_keys = SHARED
    SAVE_REFUSED = "Confirm (Enter) or undo (Backspace) the placement, then save."
    NOTHING_TO_UNDO = "Nothing to undo: only an unconfirmed placement can be taken back."

    def __init__(
        self,
        match: LotsMatch,
        *,
        seed: int = 0,
        humans: set[str] | None = None,
        save_path: Path | None = None,
        autosave: bool = True,
        levels: dict[str, str] | None = None,
        dexterity: str | None = None,
    ) -> None:
        # The turns hold the message GameScreen's __init__ clears: they come first.
        self.turns = LotsTurns(
            match, self, seed=seed, humans=humans, levels=levels, dexterity=dexterity
        )
        welcome = self.turns.message
        super().__init__(
            save_path=save_path or save_folder.save_dir() / "lots-save.toml", autosave=autosave
        )
        self.turns.message = welcome
        self.view = LotsView(self.turns, self)
        self.keys = LotsKeys(self.turns)

    # -- what GameScreen and the computer seats read, held by the turns --------------------

    @property
    def match(self) -> LotsMatch:
        return self.turns.match

    @property
    def live(self) -> LivePlacement | None:
        return self.turns.live

    @property
    def message(self) -> str:
        return self.turns.message

    @message.setter
    def message(self, message: str) -> None:
        self.turns.message = message

    @property
    def dt(self) -> float:
        return self.turns.dt

    @dt.setter
    def dt(self, dt: float) -> None:
        self.turns.dt = dt

    # -- what the turns tell the screen (host.TurnsHost) -----------------------------------

    def changed(self) -> None:
        self._changed()

    def confirmed(self) -> None:
        self._confirmed()

    def scored(self, events: Events, state: Any, *, held: bool) -> None:
        self.view.scored(events, state, held=held)

    def unscored(self) -> None:
        self.view.flashes.clear()

    def picked_up(self) -> None:
        self.view.framing.hold()  # the view stays put while the piece is in the hand

    def turn_words(self) -> str:
        return self._turn_words()

    # -- time ------------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        self.view.reframe()
        super().advance(steps, seconds)
        self.view.step(seconds, self.playback)

    def _advance_live(self, steps: int) -> None:
        live = self.turns.live
        assert live is not None  # GameScreen advances only a live move
        if live.stage == HOLDING and steps:
            self.turns.drive(steps)
        elif live.stage == SETTLING:
            self._settle(live, steps, self.turns.after_settle)

    # -- GameScreen's hooks ----------------------------------------------------------------

    def computer_to_move(self) -> str | None:
        return self.turns.computer()

    def computer_seat(self, seat: str) -> ComputerSeat:
        return self.turns.seats.seats[seat]

    def _computer_words(self, seat: str, events: Events) -> str:
        return self.turns.computer_words(events)

    def _computer_doing(self, seat: str) -> str:
        return "placing a piece"

    def _move_done(self) -> None:
        self.view.flashes.release()  # a computer's move is shown: its flashes start
        super()._move_done()

    def confirm(self) -> None:
        self.turns.confirm()

    def live_action(self) -> dict[str, Any] | None:
        return self.turns.live_action()

    def _take_back(self) -> str:
        return self.turns.take_back()

    def _write(self, path: Path) -> None:
        self.turns.save(path)

    def _autosave_path(self) -> Path:
        return session.autosave_path()

    def _read(self, path: Path) -> session.SavedLots:
        return session.load_saved(path)

    def _adopt(self, saved: session.SavedLots) -> str:
        self.turns.adopt(saved)
        self.view.reset()
        return ""

    def guide_anchors(self) -> dict[str, guide.Rect]:
        return self.view.guide_anchors()

    def tip_at(self, x: float, y: float) -> str | None:
        view = self.view
        return hud_tip([view.track_hud, self.game_log.hud, view.hud, view.ghost_label.hud], x, y)

    def guide_keep_clear(self) -> list[guide.Rect]:
        view = self.view
        top = WORLD_VIEW[1] + WORLD_VIEW[3]
        tower = view.guide_anchors()["tower"]
        return guide.table_in_sight(view.hud.buttons, view.ghost_label.box, tower, top)

    def close(self) -> None:
        """Leaving the screen: stop the workers, free the GL objects (idempotent)."""
        super().close()
        self.turns.risk.close()
        self.view.close()

    # -- input (logical coordinates) -------------------------------------------------------

    def camera(self) -> Camera:
        """The steady view the mouse maps through (framed between moves only)."""
        return self.view.camera()

    def on_mouse_motion(self, x: float, y: float) -> None:
        if in_world(x, y):
            self.turns.aim(*self.camera().to_world(x, y))

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.skip_click() or self.view.hud.press(x, y):
            return
        if button == mouse.LEFT and in_world(x, y) and self.turns.holding():
            self.on_mouse_motion(x, y)
            self.turns.release()

    def on_mouse_scroll(self, scroll_y: float) -> None:
        if scroll_y:
            self.turns.turn(1 if scroll_y > 0 else -1)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if not self.shared_key(symbol, modifiers):
            TABLE.dispatch(self.keys, symbol, modifiers)

    def on_key_release(self, symbol: int) -> None:
        if symbol == key.DOWN:
            self.turns.lower(False)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        """Draw into ``window`` whose view is the letterbox matrix ``base``."""
        view = self.view
        self.draw_table(
            window,
            base,
            view,
            scene=self._world_scene(lot=self.match.lot),
            frame=self.playback.frame if self.playback else None,
            world_view=WORLD_VIEW,
            extras=(view.track_hud,),
        )
