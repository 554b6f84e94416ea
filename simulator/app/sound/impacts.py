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

import pymunk

from simulator.physics.world import Observation, World


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
    _last: dict[str, tuple[float, float, float]] = field(default_factory=dict)
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
        self._last.clear()
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
        tuning, last = self.tuning, self._last
        now = world.time
        fall = world.profile.gravity * world.profile.dt * steps  # what gravity alone adds
        for entry in world.entries:
            body = entry.body
            if body.is_sleeping or not entry.dynamic:
                continue
            vx, vy = body.velocity
            spin = body.angular_velocity
            before = last.get(entry.id)
            last[entry.id] = (vx, vy, spin)
            if before is None:
                continue
            px, py, pspin = before
            # The speed lost that gravity does not explain, less what holding a piece
            # up against gravity takes (a resting piece is silent, a piece pushed or
            # carried gains speed and loses none), and the spin lost, at the rim.
            lost = math.hypot(px, py - fall) - math.hypot(vx, vy) - fall
            lost += (abs(pspin) - abs(spin)) * entry.radius
            if lost <= tuning.quiet or now < self._quiet_until.get(entry.id, 0.0):
                continue
            if _held(body) and not _touching(body):
                continue  # the hand stopped it, nothing was hit
            self._quiet_until[entry.id] = now + tuning.gap
            self.heard.append(
                Impact(now, KNOCK, tuning.volume(lost), entry.id, self.variant(entry.id))
            )

    def _table(self, world: World) -> None:
        touches = world.table_touches
        for touch in touches[self._touches :]:
            body_id = touch.body_id
            if body_id in self._on_table:  # each piece falls once
                continue
            self._on_table.add(body_id)
            vx, vy, _ = self._last.get(body_id, (0.0, 0.0, 0.0))
            if math.hypot(vx, vy) > self.tuning.quiet:  # it came down: not a piece at rest
                self.heard.append(Impact(touch.time, FALL, 1.0, body_id, self.variant(body_id)))
        self._touches = len(touches)

    def variant(self, body_id: str) -> int:
        """The clack sound of a piece: fixed per piece, so that each keeps its voice."""
        return zlib.crc32(body_id.encode()) % self.tuning.variants + 1


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
