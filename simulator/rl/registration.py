"""The Gymnasium ids of towersim's environments, in one list, and their registration.

Importing this module registers them, so Gymnasium's documented "module:EnvId" form
works in a fresh Python process with nothing imported first::

    gymnasium.make("simulator.rl.registration:towersim/LotsSolo-v0", footprint="1A")

After ``import simulator.rl.registration`` (or ``register_envs()``, which is
idempotent) the plain ids work too: ``gymnasium.make("towersim/LotsSolo-v0")``.
Gymnasium 1.x reads no plug-in entry points, so nothing registers them at start-up.
PettingZoo has no registry: its environments are imported (simulator.rl.multi).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import gymnasium

NAMESPACE = "towersim"


@dataclass(frozen=True)
class EnvId:
    """One registered environment: its id, the factory Gymnasium calls, and the steps
    after which an episode is truncated."""

    id: str
    entry_point: str
    max_episode_steps: int | None
    summary: str
    kwargs: dict[str, Any] = field(default_factory=dict)


ENV_IDS: tuple[EnvId, ...] = (
    EnvId(
        f"{NAMESPACE}/LotsSolo-v0",
        "simulator.rl.solo_envs:lots_solo",
        400,
        "LOTS solo (Jack of All Trades) on any footprint",
    ),
    EnvId(
        f"{NAMESPACE}/CrazyTowerSolo-v0",
        "simulator.rl.solo_envs:crazy_tower_solo",
        400,
        "a Crazy Tower solo challenge (1-20)",
    ),
    EnvId(
        f"{NAMESPACE}/WouldItStand-v0",
        "simulator.rl.stand:StandEnv",
        None,
        "would this tower stand? (one verdict per episode)",
    ),
)


def register_envs() -> None:
    """Register every id with Gymnasium (again is harmless: an id already there stays)."""
    for env in ENV_IDS:
        if env.id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env.id,
            entry_point=env.entry_point,
            max_episode_steps=env.max_episode_steps,
            kwargs=dict(env.kwargs),
        )


register_envs()
