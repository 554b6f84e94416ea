"""Running a world until its tower settles, with a cap that reports instead of hanging."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import pymunk

from simulator.physics.islands import islands, touching
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
        self.looks = looks
        self.energies: deque[float] = deque(maxlen=looks)
        self.by_island = profile.resting.islands
        # Each island's energies at the looks of its hold so far, by its members' ids.
        self.island_energies: dict[frozenset[str], deque[float]] = {}
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
        if self.by_island and self._moving_apart():
            self.energies.clear()
            self.quiet = math.inf if self._islands_rest() else 0.0
        else:
            self.island_energies.clear()
            self._look_at_all()
        if elapsed >= self.min_seconds and self.quiet >= self.hold:
            return SettleResult(True, elapsed, steps)
        if elapsed >= max(self.cap, self.min_seconds):
            return SettleResult(False, elapsed, steps)
        return None

    def _look_at_all(self) -> None:
        """Judge every body at once (rest 1): ``quiet`` grows while every body is slow."""
        profile, every = self.world.profile, self.every
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
            full = len(self.energies) == self.looks
            self.quiet = self.hold if full and energy <= self.energies[0] else 0.0
        else:
            self.quiet += every * profile.dt

    def _moving_apart(self) -> bool:
        """Whether a fast body is one the monitor has judged fallen, or touches nothing:
        then the rest may be at rest apart from it (rest 2). Otherwise every fast body
        touches something still in play, and all are judged at once, as cheaply as
        ever: finding islands costs about a millisecond a look on a 60-piece tower."""
        limit = self.world.profile.settle_speed
        fallen = self.monitor.fallen if self.monitor is not None else ()
        return any(
            entry.dynamic
            and body_speed(entry) >= limit
            and (entry.id in fallen or not touching(entry.body))
            for entry in self._entries
        )

    def _islands_rest(self) -> bool:
        """Judge each island of bodies in contact apart (rest 2): True when every one
        rests or is out. An island rests by the rule above, slow at every look of the
        hold with less energy at its end than at its start, and then sleeps as a group
        (Chipmunk's), so a tower at rest costs nothing while a piece knocked off it
        falls; an island made only of pieces the monitor has judged fallen is out: where
        it comes to rest on the table decides nothing. One that comes back touches
        another island and is judged with it."""
        world, limit = self.world, self.world.profile.settle_speed
        fallen = set(self.monitor.fallen) if self.monitor is not None else set()
        kept: dict[frozenset[str], deque[float]] = {}
        rests = True
        found, near_sleepers = islands(self._entries, world.profile.collision_slop)
        for n, island in enumerate(found):
            members = frozenset(e.id for e in island)
            if members <= fallen:
                continue
            if any(body_speed(e) >= limit for e in island):
                rests = False
                continue
            energies = self.island_energies.get(members) or deque(maxlen=self.looks)
            energies.append(sum(e.body.kinetic_energy for e in island))
            kept[members] = energies
            if len(energies) < self.looks or energies[-1] > energies[0]:
                rests = False
            elif n not in near_sleepers and all(world.idle(e) for e in island):
                world.sleep_as_group(island)
        self.island_energies = kept
        return rests


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
