"""Filming a headless run: which world ran and where its bodies were, every few steps.

A ``Film`` is a step observer (``World.observe``): a run hands it the worlds it builds
(``attach``, an ``on_world`` callback) or a caller films one world (``watching``). It
reads poses and never changes a step, so replay can draw the final state (``--png``) or
play the run back in a window (``--watch``). A frame also keeps where each hand grips
its piece (``grips``), so a playback draws the hand too.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pymunk

from simulator.physics.world import Entry, Observation, World

Pose3 = tuple[float, float, float]


@dataclass(frozen=True)
class Grip:
    """A hand holding a piece: the held body and the hand's pose at the grip point (the
    pivot joint's anchor on the hand's kinematic body; cm, radians counter-clockwise)."""

    held: Entry
    pose: Pose3
    anchor: tuple[float, float]  # the grip point in the held body's own coordinates
    strain: int = 0  # FIRM, STRAINED (the pinch at its force limit) or SLIPPING


# How hard a grip works while its piece touches something, as the hand is drawn: firm;
# strained, its pivot pulling at STRAINED_LOAD of its force limit or more; slipping, the
# piece pushed more than the pads' give away from the fingers (docs/physics.md, "The
# grip": the fingers slide along it then, and slide off after ``slip`` cm).
FIRM, STRAINED, SLIPPING = 0, 1, 2
STRAINED_LOAD = 0.9


@dataclass(frozen=True)
class Frame:
    time: float  # simulated seconds since the film started
    bodies: tuple[tuple[Entry, Pose3], ...]  # every body of the world then, in order
    grips: tuple[Grip, ...] = ()  # the hands holding a piece then


@dataclass
class Film:
    every: int | None  # steps between frames (None: no frames, just the last world)
    world: World | None = None  # the filmed world that stepped last
    frames: list[Frame] = field(default_factory=list)
    _steps: int = 0
    _observation: Observation | None = None

    def attach(self, world: World) -> None:
        """Film ``world`` from now on, instead of the one before (a run's new main world:
        a match rebuilt from its log)."""
        if self._observation is not None:
            self._observation.detach()
        self._observation = world.observe(self.seen)

    def seen(self, world: World, count: int) -> None:
        self.world = world
        if self.every is None:
            return
        before = self._steps
        self._steps += count
        if before // self.every != self._steps // self.every:
            self.frames.append(frame_of(world, self._steps * world.profile.dt))

    def close(self) -> None:
        """Stop filming; the last frame is the world as the run left it."""
        if self._observation is not None:
            self._observation.detach()
            self._observation = None
        if self.world is not None and self.every is not None:
            world = self.world
            self.frames.append(frame_of(world, self._steps * world.profile.dt))

    @contextmanager
    def watching(self, world: World) -> Iterator[Film]:
        """Film ``world`` inside the block (not the copies a bot's rollouts step)."""
        self.attach(world)
        try:
            yield self
        finally:
            self.close()


def snapshot(world: World) -> tuple[tuple[Entry, Pose3], ...]:
    out = []
    for entry in world.entries:
        p = entry.body.position
        out.append((entry, (p.x, p.y, entry.body.angle)))
    return tuple(out)


def frame_of(world: World, time: float) -> Frame:
    return Frame(time, snapshot(world), grips(world))


def grips(world: World) -> tuple[Grip, ...]:
    """Every piece a hand holds now: read from the world's pivot joints whose first body
    is a kinematic one (``physics.hand.Hand.grab``); the physics is not touched."""
    kinematic = pymunk.Body.KINEMATIC
    joints = [
        joint
        for joint in world.space.constraints
        if isinstance(joint, pymunk.PivotJoint) and joint.a.body_type == kinematic
    ]
    if not joints:  # nothing held: the common frame costs one pass over a few joints
        return ()
    held = {entry.body: entry for entry in world.entries if entry.dynamic}
    out = []
    for joint in joints:
        entry = held.get(joint.b)
        if entry is not None:
            hand = joint.a
            x, y = hand.local_to_world(joint.anchor_a)
            anchor = (joint.anchor_b.x, joint.anchor_b.y)
            strain = _strain(world, joint, entry, (x, y))
            out.append(Grip(entry, (x, y, hand.angle), anchor, strain))
    return tuple(out)


def _strain(world: World, joint: pymunk.PivotJoint, held: Entry, at: tuple[float, float]) -> int:
    """How hard the grip ``joint`` works while its piece touches something (FIRM,
    STRAINED, SLIPPING; a free piece is always FIRM: it only trails the hand), read from
    the last step's impulse and where the piece is; nothing is changed."""
    touching: list[pymunk.Arbiter] = []
    held.body.each_arbiter(touching.append)
    if not touching:
        return FIRM
    give = world.hand_settings.give
    px, py = held.body.local_to_world(joint.anchor_b)
    if math.isfinite(give) and math.hypot(px - at[0], py - at[1]) > give:
        return SLIPPING
    limit = joint.max_force * world.profile.dt
    if math.isfinite(limit) and limit > 0 and joint.impulse >= STRAINED_LOAD * limit:
        return STRAINED
    return FIRM
