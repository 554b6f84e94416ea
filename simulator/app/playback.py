"""Playing a filmed stretch of physics back on screen, slowly enough to follow.

Computer placements run at full speed (they decide by simulating); filming the real
placement and showing its frames afterwards lets the players watch the hand carry the
piece and the tower settle, without the screen ever stepping the physics itself.

A computer's hand is quick: the whole placement takes under a second of simulated time.
At speed 1 the frames in which a hand holds a piece play in slow motion (``HAND_PACE``)
and the settling after the release at its own speed, so that a typical LOTS placement
lasts two to three seconds on screen. ``speed`` (``SPEEDS``, 0.25 to 4) multiplies that.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from simulator.render.film import Frame

HAND_PACE = 0.3  # simulated seconds shown per real second while a hand holds a piece
FREE_PACE = 1.0  # ... once it let go: a fall is readable at its own speed
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)  # what + and - step through; 1 is readable
MIN_SPEED, MAX_SPEED = SPEEDS[0], SPEEDS[-1]


def checked_speed(speed: float) -> float:
    """``speed`` if it lies in MIN_SPEED..MAX_SPEED, else a ValueError saying so."""
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise ValueError(
            f"A playback speed is between {MIN_SPEED:g} and {MAX_SPEED:g}, not {speed:g}."
        )
    return float(speed)


def speed_text(speed: float) -> str:
    """``1x``, ``0.5x``, ``4x``."""
    return f"{speed:g}x"


class Playback:
    def __init__(self, frames: Sequence[Frame], speed: float = 1.0) -> None:
        self.frames = frames  # in time order
        self.speed = checked_speed(speed)
        self.due = schedule(frames)  # real seconds at speed 1 when each frame shows
        self.clock = 0.0  # real seconds at speed 1 played so far
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.frames) - 1

    @property
    def duration(self) -> float:
        """Real seconds the whole film lasts at speed 1."""
        return self.due[-1] if self.due else 0.0

    def advance(self, seconds: float) -> None:
        """``seconds`` of real time pass."""
        self.clock += seconds * self.speed
        due = self.due
        while self.index < len(due) - 1 and due[self.index + 1] <= self.clock:
            self.index += 1

    def faster(self) -> None:
        self.speed = next((s for s in SPEEDS if s > self.speed), MAX_SPEED)

    def slower(self) -> None:
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), MIN_SPEED)

    def skip(self) -> None:
        self.index = max(len(self.frames) - 1, 0)

    @property
    def frame(self) -> Frame | None:
        return self.frames[self.index] if self.frames else None


def schedule(frames: Sequence[Frame]) -> list[float]:
    """When each frame shows, in real seconds at speed 1: the time from a frame to the
    next plays at HAND_PACE while the first of them has a hand holding a piece."""
    due = [0.0] * len(frames)
    for i, (before, after) in enumerate(pairwise(frames), start=1):
        pace = HAND_PACE if before.grips else FREE_PACE
        due[i] = due[i - 1] + (after.time - before.time) / pace
    return due
