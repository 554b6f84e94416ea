"""Where a replay stands and how it plays on, for the replay viewer (watch.py), which
only draws it: the move and the frame shown, stepping, seeking the timeline, play and
pause, the speed, and each move's words. No pyglet, so it is tested without a window.

The run already happened headless (``simulator.replay.film_moves``); each frame shows at
the pace of a computer's move on a game screen (``playback.schedule``), and a move's
words stay ``MOVE_PAUSE`` before the next move plays.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from simulator.app import settings
from simulator.app.playback import SPEEDS, schedule
from simulator.app.words import sentence
from simulator.games.registry import GAMES, MissingPart

if TYPE_CHECKING:
    from simulator.replay import FilmedMove, FilmedMoves

# Each game's words module (its event_text(event) -> sentence or None); a game without
# one is told plainly from its events' types.
BOOKKEEPING = ("setup", "turn_start", "round_start")  # events no move is about
NO_MOVES = "No moves yet: the game is as it was set up."
MOVE_PAUSE = 0.8  # seconds (at x1) a move's words stay before the next one plays


def game_part(kind: str, part: str) -> Any:
    """The game's registry part (its words, its replay table), or None without one."""
    try:
        return GAMES.get(kind).load(part)
    except (KeyError, MissingPart):
        return None


def told(kind: str, events: tuple[dict[str, Any], ...]) -> str:
    """A move's events as the game's words say them, sentence after sentence."""
    words = game_part(kind, "words")
    moved = [event for event in events if event["type"] not in BOOKKEEPING]
    if words is not None and hasattr(words, "said"):  # a move's events told together
        return " ".join(sentence(text) for text in [words.said(moved)] if text.strip())
    say = words.event_text if words is not None else None
    lines = []
    for event in moved:
        text = say(event) if say else f"{event.get('player') or 'The game'}: {event['type']}"
        if text and text.strip():
            lines.append(sentence(text))
    return " ".join(lines)


def move_text(kind: str, move: FilmedMove, number: int, count: int) -> str:
    """``Move 7 of 31: Ann placed the orange I.``"""
    if move.action["type"] == "run":
        return "The whole run: the scenario has no moves of its own."
    said = told(kind, move.events)
    if not said:
        who = move.action.get("player")
        said = f"{who}: {move.action['type']}." if who else f"{move.action['type']}."
    return f"Move {number} of {count}: {said}"


class Transport:
    """The replay of ``filmed``: the move (0-based) and the frame shown, whether it
    plays, at what speed; ``dirty`` once what the page shows changed."""

    def __init__(self, filmed: FilmedMoves) -> None:
        self.filmed = filmed
        self.frames = filmed.film.frames
        self.moves = filmed.moves
        self.marks = [min(m.frame, max(len(self.frames) - 1, 0)) for m in self.moves]
        self.move = 0
        self.index = 0  # the frame shown
        # When each frame shows, in real seconds at 1x: the pace of a computer's move
        # on a game screen (the hand in slow motion while it holds a piece).
        self.due = schedule(self.frames)
        self.clock = 0.0  # real seconds at 1x from the film's start
        self.hold = MOVE_PAUSE  # the move's words stay this long before playing on
        self.playing = True
        self.speed = settings.current().animation_speed
        self.dragging = False
        self.dirty = True

    # -- where the replay stands ----------------------------------------------------------

    @property
    def last_frame(self) -> int:
        return max(len(self.frames) - 1, 0)

    @property
    def text(self) -> str:
        """What the current move said (the line under the title)."""
        if not self.moves:
            return NO_MOVES
        return move_text(self.filmed.kind, self.moves[self.move], self.move + 1, len(self.moves))

    def go_to_move(self, move: int) -> None:
        """Show the start of ``move`` (0-based): its first frame and its words."""
        if not self.moves:
            return
        self.move = max(0, min(move, len(self.moves) - 1))
        self.index = self.marks[self.move]
        self.clock = self.due[self.index] if self.frames else 0.0
        self.hold = MOVE_PAUSE
        self.dirty = True

    def step(self, delta: int) -> None:
        self.go_to_move(self.move + delta)

    def seek(self, fraction: float) -> None:
        """Go to ``fraction`` (0 to 1) of the timeline: of the film's frames, or of the
        moves when there is no film."""
        fraction = max(0.0, min(1.0, fraction))
        if not self.moves:
            return
        if not self.frames:
            self.go_to_move(round(fraction * (len(self.moves) - 1)))
            return
        self.index = round(fraction * self.last_frame)
        self.clock = self.due[self.index]
        self.move = max(0, bisect_right(self.marks, self.index) - 1)
        self.hold = 0.0
        self.dirty = True

    def fraction(self) -> float:
        """Where the replay stands on the timeline, 0 to 1."""
        if self.frames:
            return self.index / self.last_frame if self.last_frame else 1.0
        return self.move / (len(self.moves) - 1) if len(self.moves) > 1 else 1.0

    def toggle(self) -> None:
        if not self.playing and self._at_end():
            self.go_to_move(0)  # play again from the start
        self.playing = not self.playing
        self.dirty = True

    def faster(self, steps: int) -> None:
        """One step of SPEEDS up (``steps`` > 0) or down."""
        if steps > 0:
            self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])
        else:
            self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])
        self.dirty = True

    def _at_end(self) -> bool:
        return self.move == len(self.moves) - 1 and self.index >= self.last_frame

    def shown_time(self) -> float:
        """The simulated time of the frame shown (the move's number without a film)."""
        return self.frames[self.index].time if self.frames else float(self.move)

    def time_words(self) -> str:
        if not self.frames:
            return f"move {self.move + 1} of {len(self.moves)}" if self.moves else "no moves"
        return f"{self.frames[self.index].time:.1f} s of {self.frames[-1].time:.1f} s"

    # -- time ---------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        if not self.playing or self.dragging:
            return
        if self.hold > 0:
            self.hold -= seconds * self.speed
            return
        upcoming = self.move + 1
        if upcoming < len(self.moves) and self.marks[upcoming] <= self.index:
            self._enter(upcoming)  # the next move starts here (no frames of its own)
            return
        if self.index >= self.last_frame:
            self.playing = False
            self.dirty = True
            return
        self.clock += seconds * self.speed
        due = self.due
        while self.index < self.last_frame and due[self.index + 1] <= self.clock:
            self.index += 1
            if upcoming < len(self.moves) and self.marks[upcoming] <= self.index:
                self._enter(upcoming)
                break

    def _enter(self, move: int) -> None:
        self.move = move
        self.hold = MOVE_PAUSE
        self.dirty = True
