"""The Gymnasium environments the built-in games offer, each game's named by its
registry entry's ``envs`` part (simulator/games/registry.py); a game defined elsewhere
names its own tuple of ``EnvId`` the same way. The ids stay as first published."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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


LOTS = (
    EnvId(
        f"{NAMESPACE}/LotsSolo-v0",
        "simulator.rl.solo_envs:lots_solo",
        400,
        "LOTS solo (Jack of All Trades) on any footprint",
    ),
)
CRAZY_TOWER = (
    EnvId(
        f"{NAMESPACE}/CrazyTowerSolo-v0",
        "simulator.rl.solo_envs:crazy_tower_solo",
        400,
        "a Crazy Tower solo challenge (1-20)",
    ),
)
