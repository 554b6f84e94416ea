"""Filming a headless run: which world ran and where its bodies were, every few steps.

A ``Film`` is a step observer (``World.observe``): a run hands it the worlds it builds
(``attach``, an ``on_world`` callback) or a caller films one world (``watching``). It
reads poses and never changes a step, so replay can draw the final state (``--png``) or
play the run back in a window (``--watch``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from simulator.physics.world import Entry, Observation, World

Pose3 = tuple[float, float, float]


@dataclass(frozen=True)
class Frame:
    time: float  # simulated seconds since the film started
    bodies: tuple[tuple[Entry, Pose3], ...]  # every body of the world then, in order


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
            self.frames.append(Frame(self._steps * world.profile.dt, snapshot(world)))

    def close(self) -> None:
        """Stop filming; the last frame is the world as the run left it."""
        if self._observation is not None:
            self._observation.detach()
            self._observation = None
        if self.world is not None and self.every is not None:
            self.frames.append(Frame(self._steps * self.world.profile.dt, snapshot(self.world)))

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
