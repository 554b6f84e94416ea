"""What a live Crazy Tower move (live.py) reads of the game it runs in, as a protocol.

``CrazyTowerMatch`` is such a table, but live.py names only this: the match imports
live.py to replay a recorded move, so live.py importing the match back would close a
circle (docs/architecture.md, "Imports run one way"). The move judges what it did with
verdicts.py and hands its ``Ruling`` on; it never calls back into the match.
"""

from __future__ import annotations

from typing import Protocol

from rules.chance import Chance
from rules.crazy_tower import CrazyTowerState
from rules.crazy_tower.challenges import Handicap
from simulator.games.live_stage import LiveTable
from simulator.physics.hand import Hand


class CrazyTowerTable(LiveTable, Protocol):
    hand: Hand
    puller: Hand  # the hand that pulls a block out (diamonds)
    noise: Chance  # a challenge handicap's noise stream
    handicap: Handicap | None

    @property
    def state(self) -> CrazyTowerState: ...
