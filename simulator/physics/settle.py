"""Running a world until its tower settles, with a cap that reports instead of hanging."""

from __future__ import annotations

import math
from dataclasses import dataclass

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


def settle(
    world: World,
    monitor: Monitor | None = None,
    *,
    cap: float | None = None,
    min_seconds: float = 0.0,
) -> SettleResult:
    """Step until every dynamic body sleeps or stays slower than the profile's
    ``settle_speed`` for ``settle_hold`` seconds; give up after ``cap`` seconds.

    ``min_seconds`` runs at least that long first (sandbox runs have a fixed length).
    """
    profile = world.profile
    cap = profile.settle_cap if cap is None else cap
    every = max(1, round(CHECK_INTERVAL / profile.dt))
    start_steps = world.steps
    quiet = 0.0
    while True:
        world.step(every)
        if monitor is not None:
            monitor.check()
        elapsed = (world.steps - start_steps) * profile.dt
        dynamic = [e for e in world.entries if e.dynamic]
        if all(e.body.is_sleeping for e in dynamic):
            quiet = math.inf
        elif max((body_speed(e) for e in dynamic), default=0.0) < profile.settle_speed:
            quiet += every * profile.dt
        else:
            quiet = 0.0
        if elapsed >= min_seconds and quiet >= profile.settle_hold:
            return SettleResult(True, elapsed, world.steps - start_steps)
        if elapsed >= max(cap, min_seconds):
            return SettleResult(False, elapsed, world.steps - start_steps)
