"""Computer seats on a game screen, one mechanism for every game.

When a computer is to move, its bot decides on a worker (simulator/app/workers.py)
while the window keeps drawing; the screen polls the decision each frame and, once the
pause is over, applies it on the window's thread through the match's public API,
filmed, so that the move plays back on screen. The bot only ever sees an exact copy of
the match (``Match.copy`` replays the log), so it decides what it would decide on the
match itself: the same seed and log give the same move, and saves and replays stay
bit-exact. The policy is the one computer-seat driver's, run a step at a time on each
seat's ``ComputerSeat`` (simulator/games/computer_seat.py: ``refused``, ``failed``): a
move the rules refuse is decided again (at most the game's ``Computers.retries`` times in
a row); a bot that fails, or raises, hands its seat to the random player and the screen
says so; a random player that fails stops its seat, saying why.

The move then plays back at a readable speed (``simulator/app/playback.py``) with the
hand drawn; + and - change the speed (``playback_speed``, kept for the next moves), and
Space, Enter or a click skip it. Until its film has played the panel still shows the
state before the move, so its arrow stays on the computer the message names; after it,
the message ends with whose turn it is now, as the arrow does.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from rules.errors import IllegalMove
from simulator.app import settings
from simulator.app.playback import Playback, checked_speed, speed_text
from simulator.app.words import agree, listed, possessive
from simulator.app.workers import ThreadWorker
from simulator.games.computer_seat import ComputerSeat, Step
from simulator.games.match import Match, PhysicalMatch
from simulator.games.registry import GAMES
from simulator.render.film import Film

COMPUTER_PAUSE = 0.6  # real seconds before a computer's move, so its turn can be followed
PLAYBACK_FPS = 60.0  # filmed frames per simulated second of a computer's move
WHY_LENGTH = 120  # characters of a failure's reason shown in the message


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


class ComputerSeats(ABC):
    """The computer-seat half of a GameScreen (which supplies the match, the messages,
    the autosave and what a move changes on screen)."""

    match: Any
    dt: float
    message: str

    def __init__(self) -> None:
        self.playback: Playback | None = None  # a computer's move being shown
        self._playback_speed = settings.current().animation_speed  # see playback_speed
        self._playing = ""  # what the computer whose move plays is doing, in words
        self.worker = ThreadWorker()
        self.stuck: dict[Any, str] = {}  # seats no computer can move, and why
        self._decision: Decision | None = None
        self._wait = 0.0  # real seconds a computer's turn has lasted
        self._after_playback = ""

    # -- what the screen provides -------------------------------------------------------

    @abstractmethod
    def say(self, message: str) -> None: ...

    @abstractmethod
    def _autosave(self) -> None: ...

    @abstractmethod
    def _move_done(self) -> None: ...

    @abstractmethod
    def computer_to_move(self) -> Any:
        """The computer seat that moves now (the game's key for it), or None."""

    def _seat_name(self, seat: Any) -> str:
        return str(seat)

    @abstractmethod
    def computer_seat(self, seat: Any) -> ComputerSeat:
        """The driver's seat a computer plays (its player of the moment, its refusals)."""

    def _handed_over(self, seat: Any) -> None:
        """The random player took ``seat`` (a game whose save keeps the levels apart from
        the seats records it)."""
        return  # a game whose save reads the seats' levels (LOTS) has nothing to record

    def _think(self, seat: Any) -> Future:
        """Start the decision of ``seat``'s player on the worker."""
        return self.worker.submit(decide_on_copy, self.computer_seat(seat).player, self.match)

    def _perform_computer(self, seat: Any, decision: Any) -> None:
        """Apply a computer's decision to the match (IllegalMove: refused, unchanged), as
        every computer seat does: by the game's ``Computers.apply``."""
        self.computer_seat(seat).apply(self.match, decision)

    @abstractmethod
    def _computer_words(self, seat: Any, events: list[dict[str, Any]]) -> str:
        """What the players read after a computer's move (its new events)."""

    def _computer_doing(self, seat: Any) -> str:
        """What a computer's move that plays back does, after "Ann is"."""
        return "making a move"

    @property
    def playback_speed(self) -> float:
        """How fast a computer's move plays back: 1 is readable (about 2 to 3 seconds a
        LOTS placement), 0.25 to 4 (``playback.SPEEDS``); a ValueError outside."""
        return self._playback_speed

    @playback_speed.setter
    def playback_speed(self, speed: float) -> None:
        self._playback_speed = checked_speed(speed)
        if self.playback is not None:
            self.playback.speed = self._playback_speed
            self._say_playing()

    def _say_playing(self) -> None:
        # Not say(): the panel keeps the state before the move (see the module's doc).
        self.message = (
            f"{self._playing}: Space skips, + and - change the speed "
            f"({speed_text(self._playback_speed)})."
        )

    def _turn_words(self) -> str:
        """Whose turn it is now, as the panel's arrow shows it ("Your turn.", "Ann's
        turn.", "Ann and Bob play now."); nothing once the game is over."""
        engine = GAMES.get(self.match.kind).load("engine")
        names = engine.to_act(self.match.state)
        if len(names) == 1:
            return f"{possessive(names[0], start=True)} turn."
        return f"{listed(names)} play now." if names else ""

    def reword_move(self, reword: Callable[[str], str]) -> None:
        """Reword what the players read after the move just made (a network desk tells
        its player "Your turn."): the words waiting for its playback to end, else the
        message shown now."""
        if self.playback is not None:
            self._after_playback = reword(self._after_playback)
        else:
            self.say(reword(self.message))

    def _forget_decision(self) -> None:
        """A load or a close: the decision under way and the move shown are dropped."""
        self._decision, self.playback, self.stuck = None, None, {}
        self._wait = 0.0

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
            thinking = f"{agree(self._seat_name(seat), 'be')} thinking..."
            if self.message != thinking:
                self.say(thinking)
            return
        self._decision = None
        before = len(self.match.events())
        try:
            film = self._perform_filmed(seat, decision.future.result())
        except IllegalMove as exc:
            self._refused(seat, exc.reason)
            return
        except Exception as exc:  # a bot's bug must not end the game on screen
            self._bot_raised(seat, exc)
            return
        self._computer_moved(seat, film, self.match.events()[before:])

    def _bot_raised(self, seat: Any, exc: Exception) -> None:
        step = self.computer_seat(seat).failed(self.match)
        self._step(seat, step, f"{type(exc).__name__}: {exc}")

    def _start_decision(self, seat: Any) -> Decision:
        match = self.match
        self._decision = Decision(seat, match, match.action_count, self._think(seat))
        return self._decision

    def _perform_filmed(self, seat: Any, decision: Any) -> Film:
        """Apply a computer's decision, filming a physical match's world (the real one,
        not a bot's copies) for the playback."""
        match = self.match
        film = Film(max(1, round(1 / (PLAYBACK_FPS * self.dt))))
        try:
            if isinstance(match, PhysicalMatch):
                with film.watching(match.world):
                    self._perform_computer(seat, decision)
            else:
                self._perform_computer(seat, decision)
        except IllegalMove:
            raise  # refused: the match is as it was
        except Exception:
            match.rebuild()  # whatever the failed move left in the world goes
            raise
        return film

    def _computer_moved(self, seat: Any, film: Film, events: list[dict[str, Any]]) -> None:
        self._wait = 0.0
        self.computer_seat(seat).moved()
        self._autosave()
        words = self._computer_words(seat, events)
        if len(film.frames) > 1:
            self.playback = Playback(film.frames, self._playback_speed)
            self._after_playback = words
            self._playing = f"{agree(self._seat_name(seat), 'be')} {self._computer_doing(seat)}"
            self._say_playing()
        else:
            self._shown(words)

    def _refused(self, seat: Any, why: str) -> None:
        step = self.computer_seat(seat).refused(self.match)
        if step == "again":  # decide again at once (the bot's own stream has moved on)
            self._start_decision(seat)
        else:
            self._step(seat, step, f"every try refused ({why})")

    def _step(self, seat: Any, step: Step, why: str) -> None:
        """Say what a failed seat's step was: handed over, the last resort, or stuck."""
        why, name = one_line(why), self._seat_name(seat)
        if step == "stuck":
            self.stuck[seat] = why
            self.say(f"The computer cannot move for {name}: {why}. The game stops here.")
            return
        if step == "last_resort":
            self.say(f"{name}'s computer tries every place it can find ({why}).")
            return
        self._handed_over(seat)
        self.say(f"{name}'s computer failed ({why}): the random player takes the seat.")

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

    def showing_move(self) -> bool:
        """Whether a computer's move is being played back (then only the skip and pace
        keys act: simulator/app/shared_keys.py)."""
        return self.playback is not None

    def pace_move(self, steps: int) -> None:
        """Play the computer's move being shown one step of ``playback.SPEEDS`` faster
        (``steps`` > 0) or slower; the speed is kept for the next moves."""
        playback = self.playback
        if playback is None:
            return
        if steps > 0:
            playback.faster()
        else:
            playback.slower()
        self.playback_speed = playback.speed

    def skip_click(self) -> bool:
        """A click or a skip key during a computer's move skips to its end; True if one
        played."""
        if self.playback is None:
            return False
        self.playback.skip()
        return True
