"""What every game screen shares: saving and loading, the autosave after every confirmed
move, confirming or undoing a live move, the settle loop, messages, and the computer
seats. A game adds its panel, its words and its live controls (the hooks below).

Computer seats, one mechanism for every game: when a computer is to move, its bot
decides on a worker (simulator/app/workers.py) while the window keeps drawing; the
screen polls the decision each frame and, once the pause is over, applies it here, on
the window's thread, through the match's public API, filmed so that the move plays
back on screen. The bot only ever sees an exact copy of the match (``Match.copy``
replays the log), so it decides what it would decide on the match itself: the same
seed and log give the same move, saves and replays stay bit-exact. A move the rules
refuse is decided again (at most ``COMPUTER_RETRIES`` times in a row); a bot that fails
hands its seat to the random player and says so; a random player that fails stops.
"""

from __future__ import annotations

from abc import abstractmethod
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pyglet.window import key

from rules.errors import IllegalMove
from simulator.app.playback import Playback
from simulator.app.screen import Screen
from simulator.app.workers import ThreadWorker
from simulator.games.match import Match, PhysicalMatch
from simulator.render.film import Film
from simulator.render.scene import WorldScene

COMPUTER_PAUSE = 0.6  # real seconds before a computer's move, so its turn can be followed
PLAYBACK_FPS = 60.0  # filmed frames per simulated second of a computer's move
SETTLE_CHUNK = 0.02  # simulated seconds of settling between two checks for rest
WHY_LENGTH = 120  # characters of a failure's reason shown in the message
SKIP_KEYS = (key.SPACE, key.RETURN, key.ENTER)


def decide_on_copy(bot: Any, match: Match) -> Any:
    """A bot's decision, on an exact copy of the match (run on a worker)."""
    return bot.decide(match.copy())


def one_line(text: str) -> str:
    return " ".join(text.split())[:WHY_LENGTH]


@dataclass
class Decision:
    """A computer's decision under way, for the match as it stood when it started."""

    seat: Any
    match: Match
    actions: int
    future: Future

    def fits(self, match: Match, seat: Any) -> bool:
        return match is self.match and match.action_count == self.actions and seat == self.seat


