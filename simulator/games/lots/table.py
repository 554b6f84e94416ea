"""What a live LOTS placement (live.py) reads of the game it runs in, as a protocol.

``LotsMatch`` is such a table, but live.py names only this: the match imports live.py to
replay a recorded placement, so live.py importing the match back would close a circle
(docs/architecture.md, "Imports run one way"). The placement concludes what it did with
verdicts.py; the one thing it hands the table is a notice (a piece taken back).
"""

from __future__ import annotations

from typing import Protocol

from rules.lots import LotsState
from simulator.games.live_stage import LiveTable
from simulator.games.notices import Event
from simulator.physics.grid import Grid
from simulator.physics.hand import Hand
from simulator.physics.lot import Lot


class LotsTable(LiveTable, Protocol):
    lot: Lot
    hand: Hand
    rules_grid: Grid  # the loose grid the rules read the tower's cells from

    @property
    def state(self) -> LotsState: ...

    def notice(self, event: Event) -> None:
        """A match event where the rules' log stands now."""
        ...
