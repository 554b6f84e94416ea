"""Watching a world for pieces that moved and pieces that fell, as ordered events."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from simulator.physics.world import Pose, World

# Steps between two checks while a hand moves a piece: often enough to see a fall as it
# happens, without a check every step. The matches' and live moves' recorded outcomes
# depend on it.
WATCH_EVERY = 10


@dataclass(frozen=True)
class MotionEvent:
    time: float
    body_id: str
    type: str  # "moved" or "fell"
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {
            "time": round(self.time, 6),
            "body": self.body_id,
            "type": self.type,
            "reason": self.reason,
        }


@dataclass
class Monitor:
    """Compares each dynamic body against its pose when the monitor started.

    A body *moved* when its centre went further than ``tolerance`` (cm) or it turned more
    than ``rotation_tolerance`` (degrees). It *fell* when it touched a table outside
    ``support`` (an x range; None means any table contact is a fall), left the play area,
    or sank below ``floor_y`` (the top of what should carry it).
    """

    world: World
    tolerance: float = 0.5
    rotation_tolerance: float = 5.0
    support: tuple[float, float] | None = None
    floor_y: float | None = None
    reference: dict[str, Pose] = field(init=False)
    events: list[MotionEvent] = field(init=False, default_factory=list)
    _touches_seen: int = field(init=False)

    def __post_init__(self) -> None:
        self.reference = {e.id: e.pose for e in self.world.entries if e.dynamic}
        self._fall_watch: set[str] = set(self.reference)
        self._touches_seen = len(self.world.table_touches)

    def watch_falls(self, body_id: str) -> None:
        """Watch a body that just entered (a piece in the hand) for falls only."""
        self._fall_watch.add(body_id)

    def watch(self, body_id: str) -> None:
        """Watch a body for falls and for moves from where it is now (a piece just
        released: moving in the hand is not a move)."""
        self._fall_watch.add(body_id)
        self.reference[body_id] = self.world.entry(body_id).pose

    @property
    def moved(self) -> list[str]:
        return self._ids("moved")

    @property
    def fallen(self) -> list[str]:
        return self._ids("fell")

    def _ids(self, kind: str) -> list[str]:
        return [e.body_id for e in self.events if e.type == kind]

    def check(self) -> None:
        world = self.world
        now = world.time
        fallen = set(self.fallen)
        moved = set(self.moved)
        for touch in world.table_touches[self._touches_seen :]:
            watched = touch.body_id in self._fall_watch and touch.body_id not in fallen
            if watched and not self._on_support(touch.x):
                self._add(touch.time, touch.body_id, "fell", "touched the table")
                fallen.add(touch.body_id)
        self._touches_seen = len(world.table_touches)
        x0, y0, x1, y1 = world.play_area
        for body_id, ref in self.reference.items():
            if (
                body_id in world
                and body_id not in moved
                and self._has_moved(ref, world.entry(body_id).pose)
            ):
                self._add(now, body_id, "moved", "left its place")
                moved.add(body_id)
        for entry in world.dynamic_entries:  # creation order keeps the log stable
            body_id = entry.id
            if body_id not in self._fall_watch or body_id in fallen:
                continue
            pose = entry.pose
            if not (x0 <= pose.x <= x1 and y0 <= pose.y <= y1):
                self._add(now, body_id, "fell", "left the play area")
            elif self.floor_y is not None and pose.y < self.floor_y:
                self._add(now, body_id, "fell", "dropped below its support")

    def _on_support(self, x: float) -> bool:
        return self.support is not None and self.support[0] <= x <= self.support[1]

    def _has_moved(self, ref: Pose, pose: Pose) -> bool:
        turned = abs(math.degrees(pose.angle - ref.angle))
        return math.hypot(pose.x - ref.x, pose.y - ref.y) > self.tolerance or (
            turned > self.rotation_tolerance
        )

    def _add(self, time: float, body_id: str, kind: str, reason: str) -> None:
        self.events.append(MotionEvent(time, body_id, kind, reason))
        # Table touches carry exact times; keep the log ordered by time, stable otherwise.
        self.events.sort(key=lambda e: e.time)
