"""The final world of a run, and whether it settled.

Scenario and game runners build and own their worlds; each ends by hashing its world,
so watching ``World.state_hash`` hands the lab that world without changing the runners.
Callers hold ``params.applied`` (one run per process at a time) around this.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from simulator.physics.settle import body_speed
from simulator.physics.world import World


@contextmanager
def last_hashed_world() -> Iterator[list[World]]:
    seen: list[World] = []
    original = World.state_hash

    def hashing(self: World, extra: bytes = b"") -> str:
        seen.append(self)
        return original(self, extra)

    World.state_hash = hashing  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        World.state_hash = original  # type: ignore[method-assign]


def is_settled(world: World) -> bool:
    """Every dynamic body asleep or slower than the profile's settle speed."""
    limit = world.profile.settle_speed
    return all(body_speed(e) < limit for e in world.dynamic_entries)
