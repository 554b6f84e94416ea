"""Running a world until its tower settles, with a cap that reports instead of hanging."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import pymunk

from simulator.physics.monitor import Monitor
from simulator.physics.world import Entry, World

# How often (simulated seconds) the settle loop looks at the bodies: checking every
# step would cost more Python than the solver itself.
CHECK_INTERVAL = 0.02


@dataclass(frozen=True)
class SettleResult:
    settled: bool
    seconds: float  # simulated time spent settling
    steps: int


def body_speed(entry: Entry) -> float:
    """Fastest point speed of a body, bounded by |v| + |w| * radius (cm/s)."""
    body = entry.body
    if body.is_sleeping:
        return 0.0
    return body.velocity.length + abs(body.angular_velocity) * entry.radius


class Settler:
    """The settle loop one look at a time, for a screen that draws between looks; run
    to the end, it is exactly ``settle``."""

    def __init__(
        self,
        world: World,
        monitor: Monitor | None = None,
        *,
        cap: float | None = None,
        min_seconds: float = 0.0,
    ) -> None:
        self.world, self.monitor = world, monitor
        profile = world.profile
        self.cap = profile.settle_cap if cap is None else cap
        self.min_seconds = min_seconds
        self.every = max(1, round(CHECK_INTERVAL / profile.dt))
        self.start_steps = world.steps
        self.quiet = 0.0
        self.hold = profile.hold
        self.falling_energy = profile.resting.falling_energy
        # The awake bodies' kinetic energy at the looks of the hold so far (rest 2).
        looks = 1 + max(1, math.ceil(self.hold / (self.every * profile.dt) - 1e-9))
        self.energies: deque[float] = deque(maxlen=looks)
        self._entries: list[Entry] = []  # world.entries when _bodies was taken
        self._bodies: list[tuple[pymunk.Body, float]] = []  # dynamic: body, radius

    def look(self) -> SettleResult | None:
        """Step one interval and look; the result once settled or capped, else None."""
        world, profile, every = self.world, self.world.profile, self.every
        world.step(every)
        if self.monitor is not None:
            self.monitor.check()
        steps = world.steps - self.start_steps
        elapsed = steps * profile.dt
        if world.entries != self._entries:  # identity first: cheap while nothing changed
            self._entries = list(world.entries)
            self._bodies = [(e.body, e.radius) for e in self._entries if e.dynamic]
        # One pass, stopping at the first body too fast: sleeping bodies count as still
        # (as body_speed has it), and a fast one decides the look whatever the rest do.
        asleep = quiet = True
        limit = profile.settle_speed
        energy = 0.0
        for body, radius in self._bodies:
            if body.is_sleeping:
                continue
            asleep = False
            if body.velocity.length + abs(body.angular_velocity) * radius >= limit:
                quiet = False
                break
            if self.falling_energy:
                energy += body.kinetic_energy
        if asleep:
            self.quiet = math.inf
        elif not quiet:
            self.quiet = 0.0
            self.energies.clear()
        elif self.falling_energy:
            # Slow is not enough (rest 2): a body starting to tip or slide is slow too,
            # but its kinetic energy grows as it releases potential energy, while a
            # tower ringing down after a knock trades energy with its contacts and
            # loses it. Quiet: slow at every look of the hold, and less energy at its
            # end than at its start.
            self.energies.append(energy)
            full = len(self.energies) == self.energies.maxlen
            self.quiet = self.hold if full and energy <= self.energies[0] else 0.0
        else:
            self.quiet += every * profile.dt
        if elapsed >= self.min_seconds and self.quiet >= self.hold:
            return SettleResult(True, elapsed, steps)
        if elapsed >= max(self.cap, self.min_seconds):
            return SettleResult(False, elapsed, steps)
        return None


def settle(
    world: World,
    monitor: Monitor | None = None,
    *,
    cap: float | None = None,
    min_seconds: float = 0.0,
) -> SettleResult:
    """Step until every dynamic body sleeps or stays slower than the profile's
    ``settle_speed`` for its ``hold`` seconds (rest 2: with the awake bodies' kinetic
    energy falling from look to look); give up after ``cap`` seconds.

    ``min_seconds`` runs at least that long first (sandbox runs have a fixed length).
    """
    settler = Settler(world, monitor, cap=cap, min_seconds=min_seconds)
    while (result := settler.look()) is None:
        pass
    return result
