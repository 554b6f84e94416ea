"""The Gymnasium ids of towersim's environments and their registration: each game's
from its registry entry's ``envs`` part, then the stand question.

Importing this module registers them, so Gymnasium's documented "module:EnvId" form
works in a fresh Python process with nothing imported first::

    gymnasium.make("simulator.rl.registration:towersim/LotsSolo-v0", footprint="1A")

After ``import simulator.rl.registration`` (or ``register_envs()``, which is
idempotent) the plain ids work too: ``gymnasium.make("towersim/LotsSolo-v0")``.
Gymnasium 1.x reads no plug-in entry points, so nothing registers them at start-up.
PettingZoo has no registry: its environments are imported (simulator.rl.multi).
"""

from __future__ import annotations

import gymnasium

from simulator.games.registry import GAMES
from simulator.rl.game_envs import NAMESPACE, EnvId

# Not a game's: the physics' own question, registered with every game's environments.
STAND = EnvId(
    f"{NAMESPACE}/WouldItStand-v0",
    "simulator.rl.stand:StandEnv",
    None,
    "would this tower stand? (one verdict per episode)",
)


def env_ids() -> tuple[EnvId, ...]:
    """Every id to register: each registered game's (its ``envs`` part, in registry
    order), then ``STAND``."""
    games = tuple(env for game in GAMES.games() if game.envs for env in game.load("envs"))
    return (*games, STAND)


ENV_IDS = env_ids()  # the built-in games' and any registered before this import


def register_envs() -> None:
    """Register every id with Gymnasium, a game's registered since too (again is
    harmless: an id already there stays)."""
    for env in env_ids():
        if env.id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env.id,
            entry_point=env.entry_point,
            max_episode_steps=env.max_episode_steps,
            kwargs=dict(env.kwargs),
        )


register_envs()
