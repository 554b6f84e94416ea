"""A game's Gymnasium ids come from its registry entry (its ``envs`` part): the built-in
ids are exactly as published, and a game registered later has its own registered by
``register_envs`` with no shared file changed."""

from __future__ import annotations

import dataclasses

import gymnasium

from simulator.games.registry import GAMES
from simulator.rl.game_envs import EnvId
from simulator.rl.registration import ENV_IDS, register_envs
from tests.games.tiny import GAME as TINY

TINY_ENVS = (
    EnvId("towersim/TinyStand-v0", "simulator.rl.stand:StandEnv", None, "a test game's id"),
)


def test_the_published_ids_are_unchanged_and_in_registry_order() -> None:
    assert [env.id for env in ENV_IDS] == [
        "towersim/LotsSolo-v0",
        "towersim/CrazyTowerSolo-v0",
        "towersim/WouldItStand-v0",
    ]
    assert GAMES.get("lots").envs and GAMES.get("filled-in").envs is None


def test_a_game_registered_later_brings_its_own_ids() -> None:
    game = dataclasses.replace(TINY, kind="tiny-envs", envs=f"{__name__}:TINY_ENVS")
    assert "towersim/TinyStand-v0" not in gymnasium.registry
    try:
        with GAMES.registered(game):
            register_envs()
        assert gymnasium.registry["towersim/TinyStand-v0"].entry_point == (
            "simulator.rl.stand:StandEnv"
        )
    finally:
        gymnasium.registry.pop("towersim/TinyStand-v0", None)
