"""The fixed-step accumulator: frame time in, a whole number of physics steps out."""

from __future__ import annotations

from dataclasses import dataclass

# A frame longer than this (a stall, a dragged window) does not make the physics race
# to catch up: the simulation slows down instead of freezing the screen.
MAX_FRAME = 0.1


@dataclass
class FixedStep:
    dt: float  # the physics profile's fixed step (s)
    speed: float = 1.0  # simulated seconds per real second
    pending: float = 0.0

    def steps_for(self, frame_seconds: float) -> int:
        """How many fixed steps to run for a frame that lasted ``frame_seconds``."""
        self.pending += min(max(frame_seconds, 0.0), MAX_FRAME) * self.speed
        steps = int(self.pending / self.dt + 1e-9)
        self.pending -= steps * self.dt
        return steps