class GameScreen(Screen):
    # -- a game's words -----------------------------------------------------------------
    SAVE_REFUSED: ClassVar[str] = "Confirm (Enter) or undo (Backspace) the move, then save."
    NOTHING_TO_UNDO: ClassVar[str] = "Nothing to undo: only an unconfirmed move can be taken back."
    PLAYBACK_SPEED: ClassVar[float] = 1.0  # a computer's filmed move plays this much faster
    COMPUTER_RETRIES: ClassVar[int] = 12  # refused decisions in a row before the bot fails

    match: Any  # the game's Match (an attribute or a property of the game)
    live: Any  # the move under way and not yet confirmed, or None
    computers: dict[Any, Any]  # seat -> its bot (an object with ``decide(match)``)

    def __init__(self, *, save_path: Path, autosave: bool) -> None:
        self.save_path = save_path
        self.autosave = autosave
        self.message = ""
        self.dirty = True
        self.playback: Playback | None = None  # a computer's move being shown
        self.worker = ThreadWorker()
        self.stuck: dict[Any, str] = {}  # seats no computer can move, and why
        self._decision: Decision | None = None
        self._wait = 0.0  # real seconds a computer's turn has lasted
        self._tries = 0  # refused decisions in a row
        self._after_playback = ""
        self._scene: WorldScene | None = None  # the match's world, drawn
        self.closed = False  # the window left this screen: no computer thinks any more

    # -- what a game provides -----------------------------------------------------------

    @abstractmethod
    def computer_to_move(self) -> Any:
        """The computer seat that moves now (the game's key for it), or None."""

    def _seat_name(self, seat: Any) -> str:
        return str(seat)

    def _think(self, seat: Any) -> Future:
        """Start the decision of ``seat``'s bot on the worker."""
        return self.worker.submit(decide_on_copy, self.computers[seat], self.match)

    @abstractmethod
    def _perform_computer(self, seat: Any, decision: Any) -> None:
        """Apply a computer's decision to the match (IllegalMove: refused, unchanged)."""

    @abstractmethod
    def _hand_over(self, seat: Any) -> bool:
        """Give a failed bot's seat to the random player; False if it was the random
        player already."""

    @abstractmethod
    def _computer_words(self, seat: Any, events: list[dict[str, Any]]) -> str:
        """What the players read after a computer's move (its new events)."""

    def _showing_words(self, seat: Any) -> str:
        return f"{self._seat_name(seat)} (computer) moves: Space, Enter or a click skips it."

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

    # -- the window's calls -------------------------------------------------------------

    @property
    def move_in_progress(self) -> bool:
        return self.live is not None

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    def _changed(self) -> None:
        """Something the panel shows changed: rebuild it on the next draw."""
        self.dirty = True

    def advance(self, steps: int, seconds: float) -> None:
        if self.playback is not None:
            self._play_back(seconds)
        elif self.live is not None:
            self._advance_live(steps)
        elif not self.closed:
            self._computer_turn(seconds)

    def close(self) -> None:
        """Stop the computers' worker (a decision under way is dropped), free the
        world's GL objects."""
        self.closed = True
        self.worker.close()
        self._decision = None
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
            self._scene = WorldScene(world, **options)
        return self._scene

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
        target = Path(path or self.save_path)
        try:
            game = self._read(target)
        except Exception as exc:  # a bad file must not end the game on screen
            said = one_line(str(exc) or type(exc).__name__)
            self.say(f"Cannot load {said if str(target) in said else f'{target}: {said}'}")
            return
        self._decision, self.playback, self.stuck = None, None, {}
        self._wait, self._tries = 0.0, 0
        more = self._adopt(game)
        self.say(f"Loaded {target}." + (f"  {more}" if more else ""))

    def _confirmed(self) -> None:
        """A person's move entered the log: autosave it, update the screen."""
        self._autosave()
        self._move_done()

    def _autosave(self) -> None:
        if self.autosave:
            try:
                self._write(self._autosave_path())
            except OSError as exc:
                self.say(f"Autosave failed: {exc.strerror or exc}")

    # -- a live move ----------------------------------------------------------------------

    def undo(self) -> None:
        if not self.move_in_progress:
            self.say(self.NOTHING_TO_UNDO)
            return
        if isinstance(self.match, PhysicalMatch):
            self.match.rebuild()  # the world as the action log left it
        self.say(self._take_back())

    def _settle(self, live: Any, steps: int, settled: Any) -> None:
        """Let a released piece settle, in chunks; ``settled()`` once it rests."""
        every = max(1, round(SETTLE_CHUNK / self.dt))
        for _ in range(max(1, steps // every)):
            if live.settle_chunk():
                settled()
                break

    # -- computer seats -------------------------------------------------------------------

    def _computer_turn(self, seconds: float) -> None:
        seat = self.computer_to_move()
        if seat is None or seat in self.stuck:
            self._decision, self._wait = None, 0.0
            return
        decision = self._decision
        if decision is None or not decision.fits(self.match, seat):
            decision = self._start_decision(seat)
        self._wait += seconds
        if self._wait < COMPUTER_PAUSE:
            return
        if not decision.future.done():
            thinking = f"{self._seat_name(seat)} is thinking..."
            if self.message != thinking:
                self.say(thinking)
            return
        self._decision = None
        try:
            self._apply_computer(seat, decision.future.result())
        except IllegalMove as exc:
            self._refused(seat, exc.reason)
        except Exception as exc:  # a bot's bug must not end the game on screen
            self._bot_raised(seat, exc)

    def _bot_raised(self, seat: Any, exc: Exception) -> None:
        self._failed(seat, f"{type(exc).__name__}: {exc}")

    def _start_decision(self, seat: Any) -> Decision:
        match = self.match
        self._decision = Decision(seat, match, match.action_count, self._think(seat))
        return self._decision

    def _apply_computer(self, seat: Any, decision: Any) -> None:
        match = self.match
        before = len(match.events())
        film = Film(max(1, round(1 / (PLAYBACK_FPS * self.dt))))
        try:
            if isinstance(match, PhysicalMatch):
                with film.watching(match.world):  # the real world only, not a bot's copies
                    self._perform_computer(seat, decision)
            else:
                self._perform_computer(seat, decision)
        except IllegalMove:
            raise
        except Exception:
            match.rebuild()  # whatever the failed move left in the world goes
            raise
        self._wait, self._tries = 0.0, 0
        self._autosave()
        words = self._computer_words(seat, match.events()[before:])
        if len(film.frames) > 1:
            self.playback = Playback(film.frames, self.PLAYBACK_SPEED)
            self._after_playback = words
            # the panel keeps the state before the move until its film has played
            self.message = self._showing_words(seat)
        else:
            self._shown(words)

    def _refused(self, seat: Any, why: str) -> None:
        self._tries += 1
        if self._tries > self.COMPUTER_RETRIES:
            self._failed(seat, f"every try refused ({why})")
        else:  # decide again at once (the bot's own stream has moved on)
            self._start_decision(seat)

    def _failed(self, seat: Any, why: str) -> None:
        why, name = one_line(why), self._seat_name(seat)
        self._tries = 0
        if self._hand_over(seat):
            self.say(f"{name}'s computer failed ({why}): the random player takes the seat.")
        else:
            self.stuck[seat] = why
            self.say(f"The computer cannot move for {name}: {why}. The game stops here.")

    def _play_back(self, seconds: float) -> None:
        playback = self.playback
        assert playback is not None
        playback.advance(seconds)
        if playback.done:
            self.playback = None
            self._shown(self._after_playback)

    def _shown(self, words: str) -> None:
        self.say(words or self.message)
        self._move_done()

    def _game_key(self, symbol: int, modifiers: int) -> bool:
        """The keys every game shares (Ctrl+S, Ctrl+O, Backspace / Esc / Ctrl+Z, Enter);
        True if ``symbol`` was one of them."""
        ctrl = modifiers & key.MOD_CTRL
        if ctrl and symbol == key.S:
            self.save()
        elif ctrl and symbol == key.O:
            self.load()
        elif symbol in (key.BACKSPACE, key.ESCAPE) or (ctrl and symbol == key.Z):
            self.undo()
        elif symbol in (key.RETURN, key.ENTER):
            self.confirm()
        else:
            return False
        return True

    def skip_key(self, symbol: int) -> bool:
        """While a computer's move plays back only a skip key acts: True if it did (or
        the key was swallowed)."""
        if self.playback is None:
            return False
        if symbol in SKIP_KEYS:
            self.playback.skip()
        return True

    def skip_click(self) -> bool:
        """A click during a computer's move skips to its end; True if one played."""
        if self.playback is None:
            return False
        self.playback.skip()
        return True
