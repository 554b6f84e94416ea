"""What every game screen shares: saving and loading, the autosave after every confirmed
move (the computers' too), confirming or undoing a live move, the settle loop, the
keys every game has (simulator/app/shared_keys.py), messages, the computer seats
(simulator/app/computer_seats.py) and the drawing of a physical game's table
(``draw_table``, from the game's view).
A game adds its panel, its words and its live controls (the hooks below).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar, Protocol

from simulator.app import guide, settings, table_rules
from simulator.app.computer_seats import ComputerSeats, one_line
from simulator.app.game_log import GameLog
from simulator.app.keys import KeyTable
from simulator.app.layout import clipped
from simulator.app.results import Ending
from simulator.app.screen import Screen
from simulator.app.shared_keys import SHARED_KEYS, SharedKeyActions
from simulator.app.sound import GameSounds
from simulator.app.table_look import Drawn, TableLook
from simulator.games.live_stage import GONE
from simulator.games.match import PhysicalMatch
from simulator.physics.world import Entry
from simulator.render.camera import Rect
from simulator.render.film import Film
from simulator.render.scene import WorldScene

SETTLE_CHUNK = 0.02  # simulated seconds of settling between two checks for rest
GONE_WORDS = "The game changed under the move you were making, so it was taken back."


class Remote(Protocol):
    """A network game's session, as its game screen knows it (simulator/app/net_game.py):
    the host moves every seat not at this desk, and no other game loads."""

    def elsewhere(self) -> dict[str, str]: ...

    def refuse_load(self) -> None: ...


class GameScreen(Screen, ComputerSeats):
    # -- a game's words -----------------------------------------------------------------
    SAVE_REFUSED: ClassVar[str] = "Confirm (Enter) or undo (Backspace) the move, then save."
    NOTHING_TO_UNDO: ClassVar[str] = "Nothing to undo: only an unconfirmed move can be taken back."

    # The keys every game shares, in the game's words (its keys.py): the screen's
    # on_key_press offers a press to ``shared_key`` before the game's own table.
    shared_keys: ClassVar[KeyTable] = SHARED_KEYS

    match: Any  # the game's Match (an attribute or a property of the game)
    live: Any  # the move under way and not yet confirmed, or None

    def __init__(self, *, save_path: Path, autosave: bool) -> None:
        super().__init__()  # the computer seats
        self.save_path = save_path
        self.autosave = autosave
        self.message = ""
        self.dirty = True
        self._scene: WorldScene | None = None  # the match's world, drawn
        # the wooden look (render/wood.py); benchmarks/render_frame.py draws the flat
        # one as its baseline in the same run
        self.wood = True
        self.game_log = GameLog()  # what happened, in the panel's free space
        self.closed = False  # the window left this screen: no computer thinks any more
        self.ending = Ending()  # the results screen, once the game is over
        self.sound = GameSounds()  # silent until a window lends its mixer (attach)
        self.remote: Remote | None = None  # a network game's session
        self.undo_accidents = True  # the table's fair-play option (table_rules.py)
        self.accidents = table_rules.AccidentWatch()

    # -- what a game provides -----------------------------------------------------------

    @abstractmethod
    def _write(self, path: Path) -> None:
        """Save the game to ``path`` (through the game's session module)."""

    @abstractmethod
    def _autosave_path(self) -> Path:
        """Where the game's autosave goes."""

    @abstractmethod
    def _read(self, path: Path) -> Any:
        """A saved game from ``path`` (the session module's; raises if it is bad)."""

    @abstractmethod
    def _adopt(self, game: Any) -> str:
        """Play on with a loaded game (any live move is dropped); words to add."""

    @abstractmethod
    def confirm(self) -> None:
        """Confirm the live move: it enters the log (then ``_confirmed``)."""

    @abstractmethod
    def _take_back(self) -> str:
        """Take the live move back (a physical match is rebuilt already); what to say."""

    def _advance_live(self, steps: int) -> None:
        """Run the live move ``steps`` fixed steps (the hand, then the settling)."""

    def _move_done(self) -> None:
        """A move is made and shown: what the game updates (the panel, whose turn)."""
        self._changed()

    def live_action(self) -> dict[str, Any] | None:
        """The live move so far as a scenario action (its path as recorded until now),
        or None: network play streams it so the others run it ahead."""
        return None

    def elsewhere(self) -> dict[str, str]:
        """Seats played on another desk (a network game): name -> what the panel says
        after the name, instead of calling the seat a computer."""
        return self.remote.elsewhere() if self.remote is not None else {}

    def guide_anchors(self) -> dict[str, guide.Rect]:
        """What the first-game guide may point at: name -> logical (x, y, w, h), for
        the things on screen now (simulator/app/guide.py)."""
        return {}

    def guide_keep_clear(self) -> list[guide.Rect]:
        """What else the first-game guide's box must leave in sight (logical x, y, w,
        h): a game's buttons, the words beside the ghost, the lot a computer plays on."""
        return []

    # -- the window's calls -------------------------------------------------------------

    @property
    def move_in_progress(self) -> bool:
        return self.live is not None

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    def attach(self, window: Any) -> None:
        super().attach(window)
        guide.offer(self, window)  # G: the guide again, F2: the rules (in the help)
        self.sound.use(window.sounds)  # the app's one mixer

    def _changed(self) -> None:
        """Something the panel shows changed: rebuild it on the next draw."""
        self.dirty = True

    def advance(self, steps: int, seconds: float) -> None:
        self.drop_gone_move()
        self.accidents.follow(self.live, getattr(self.match, "world", None))
        if self.playback is not None:
            self._play_back(seconds)
        elif self.live is not None:
            self._advance_live(steps)
            table_rules.honour(self)  # a verdict offers Backspace: an accident may stand
        elif self.ending.shows_results(self, seconds):
            return  # the game is over: the results screen has the window
        elif not self.closed and self.remote is None:  # else the host moves them
            self._computer_turn(seconds)
        if not self.closed:
            self.sound.frame(self.match, self.playback)

    def close(self) -> None:
        """Stop the computers' worker (a decision under way is dropped), free the
        world's GL objects."""
        self.closed = True
        self.sound.close()
        self.worker.close()
        self._forget_decision()
        if self._scene is not None:
            self._scene.delete()
            self._scene = None

    def _world_scene(self, **options: Any) -> WorldScene:
        """The scene of the match's world, made again when the world was replaced (a
        rebuild, a load)."""
        world = self.match.world
        if self._scene is None or self._scene.world is not world:
            if self._scene is not None:
                self._scene.delete()
            symbols = settings.current().colour_symbols
            # a fallen piece stays on the table where it fell until the turn is over
            self._scene = WorldScene(
                world, symbols=symbols, keep_gone=True, wood=self.wood, **options
            )
        return self._scene

    def _forget_fallen(self) -> None:
        """The turn is over: the pieces that fell in it are no longer drawn."""
        if self._scene is not None:
            self._scene.forget_gone()

    def draw_table(
        self,
        window: Any,
        base: Any,
        look: TableLook,
        *,
        scene: WorldScene,
        frame: Any,
        world_view: Rect,
        extras: Iterable[Drawn] = (),
    ) -> None:
        """Draw a physical game's table into ``window``, whose view is the letterbox
        matrix ``base``: the body the LOTS and Crazy Tower screens share.

        ``scene`` (``_world_scene()``) shows ``frame`` (a computer's filmed frame; None:
        the live world) through ``look.framing``'s drawn camera, clipped to
        ``world_view`` (logical x, y, w, h), over ``look``'s ghost and under its flashes;
        then, in logical coordinates, the ghost's label, the panel (laid out again first
        when the screen is ``dirty``), the tally, ``extras`` in order (a game's own
        Huds) and the message banner with ``self.message``."""
        scene.sync(frame)
        look.camera()  # framed before the first frame
        window.view = base @ look.framing.drawn_camera().matrix()
        with clipped(window, window.box, world_view):
            look.draw_ghost()  # under the pieces: the held piece and its hand hide it
            scene.batch.draw()
            look.flashes.draw()
            look.fall_feel.dust.draw()
        window.view = base
        look.draw_ghost_label()
        if self.dirty:
            self.dirty = False
            look.rebuild_hud()
        look.tally.draw()
        look.hud.draw()
        left = world_view[0] + world_view[2] + 16  # the panel's column
        self.game_log.draw(self.match, look.hud, left, world_view[1])
        for extra in extras:
            extra.draw()
        look.banner.draw(self.message)

    # -- saving ---------------------------------------------------------------------------

    def save(self, path: Path | None = None) -> None:
        target = Path(path or self.save_path)
        if self.move_in_progress:  # the world holds a move the log does not: no exact save
            self.say(self.SAVE_REFUSED)
            return
        try:
            self._write(target)
        except OSError as exc:
            self.say(f"Cannot save to {target}: {exc.strerror or exc}")
            return
        self.say(f"Saved to {target} (towersim replay {target.name} replays it).")

    def load(self, path: Path | None = None) -> None:
        """Play on with the game saved in ``path``; a bad file leaves the game as it was
        and says why in one line."""
        if self.remote is not None:
            self.remote.refuse_load()
            return
        target = Path(path or self.save_path)
        try:
            game = self._read(target)
        except Exception as exc:  # a bad file must not end the game on screen
            said = one_line(str(exc) or type(exc).__name__)
            self.say(f"Cannot load {said if str(target) in said else f'{target}: {said}'}")
            return
        self._forget_decision()
        more = self._adopt(game)
        self.say(f"Loaded {target}." + (f"  {more}" if more else ""))

    def _confirmed(self) -> None:
        """A person's move entered the log: autosave it, update the screen."""
        self._autosave()
        self._forget_fallen()
        self._move_done()

    def _shown(self, words: str) -> None:
        """A computer's (or another desk's) move has been played back: its turn is over."""
        self._forget_fallen()
        super()._shown(words)

    def _autosave(self) -> None:
        if self.autosave:
            try:
                self._write(self._autosave_path())
            except OSError as exc:
                self.say(f"Autosave failed: {exc.strerror or exc}")

    # -- a live move ----------------------------------------------------------------------

    def held(self) -> Entry:
        """The piece the live move holds, for what runs only while it holds one."""
        entry = self.live.held if self.live is not None else None
        if entry is None:
            raise RuntimeError("the hand holds nothing")
        return entry

    def undo(self) -> None:
        if not self.move_in_progress:
            self.say(self.NOTHING_TO_UNDO)
            return
        if table_rules.accident_stands(self):
            self.say(table_rules.ACCIDENT_STANDS)
            return
        if isinstance(self.match, PhysicalMatch):
            self.match.rebuild()  # the world as the action log left it
        self.say(self._take_back())

    def drop_gone_move(self) -> None:
        """A live move whose world the match replaced (network play: another seat's move
        came first, the host refused ours, a resync) holds nothing now: it is taken
        back, and the player told why."""
        if self.live is not None and getattr(self.live, "stage", None) == GONE:
            self._take_back()
            self.say(GONE_WORDS)

    def _settle(self, live: Any, steps: int, settled: Any) -> None:
        """Let a released piece settle, in chunks; ``settled()`` once it rests."""
        every = max(1, round(SETTLE_CHUNK / self.dt))
        for _ in range(max(1, steps // every)):
            if live.settle_chunk():
                settled()
                break

    # -- moves made elsewhere (a network game's session, app/net_game.py) -----------------

    def moved_elsewhere(self, player: str, film: Film, events: list[dict[str, Any]]) -> None:
        """``player``'s move, made on another desk, entered the match (``film``: its
        world filmed meanwhile): it plays back and is told as a computer's move is."""
        self._computer_moved(player, film, events)  # every game's seats go by name

    def move_agreed(self) -> None:
        """The host took the move made here (shown already): the panel is drawn again."""
        self._changed()

    def move_rewound(self) -> None:
        """The host refused the move made here and the match went back to what it
        agreed: the screen shows the match as it is now."""
        self._move_done()

    def shared_key(self, symbol: int, modifiers: int) -> bool:
        """The keys every game shares (``shared_keys``: simulator/app/shared_keys.py);
        True if the press was taken. While a computer's move plays back every key is:
        only the skip and pace keys act."""
        taken = self.shared_keys.dispatch(SharedKeyActions(self), symbol, modifiers)
        return taken or self.showing_move()
