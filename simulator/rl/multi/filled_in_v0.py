"""LOTS: Filled In for 2 to 4 players as a PettingZoo environment (docs/research.md).

from simulator.rl.multi import filled_in_v0
env = filled_in_v0.env(players=3, variant="remote", sheet=4)

A roll-and-write game: no hand and no physics, so neither ``hand`` nor ``physics`` is
taken (simulator.rl.filled_in says how a placement is chosen in steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from simulator.rl.adapter import check_count
from simulator.rl.aec import TowerAEC, make_env
from simulator.rl.filled_in import FilledInAdapter


def raw_env(
    players: int = 2,
    variant: str = "standard",
    sheet: int | Sequence[int] = 1,
    **kwargs: Any,
) -> TowerAEC:
    """``players`` seats (2-4); ``variant``: "standard" or "remote" (the first seat
    hosts); ``sheet``: the tower sheet (1-5) for everybody, or one per seat. Further
    keywords: TowerAEC's (max_cycles, render_mode, invalid_action, invalid_penalty,
    win_reward)."""
    count = check_count("players", players, 2, 4)
    names = tuple(f"player_{i}" for i in range(count))
    adapter = FilledInAdapter(names, sheet=sheet, variant=variant, waiting=True)
    return TowerAEC(adapter, name="towersim_filled_in_v0", **kwargs)


env = make_env(raw_env)


def parallel_env(**kwargs: Any) -> aec_to_parallel_wrapper:
    """The same game in PettingZoo's parallel API: each step, every agent acts once."""
    return aec_to_parallel_wrapper(env(**kwargs))
