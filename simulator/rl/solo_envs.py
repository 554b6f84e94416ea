"""The Gymnasium environments of the solo modes, as registration.py names them."""

from __future__ import annotations

from typing import Any

from simulator.bots.dexterity import Dexterity
from simulator.rl.adapter import hands_for, physics_of
from simulator.rl.crazy_tower import CrazyTowerAdapter
from simulator.rl.lots import LotsAdapter
from simulator.rl.solo import SoloEnv

SOLO_PLAYER = ("player_0",)


def lots_solo(
    footprint: str = "1A",
    hand: str | Dexterity = "steady",
    physics: str = "default",
    aim: str = "careful",
    **kwargs: Any,
) -> SoloEnv:
    """LOTS solo, Jack of All Trades, on ``footprint`` with ``hand``'s dexterity, the
    hand aiming ``aim`` ("careful" or "grid", simulator.rl.lots); further keywords:
    SoloEnv's (render_mode, invalid_action, invalid_penalty, win_reward)."""
    adapter = LotsAdapter(
        SOLO_PLAYER, footprint, hands_for(hand, 1), physics_of(physics), waiting=False, aim=aim
    )
    return SoloEnv(adapter, **kwargs)


def crazy_tower_solo(
    challenge: int = 1, hand: str | None = None, physics: str = "default", **kwargs: Any
) -> SoloEnv:
    """Crazy Tower solo challenge ``challenge`` (1-20), with the challenge's own hand
    handicap unless ``hand`` names a dexterity profile; further keywords: SoloEnv's."""
    return SoloEnv(CrazyTowerAdapter.solo(challenge, hand, physics_of(physics)), **kwargs)
