"""The fall risk shown on the ghost, estimated off the drawing thread.

Each estimate is ``fall_risk`` (noisy rollouts in copies of the match) of the spot the
ghost shows, made on a copy of the match taken before the piece was picked up (the
live world holds the piece in the hand). One worker thread: the screen keeps drawing
while rollouts run, a newer spot cancels an estimate not yet started, and the numbers
are the same for the same spot and seed.
"""

from __future__ import annotations

from collections.abc import Hashable
from concurrent.futures import Future, ThreadPoolExecutor

from simulator.bots.dexterity import Dexterity
from simulator.games.lots.bots_risk import fall_risk
from simulator.games.lots.match import LotsMatch, Placement

ROLLOUTS = 6  # about 0.2 s of rollouts: a steady number soon after the hand stops


class RiskEstimator:
    def __init__(self, profile: Dexterity, seed: int, rollouts: int = ROLLOUTS) -> None:
        self.profile = profile
        self.seed = seed
        self.rollouts = rollouts
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fall-risk")
        self._base: LotsMatch | None = None
        self._key: Hashable = None
        self._future: Future[float] | None = None
        self._closed = False

    def start_placement(self, match: LotsMatch) -> None:
        """Copy the match before a piece is picked up: estimates run on this copy."""
        if self._closed:  # the screen was left
            return
        self._drop()
        self._base = match.scratch_copy()

    def end_placement(self) -> None:
        self._drop()
        self._base = None

    def estimate(self, key: Hashable, placement: Placement) -> float | None:
        """The risk of ``placement`` (identified by ``key``), or None while it runs."""
        if self._base is None:
            return None
        if key != self._key:
            self._drop()
            self._key = key
            self._future = self._pool.submit(
                fall_risk, self._base, placement, self.profile, self.rollouts, self.seed
            )
        future = self._future
        if future is None or not future.done():
            return None
        if future.cancelled() or future.exception() is not None:
            return None  # no estimate to show; the game goes on without it
        return future.result()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running estimate is done (tests)."""
        if self._future is not None:
            self._future.exception(timeout)

    def _drop(self) -> None:
        if self._future is not None:
            self._future.cancel()  # a running estimate finishes; its result is not shown
        self._future, self._key = None, None

    def close(self) -> None:
        """Stop taking estimates; one still running ends on its own (it only reads its
        copy of the match), so leaving a screen never waits for it."""
        self._drop()
        self._base, self._closed = None, True
        self._pool.shutdown(wait=False, cancel_futures=True)
