"""What a live LOTS placement (live.py) reads of the game it runs in, as a protocol.

``LotsMatch`` is such a table, but live.py names only this: the match imports live.py to
replay a recorded placement, so live.py importing the match back would close a circle
(docs/architecture.md, "Imports run one way").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules.lots import LotsState, PlacementOutcome
from simulator.games.live_stage import LiveTable
from simulator.physics.hand import Hand
from simulator.physics.lot import Lot
from simulator.physics.monitor import Monitor


class LotsTable(LiveTable, Protocol):
    lot: Lot
    hand: Hand

    @property
    def state(self) -> LotsState: ...

    def placement_monitor(self) -> tuple[Monitor, Callable[[], None]]:
        """The fall monitor of one placement and the per-step hook that checks it."""
        ...

    def conclude(self, block: str | None, cube: str | None, monitor: Monitor) -> PlacementOutcome:
        """What the settled world says about a placement step (fallen pieces leave it)."""
        ...
