"""A timed solo challenge's clock as the app runs it: the player's thinking time counts,
every action carries the clock and the rules judge it (a ``clock`` action once the
time is up). No pyglet: the turn runs it."""

from __future__ import annotations

from typing import Any

from simulator.app.crazy_tower.facts import Seen, challenge
from simulator.games.crazy_tower.match import CLOCK_KEY


class ChallengeClock:
    def __init__(self, state: Seen) -> None:
        number = state["challenge"]
        self.limit: float | None = None
        if number is not None:
            self.limit = challenge(number)["time_limit_s"]
        self.seconds: float = state["elapsed"]  # a loaded game's clock goes on
        self._shown = -1  # the whole second the panel shows

    def run(self, seconds: float) -> bool:
        """The clock runs ``seconds``; True when the second the panel shows changed."""
        self.seconds += seconds
        if int(self.seconds) == self._shown:
            return False
        self._shown = int(self.seconds)
        return True

    def out(self) -> bool:
        return self.limit is not None and self.seconds > self.limit

    def left(self) -> float | None:
        return None if self.limit is None else max(0.0, self.limit - self.seconds)

    def stamp(self, action: dict[str, Any]) -> dict[str, Any]:
        """``action`` with the clock, in a timed challenge."""
        if self.limit is not None:
            action[CLOCK_KEY] = round(self.seconds, 2)
        return action
