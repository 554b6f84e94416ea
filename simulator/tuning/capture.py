"""A run's final world, and whether it settled.

Runners hand each main world they build to ``on_world`` (the last is the final world),
so the lab keeps what it is handed: no hook on any World method, and two runs in one
process (threads of a Dask worker) each see their own world.
"""

from __future__ import annotations

from typing import Any

from simulator.physics.profile import PhysicsProfile
from simulator.physics.settle import body_speed
from simulator.physics.world import World
from simulator.replay import Loaded


def run_with_world(
    loaded: Loaded, settings: PhysicsProfile | None = None
) -> tuple[dict[str, Any], World | None]:
    """Run the scenario with ``settings``: its report and its final world (None: the
    run built no world, as Filled In)."""
    worlds: list[World] = []
    report = loaded.run(settings, on_world=worlds.append)
    return report, worlds[-1] if worlds else None


def is_settled(world: World) -> bool:
    """Every dynamic body asleep or slower than the profile's settle speed."""
    limit = world.profile.settle_speed
    return all(body_speed(e) < limit for e in world.dynamic_entries)
