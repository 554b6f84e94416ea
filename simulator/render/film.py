"""Filming a headless run: which world ran and where its bodies were, every few steps.

Scenario runners build their worlds inside their own code; ``filming`` watches every
``World.step`` while it is active (it reads poses, it never changes a step), so replay
can draw the final state (``--png``) or play the run back in a window (``--watch``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from simulator.physics.world import Entry, World

Pose3 = tuple[float, float, float]


@dataclass(frozen=True)
class Frame:
    time: float  # simulated seconds since the film started
    bodies: tuple[tuple[Entry, Pose3], ...]  # every body of the world then, in order


@dataclass
class Film:
    every: int | None  # steps between frames (None: no frames, just the last world)
    world: World | None = None  # the world that stepped last
    only: World | None = None  # film just this world (a bot's rollouts step copies)
    frames: list[Frame] = field(default_factory=list)
    _steps: int = 0

    def seen(self, world: World, count: int) -> None:
        if self.only is not None and world is not self.only:
            return
        self.world = world
        if self.every is None:
            return
        before = self._steps
        self._steps += count
        if before // self.every != self._steps // self.every:
            self.frames.append(Frame(self._steps * world.profile.dt, snapshot(world)))


def snapshot(world: World) -> tuple[tuple[Entry, Pose3], ...]:
    out = []
    for entry in world.entries:
        p = entry.body.position
        out.append((entry, (p.x, p.y, entry.body.angle)))
    return tuple(out)


@contextmanager
def filming(every: int | None = None, only: World | None = None) -> Iterator[Film]:
    """Record the worlds that step inside the block (one film at a time); with ``only``,
    just that world."""
    film = Film(every, only=only)
    original = World.step

    def step(self: World, count: int = 1) -> None:
        original(self, count)
        film.seen(self, count)

    World.step = step  # type: ignore[method-assign]
    try:
        yield film
    finally:
        World.step = original  # type: ignore[method-assign]
        if film.world is not None and film.every is not None:
            film.frames.append(Frame(film._steps * film.world.profile.dt, snapshot(film.world)))
