"""What a live Crazy Tower move (live.py) reads of the game it runs in, as a protocol,
and the ``Ruling`` both it and the match hand on.

``CrazyTowerMatch`` is such a table, but live.py names only this: the match imports
live.py to replay a recorded move, so live.py importing the match back would close a
circle (docs/architecture.md, "Imports run one way").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from rules.chance import Chance
from rules.crazy_tower import BlockOutcome, CrazyTowerState, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.challenges import Handicap
from simulator.games.live_stage import LiveTable
from simulator.games.match import Verdict
from simulator.physics.hand import Hand
from simulator.physics.monitor import Monitor
from simulator.physics.world import Entry, Pose


@dataclass(frozen=True)
class Ruling:
    """What the physics of one move decided, before the rules accept it: ``rule()``
    returns the new state (or raises IllegalMove); ``fallen`` leave the world after;
    ``outcome`` is the record the rules are given."""

    rule: Callable[[], CrazyTowerState]
    fallen: list[str]
    outcome: BlockOutcome | FloorCardOutcome | RemovalOutcome

    def verdict(self) -> Verdict:
        return Verdict(tuple(self.fallen), self.outcome)


class CrazyTowerTable(LiveTable, Protocol):
    hand: Hand
    puller: Hand  # the hand that pulls a block out (diamonds)
    noise: Chance  # a challenge handicap's noise stream
    handicap: Handicap | None

    @property
    def state(self) -> CrazyTowerState: ...

    def fall_monitor(self, **kwargs: Any) -> tuple[Monitor, Any]: ...

    def pickup(self, half_length: float) -> Pose:
        """Where the hand picks a piece up: left of everything, above the tower."""
        ...

    def pull_cards(self, block: str) -> list[Entry]:
        """The floor cards a pulled block rubs on."""
        ...

    def kick(self, entry: Entry, release: tuple[float, float]) -> None:
        """The jolt of a shaky hand letting go."""
        ...

    def block_verdict(self, block: str, monitor: Monitor, *, replacement: bool) -> Ruling: ...

    def card_verdict(self, card: str, monitor: Monitor, *, replacement: bool) -> Ruling: ...

    def removal_verdict(self, block: str, monitor: Monitor) -> Ruling: ...
