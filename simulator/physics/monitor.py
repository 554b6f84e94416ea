"""Watching a world for pieces that moved and pieces that fell, as ordered events."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from simulator.physics.world import Entry, Pose, RestGroup, World

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

    A check looks only at the bodies that may have moved since the last one: a body asleep
    now that was already asleep, and looked at, at the last check cannot have moved in
    between (waking restarts its idle time, so it cannot fall asleep again sooner than the
    space's sleep time threshold). ``skip_sleeping=False`` looks at every body every time;
    the events are the same either way (tests/physics/test_monitor_skip.py).
    """

    world: World
    tolerance: float = 0.5
    rotation_tolerance: float = 5.0
    support: tuple[float, float] | None = None
    floor_y: float | None = None
    skip_sleeping: bool = True
    reference: dict[str, Pose] = field(init=False)
    events: list[MotionEvent] = field(init=False, default_factory=list)
    _touches_seen: int = field(init=False)

    def __post_init__(self) -> None:
        self.reference = {e.id: e.pose for e in self.world.entries if e.dynamic}
        self._fall_watch: set[str] = set(self.reference)
        self._touches_seen = len(self.world.table_touches)
        # Bodies asleep at the last check and looked at there (id -> its entry, so a body
        # removed and added again under the same id is looked at afresh).
        self._resting: dict[str, Entry] = {}
        # What the resting bodies were judged by: the rules and the references.
        self._rules: tuple[object, ...] = ()
        self._references: dict[str, Pose] = {}
        self._checked_at = -1  # world.steps at the last check
        self._entries: list[Entry] = []  # world.entries when _dynamic was taken
        self._dynamic: list[Entry] = []
        self._group: RestGroup | None = None  # the world's rest group, asleep at the last check
        self._split_for: tuple[object, object] = (None, None)
        self._split_value: tuple[dict[str, Entry], list[Entry]] = ({}, [])

    def watch_falls(self, body_id: str) -> None:
        """Watch a body that just entered (a piece in the hand) for falls only."""
        self._fall_watch.add(body_id)
        self._resting.pop(body_id, None)

    def watch(self, body_id: str) -> None:
        """Watch a body for falls and for moves from where it is now (a piece just
        released: moving in the hand is not a move)."""
        self._fall_watch.add(body_id)
        self.reference[body_id] = self.world.entry(body_id).pose
        self._resting.pop(body_id, None)

    @property
    def moved(self) -> list[str]:
        return self._ids("moved")

    @property
    def fallen(self) -> list[str]:
        return self._ids("fell")

    @property
    def resting(self) -> bool:
        """Every dynamic body slept at the last check (each looked at asleep)."""
        return self._checked_at >= 0 and len(self._resting) == len(self._dynamic)

    def _ids(self, kind: str) -> list[str]:
        return [e.body_id for e in self.events if e.type == kind]

    def check(self) -> None:
        world = self.world
        now = world.time
        events = self.events
        fallen = {e.body_id for e in events if e.type == "fell"} if events else set()
        touches = world.table_touches
        if len(touches) > self._touches_seen:
            for touch in touches[self._touches_seen :]:
                watched = touch.body_id in self._fall_watch and touch.body_id not in fallen
                if watched and not self._on_support(touch.x):
                    self._add(touch.time, touch.body_id, "fell", "touched the table")
                    fallen.add(touch.body_id)
            self._touches_seen = len(touches)
        look = self._to_look_at()
        if not look:
            return
        # Each pose read once: pymunk's getters are most of a check's cost.
        poses = {}
        for entry in look:
            body = entry.body
            x, y = body.position
            poses[entry.id] = (x, y, body.angle)
        moved = {e.body_id for e in events if e.type == "moved"} if events else set()
        reference = self.reference
        newly = [
            body_id
            for body_id, pose in poses.items()
            if body_id in reference
            and body_id not in moved
            and self._has_moved(reference[body_id], *pose)
        ]
        if len(newly) > 1:  # logged in the order of the reference, as ever
            rank = {body_id: i for i, body_id in enumerate(reference)}
            newly.sort(key=rank.__getitem__)
        for body_id in newly:
            self._add(now, body_id, "moved", "left its place")
        x0, y0, x1, y1 = world.play_area
        floor_y = self.floor_y
        for entry in look:  # creation order keeps the log stable
            body_id = entry.id
            if body_id not in self._fall_watch or body_id in fallen:
                continue
            x, y, _ = poses[body_id]
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                self._add(now, body_id, "fell", "left the play area")
            elif floor_y is not None and y < floor_y:
                self._add(now, body_id, "fell", "dropped below its support")

    def _to_look_at(self) -> list[Entry]:
        """The dynamic bodies, in creation order, that may have moved since the last
        check; remembers which of them sleep now (this check looks at them)."""
        world = self.world
        if world.entries != self._entries:  # identity first: cheap while nothing changed
            self._entries = list(world.entries)
            self._dynamic = [e for e in self._entries if e.dynamic]
        rules = (self.tolerance, self.rotation_tolerance, self.floor_y, world.play_area)
        since = world.steps - self._checked_at
        self._checked_at = world.steps
        # Two checks closer than the sleep threshold: a body asleep at both slept between.
        # New rules or references (a caller may change them) judge every body afresh.
        trusted = (
            self.skip_sleeping
            and rules == self._rules
            and self.reference == self._references  # the same Pose objects: cheap
            and (since + 2) * world.profile.dt < world.space.sleep_time_threshold
        )
        if not trusted:
            self._rules, self._references = rules, dict(self.reference)
        resting = self._resting if trusted else {}
        look = []
        now_resting = {}
        dynamic = self._dynamic
        group = world.rest_group
        if group is not None and group.asleep:
            # A group that slept at the last check and sleeps now slept in between
            # (it wakes as one): its members need no look, and no per-body test.
            members, outside = self._split(group)
            if trusted and self._group is group:
                now_resting = dict(members)
                dynamic = outside
            self._group = group
        else:
            self._group = None
        for entry in dynamic:
            if entry.body.is_sleeping:
                now_resting[entry.id] = entry
                if resting.get(entry.id) is entry:
                    continue
            look.append(entry)
        self._resting = now_resting
        return look

    def _split(self, group: RestGroup) -> tuple[dict[str, Entry], list[Entry]]:
        """The dynamic bodies in ``group`` (by id) and the rest, in creation order; kept
        while neither the group nor the world's bodies change."""
        if self._split_for[0] is not group or self._split_for[1] is not self._entries:
            members = {e.id: e for e in self._dynamic if e.id in group.members}
            outside = [e for e in self._dynamic if e.id not in group.members]
            self._split_for, self._split_value = (group, self._entries), (members, outside)
        return self._split_value

    def _on_support(self, x: float) -> bool:
        return self.support is not None and self.support[0] <= x <= self.support[1]

    def _has_moved(self, ref: Pose, x: float, y: float, angle: float) -> bool:
        turned = abs(math.degrees(angle - ref.angle))
        return math.hypot(x - ref.x, y - ref.y) > self.tolerance or (
            turned > self.rotation_tolerance
        )

    def _add(self, time: float, body_id: str, kind: str, reason: str) -> None:
        self.events.append(MotionEvent(time, body_id, kind, reason))
        # Table touches carry exact times; keep the log ordered by time, stable otherwise.
        self.events.sort(key=lambda e: e.time)
