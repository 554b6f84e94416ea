"""Checks every game's research environment must pass alike."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

from simulator.rl.errors import InvalidAction


def assert_bad_actions_change_nothing(
    env: Any, mask: np.ndarray, illegal: int, says: str, not_a_number: str
) -> None:
    """A masked-out action (refused saying ``says``), one outside the action space and
    one that is no whole number each raise and leave the match as it was; the env still
    plays its first legal action afterwards."""
    before = env.episode.match.state_hash()
    with pytest.raises(InvalidAction, match=says):
        env.step(illegal)
    with pytest.raises(InvalidAction, match=r"outside the action space"):
        env.step(10**6)
    with pytest.raises(InvalidAction, match=r"whole number"):
        env.step(not_a_number)
    assert env.episode.match.state_hash() == before
    env.step(int(np.flatnonzero(mask)[0]))
    assert env.episode.match.action_count == 1


def play_masked_random(env: Any, seed: int) -> None:
    """Masked random actions to the end or the cut, drawn by the agents' action spaces
    seeded ``seed``, ``seed + 1``, ... in the agents' order (the test's own choices)."""
    for k, name in enumerate(env.possible_agents):
        env.action_space(name).seed(seed + k)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        done = terminated or truncated
        env.step(None if done else env.action_space(agent).sample(obs["action_mask"]))


def assert_every_seat_waits_but(env: Any, mover: int, choices: int) -> None:
    """The seat ``mover`` has at least ``choices`` actions and waiting is none of them;
    every other seat's one action is to wait."""
    waiting = env.adapter.catalogue.index(("wait",))
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        if int(agent.split("_")[1]) == mover:
            assert mask.sum() >= choices and not mask[waiting]
        else:
            assert mask.sum() == 1 and mask[waiting]


def digest_step(digest: Any, obs: dict[str, np.ndarray], info: dict[str, Any]) -> None:
    """Feed ``digest`` one step's info and observation (its mask included), key by key."""
    for key in sorted(info):
        value = info[key]
        raw = value.tobytes() if isinstance(value, np.ndarray) else repr(value).encode()
        digest.update(key.encode() + raw)
    for key in sorted(obs):
        digest.update(key.encode() + obs[key].tobytes())


def digest_aec_episode(digest: Any, env: Any, seed: int, limit: int = 2**63) -> None:
    """Feed ``digest`` one seeded episode (at most ``limit`` agent turns) of masked random
    actions in the PettingZoo AEC ``env``: every agent's reward, ending, info and
    observation, in order."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, info = env.last()
        digest.update(agent.encode() + repr((reward, terminated, truncated)).encode())
        digest_step(digest, obs, info)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))


def episode_digest(env: Any, seed: int) -> str:
    """SHA-256 of one seeded game of masked random actions in a PettingZoo ``env``
    (``digest_aec_episode``), pinned by each game's environment tests."""
    digest = hashlib.sha256()
    digest_aec_episode(digest, env, seed)
    return digest.hexdigest()
