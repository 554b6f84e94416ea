"""LOTS for 2 to 4 players as a PettingZoo environment (docs/research.md).

from simulator.rl.multi import lots_v0
env = lots_v0.env(players=3, footprint="2A", hand="steady")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from simulator.bots.dexterity import Dexterity
from simulator.rl.adapter import check_count, hands_for, physics_of
from simulator.rl.aec import TowerAEC, make_env
from simulator.rl.lots import LotsAdapter


def raw_env(
    players: int = 2,
    footprint: str = "1A",
    hand: str | Dexterity | Sequence[str | Dexterity] = "steady",
    physics: str = "default",
    aim: str = "careful",
    **kwargs: Any,
) -> TowerAEC:
    """``players`` seats (2-4) on ``footprint``; ``hand``: one dexterity profile for
    every seat or one per seat; ``physics``: the physics profile; ``aim``: how the hand
    aims a drop ("careful" or "grid", simulator.rl.lots). Further keywords: TowerAEC's
    (max_cycles, render_mode, invalid_action, invalid_penalty, win_reward)."""
    count = check_count("players", players, 2, 4)
    names = tuple(f"player_{i}" for i in range(count))
    adapter = LotsAdapter(
        names, footprint, hands_for(hand, count), physics_of(physics), waiting=True, aim=aim
    )
    return TowerAEC(adapter, name="towersim_lots_v0", **kwargs)


env = make_env(raw_env)


def parallel_env(**kwargs: Any) -> aec_to_parallel_wrapper:
    """The same game in PettingZoo's parallel API: each step, every agent acts once."""
    return aec_to_parallel_wrapper(env(**kwargs))
