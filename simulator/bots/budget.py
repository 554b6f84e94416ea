"""A thinking budget counted in simulated work, not wall-clock time.

A bot spends its budget on rollouts; each costs the physics steps it ran plus a fixed
charge for copying the world. Counting work instead of seconds makes a bot's choice the
same on a fast machine, a slow one and a loaded one, so a seed decides the game. The
work-to-seconds ratio is measured in docs/bots.md (about 50 us a step on one core).
"""

from __future__ import annotations

from dataclasses import dataclass

# Steps charged for one world copy (a deep copy of a 30-piece world costs about as much
# as 150 to 200 physics steps).
COPY_COST = 200


@dataclass
class Budget:
    steps: int  # what the decision may spend
    spent: int = 0

    @property
    def left(self) -> int:
        return self.steps - self.spent

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.steps

    def charge(self, steps: int) -> None:
        self.spent += steps + COPY_COST
