"""Playing a filmed stretch of physics back on screen at real speed.

Computer placements run at full speed (they decide by simulating); filming the real
placement and showing its frames afterwards lets the players watch the hand carry the
piece and the tower settle, without the screen ever stepping the physics itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Playback:
    def __init__(self, frames: Sequence[Any], speed: float = 1.0) -> None:
        self.frames = frames  # simulator.render.film.Frame, in time order
        self.speed = speed
        self.clock = frames[0].time if frames else 0.0
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.frames) - 1

    def advance(self, seconds: float) -> None:
        self.clock += seconds * self.speed
        frames = self.frames
        while self.index < len(frames) - 1 and frames[self.index + 1].time <= self.clock:
            self.index += 1

    def skip(self) -> None:
        self.index = max(len(self.frames) - 1, 0)

    @property
    def frame(self) -> Any:
        return self.frames[self.index] if self.frames else None
