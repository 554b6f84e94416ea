"""What every live move shares (LOTS: lots/live.py, Crazy Tower: crazy_tower/live.py):
its stages, and the one answer to "what does the hand hold now".

A live move runs in the world its match had when the piece was picked up. The match
may replace that world under it: an undo, a rebuild from the log, another seat's move
that came first over the network, the host refusing a move, a resync. The pieces the
move held are then in no world at all, and a piece id kept from before would ask the
new world for a piece it never had. So nobody reads a live move's pieces by a cached
id: ``held`` answers None once the world moved on, the stage reads ``GONE``, and
whoever shows or streams the move drops it.
"""

from __future__ import annotations

from typing import Any, Protocol

from simulator.physics.monitor import Monitor
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import Entry, World

HOLDING, SETTLING, SETTLED = "holding", "settling", "settled"
GONE = "gone"  # the match's world is another now: the move holds nothing and settles nothing


class LiveTable(Protocol):
    """What every live move reads of the game it runs in: the world now (a rebuild puts
    another in its place), the physics and a fall monitor of the world. A match is one,
    but a live module names only this (and its game's table.py), never its match: the
    match imports the live module, so imports run one way (docs/architecture.md,
    "Imports run one way")."""

    world: World
    profile: PhysicsProfile

    def fall_monitor(self, **kwargs: Any) -> tuple[Monitor, Any]:
        """A fall monitor of the world now, and the per-step hook that checks it."""
        ...


class LiveStage:
    """The stage of a live move, bound to the world it began in."""

    match: LiveTable
    piece: str  # the piece in the hand (or the last one let go)
    _world: World
    _stage: str

    def _begin(self, match: LiveTable) -> None:
        self.match = match
        self._world = match.world
        self._stage = HOLDING

    @property
    def stage(self) -> str:
        """HOLDING, SETTLING or SETTLED, as the move goes; GONE once the match's world is
        not the one the move began in."""
        return self._stage if self.match.world is self._world else GONE

    @stage.setter
    def stage(self, value: str) -> None:
        self._stage = value

    @property
    def held(self) -> Entry | None:
        """The piece in the hand now: None when the hand holds nothing (it was let go,
        it slipped out) or the world moved on."""
        if self.stage != HOLDING or self.piece not in self._world:
            return None
        return self._world.entry(self.piece)

    def _in_hand(self) -> Entry:
        """``held``, for the move's own steps, which run only while it holds a piece."""
        entry = self.held
        if entry is None:
            raise RuntimeError("the hand holds nothing")
        return entry
