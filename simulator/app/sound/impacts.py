"""Hearing the physics: a step observer that turns the speed a piece suddenly loses into
a knock, and a piece reaching the table into a fall.

It only reads the world (``World.observe``: velocities, joints, contacts, and the table
touches the world records anyway), so a run with it attached is bit for bit the run
without it. It looks every few milliseconds of simulated time, not every step: the speed
an impact took away is still gone a few steps later, and the cost per step stays small.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field

import numpy as np
import pymunk
import pymunk.batch

from simulator.physics.world import Entry, Observation, World


@dataclass(frozen=True)
class ImpactTuning:
    """How hard a knock must be to be heard and how its volume follows (sounds.toml
    [impacts])."""

    every: float  # simulated seconds between two looks
    quiet: float  # cm/s of speed lost below which nothing is heard
    loud: float  # cm/s of speed lost at which a knock is at full volume
    softest: float  # the volume of a knock just above quiet (a tick is still heard)
    gap: float  # seconds a piece stays silent after its knock (no buzz of small bounces)
    variants: int  # clack sounds to choose from, one per piece

    def volume(self, lost: float) -> float:
        """0 up to ``quiet``, 1 from ``loud``; between, from ``softest`` up by the
        square root of the share (loudness grows slower than the speed of the blow)."""
        if lost <= self.quiet:
            return 0.0
        share = min(1.0, (lost - self.quiet) / (self.loud - self.quiet))
        return self.softest + (1.0 - self.softest) * math.sqrt(share)


KNOCK = "knock"  # a piece hit something
FALL = "fall"  # a piece reached the table


@dataclass(frozen=True)
class Impact:
    time: float  # the world's simulated seconds when it was heard
    kind: str  # KNOCK or FALL
    volume: float  # 0..1
    body_id: str
    variant: int  # which of the clack sounds this piece makes (1-based)


@dataclass
class ImpactListener:
    tuning: ImpactTuning
    heard: list[Impact] = field(default_factory=list)  # not yet taken
    world: World | None = None
    _observation: Observation | None = None
    _buffer: pymunk.batch.Buffer = field(default_factory=pymunk.batch.Buffer)
    _ids: bytes = b""  # the bodies' ids at the last look, in space order
    _speeds: bytes = b""  # their (vx, vy, spin) then, as doubles
    _entries: dict[int, Entry] = field(default_factory=dict)  # pymunk body id -> entry
    _radii: tuple[bytes, np.ndarray] = (b"", np.zeros(0))  # the ids' rims, cached
    _quiet_until: dict[str, float] = field(default_factory=dict)
    _on_table: set[str] = field(default_factory=set)
    _touches: int = 0
    _pending: int = 0

    def attach(self, world: World) -> None:
        """Listen to ``world`` from now on, instead of the one before (a match rebuilt
        from its log, a load). Pieces already on its table (a Crazy Tower base card)
        are not falls."""
        self.detach()
        self.world = world
        self._observation = world.observe(self._stepped)
        self._ids = self._speeds = b""
        self._entries.clear()
        self._quiet_until.clear()
        self._on_table = {touch.body_id for touch in world.table_touches}
        self._touches = len(world.table_touches)
        self._pending = 0

    def detach(self) -> None:
        if self._observation is not None:
            self._observation.detach()
            self._observation = None
        self.world = None

    def take(self) -> list[Impact]:
        """The impacts heard since the last call."""
        heard, self.heard = self.heard, []
        return heard

    def _stepped(self, world: World, count: int) -> None:
        self._pending += count
        if self._pending * world.profile.dt >= self.tuning.every:
            self._look(world, self._pending)
            self._pending = 0

    def _look(self, world: World, steps: int) -> None:
        self._table(world)  # before the speeds are updated: it reads them as they were
        buffer = self._buffer
        buffer.clear()  # every body's velocity and spin in one call, not 60 property reads
        pymunk.batch.get_space_bodies(world.space, _FIELDS, buffer)
        ids, raw = bytes(buffer.int_buf()), bytes(buffer.float_buf())
        last_ids, last = self._ids, self._speeds
        self._ids, self._speeds = ids, raw
        if not last or (raw == last and ids == last_ids):
            return  # the first look, or nothing moved (a tower asleep): nothing to hear
        speeds = np.frombuffer(raw).reshape(-1, 3)
        body_ids = np.frombuffer(ids, dtype=np.uintp)
        before = np.frombuffer(last).reshape(-1, 3)
        if ids != last_ids:  # a body came, went or fell asleep: match the rows by id
            rows = {
                body: row for row, body in enumerate(np.frombuffer(last_ids, np.uintp).tolist())
            }
            found = np.array([rows.get(body, -1) for body in body_ids.tolist()], dtype=int)
            known = found >= 0
            body_ids, speeds, before = body_ids[known], speeds[known], before[found[known]]
        # The speed lost that gravity does not explain, less what holding a piece up
        # against gravity takes (a resting piece is silent, a piece pushed or carried
        # gains speed and loses none), and the spin lost, at the piece's rim.
        fall = world.profile.gravity * world.profile.dt * steps  # what gravity alone adds
        lost = np.hypot(before[:, 0], before[:, 1] - fall) - np.hypot(speeds[:, 0], speeds[:, 1])
        lost += (np.abs(before[:, 2]) - np.abs(speeds[:, 2])) * self._rims(world, body_ids) - fall
        for row in np.flatnonzero(lost > self.tuning.quiet).tolist():
            self._knock(world, int(body_ids[row]), float(lost[row]))

    def _knock(self, world: World, body_id: int, lost: float) -> None:
        entry = self._entry(world, body_id)
        if entry is None or not entry.dynamic:  # the hand, a static body
            return
        now = world.time
        if now < self._quiet_until.get(entry.id, 0.0):
            return
        if _held(entry.body) and not _touching(entry.body):
            return  # the hand stopped it, nothing was hit
        self._quiet_until[entry.id] = now + self.tuning.gap
        volume = self.tuning.volume(lost)
        self.heard.append(Impact(now, KNOCK, volume, entry.id, self.variant(entry.id)))

    def _entry(self, world: World, body_id: int) -> Entry | None:
        if body_id not in self._entries or len(self._entries) != len(world.entries):
            # a body added or removed since (a new one may reuse a removed one's id)
            self._entries = {entry.body.id: entry for entry in world.entries}
        return self._entries.get(body_id)

    def _rims(self, world: World, ids: np.ndarray) -> np.ndarray:
        """Each body's radius (0 for a body that is not the world's: the hand)."""
        key = ids.tobytes()  # the same bodies as last time: the same rims
        if self._radii[0] != key:
            rims = [getattr(self._entry(world, i), "radius", 0.0) for i in ids.tolist()]
            self._radii = (key, np.array(rims, dtype=np.float64))
        return self._radii[1]

    def _table(self, world: World) -> None:
        touches = world.table_touches
        for touch in touches[self._touches :]:
            body_id = touch.body_id
            if body_id in self._on_table:  # each piece falls once
                continue
            self._on_table.add(body_id)
            if self._speed(world, body_id) > self.tuning.quiet:  # it came down: not at rest
                self.heard.append(Impact(touch.time, FALL, 1.0, body_id, self.variant(body_id)))
        self._touches = len(touches)

    def _speed(self, world: World, body_id: str) -> float:
        """A body's speed at the last look (0 if it was not seen)."""
        if body_id not in world:
            return 0.0
        rows = np.flatnonzero(np.frombuffer(self._ids, np.uintp) == world.entry(body_id).body.id)
        if not rows.size:
            return 0.0
        vx, vy, _ = np.frombuffer(self._speeds).reshape(-1, 3)[rows[0]]
        return float(np.hypot(vx, vy))

    def variant(self, body_id: str) -> int:
        """The clack sound of a piece: fixed per piece, so that each keeps its voice."""
        return zlib.crc32(body_id.encode()) % self.tuning.variants + 1


# pymunk.batch (pymunk 7) reads these for every body in one call, without changing any.
_FIELDS = (
    pymunk.batch.BodyFields.BODY_ID
    | pymunk.batch.BodyFields.VELOCITY
    | pymunk.batch.BodyFields.ANGULAR_VELOCITY
)


def _held(body: pymunk.Body) -> bool:
    """Whether a piece hangs from the hand (a joint to a body the hand moves)."""
    return any(
        pymunk.Body.KINEMATIC in (joint.a.body_type, joint.b.body_type)
        for joint in body.constraints
    )


def _touching(body: pymunk.Body) -> bool:
    """Whether a piece touches another body now (reading its arbiters changes nothing)."""
    found: list[bool] = []
    body.each_arbiter(lambda arbiter: found.append(True))
    return bool(found)
