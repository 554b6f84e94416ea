"""Crazy Tower, competitive (2-4 players) or saboteur (3-4), as a PettingZoo environment
(the layout: simulator/rl/crazy_tower.py).

from simulator.rl.multi import crazy_tower_v0
env = crazy_tower_v0.env(players=3, mode="saboteur", hand="steady")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from simulator.bots.dexterity import Dexterity
from simulator.games.registry import GAMES
from simulator.rl.adapter import check_count, hands_for, physics_of
from simulator.rl.aec import TowerAEC, make_env
from simulator.rl.crazy_tower import CrazyTowerAdapter

COMPETITIVE, SABOTEUR = "competitive", "saboteur"
MODES = (COMPETITIVE, SABOTEUR)  # the engine's modes with more than one player


def raw_env(
    players: int | None = None,
    mode: str = COMPETITIVE,
    hand: str | Dexterity | Sequence[str | Dexterity] = "steady",
    physics: str = "default",
    **kwargs: Any,
) -> TowerAEC:
    """``players`` seats (competitive 2-4, default 2; saboteur 3-4, default 3) in
    ``mode``; ``hand``: one dexterity profile for every seat or one per seat;
    ``physics``: the physics profile. Further keywords: TowerAEC's (max_cycles,
    render_mode, invalid_action, invalid_penalty, win_reward)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    crazy_tower = GAMES.get("crazy-tower")
    counts = crazy_tower.load("engine").content()["player_counts"][mode]
    low, high = min(counts), max(counts)
    count = check_count("players", low if players is None else players, low, high)
    names = tuple(f"player_{i}" for i in range(count))
    adapter = CrazyTowerAdapter(
        names, mode, hands_for(hand, count, crazy_tower.hand), physics_of(physics), waiting=True
    )
    return TowerAEC(adapter, name="towersim_crazy_tower_v0", **kwargs)


env = make_env(raw_env)


def parallel_env(**kwargs: Any) -> aec_to_parallel_wrapper:
    """The same game in PettingZoo's parallel API: each step, every agent acts once."""
    return aec_to_parallel_wrapper(env(**kwargs))
