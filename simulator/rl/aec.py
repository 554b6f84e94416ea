"""The PettingZoo AEC environment of any game adapter.

Agents are the seats, ``player_0`` to ``player_{n-1}``, and they act in a fixed cycle,
one step each, in seat order: the seat the rules wait for decides, every other seat
takes ``wait`` (its only legal action). So a game in which one player rolls, picks and
places takes three cycles of that player's turn, an agent sees every change as it
happens, a simultaneous phase is one cycle, and ``max_cycles`` means what PettingZoo's
own environments mean by it (every agent acts that many times, then all are truncated).
Because of the cycle the environment is parallelizable (``parallel_env``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from simulator.rl.adapter import GameAdapter, check_count, episode_seed
from simulator.rl.episode import (
    INVALID_PENALTY,
    INVALID_POLICIES,
    RENDER_FPS,
    RENDER_MODES,
    WIN_REWARD,
    Episode,
    EpisodeHolder,
    Pictures,
    check_render_mode,
)

MAX_CYCLES = 100_000


class TowerAEC(EpisodeHolder, AECEnv):
    """A towersim game as a PettingZoo AEC environment (see the module docstring).

    ``invalid_action``: "refuse" (a masked-out action changes nothing and costs
    ``invalid_penalty``; ``infos[agent]["refused"]`` says why) or "raise"
    (InvalidAction). ``win_reward`` is added for the rules' winners at the end and taken
    from the others; every other reward is a change of the rules' score."""

    metadata = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "name": "towersim",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        adapter: GameAdapter[Any],
        *,
        name: str,
        max_cycles: int = 2000,
        render_mode: str | None = None,
        invalid_action: str = "refuse",
        invalid_penalty: float = INVALID_PENALTY,
        win_reward: float = WIN_REWARD,
    ) -> None:
        super().__init__()
        if invalid_action not in INVALID_POLICIES:
            raise ValueError(
                f"invalid_action must be one of {', '.join(INVALID_POLICIES)}, "
                f"not {invalid_action!r}"
            )
        self.metadata = {**self.metadata, "name": name}
        self.adapter = adapter
        self.max_cycles = check_count("max_cycles", max_cycles, 1, MAX_CYCLES)
        self.render_mode = check_render_mode(render_mode)
        self.invalid_action = invalid_action
        self.invalid_penalty = float(invalid_penalty)
        self.win_reward = float(win_reward)
        self.possible_agents = [f"player_{i}" for i in range(len(adapter.players))]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n = len(adapter.catalogue)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {a: adapter.observation_space for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.episode: Episode | None = None
        self._pictures = Pictures(render_mode)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the cycle --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = episode_seed(seed, self._np_random)
        self.episode = Episode(self.adapter, game_seed, win_reward=self.win_reward)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self.episode.info(self._seat[a], acted=False) for a in self.agents}
        self._cycles = 0
        self.agent_selection = self.agents[0]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        episode = self._live()
        seat = self._seat[agent]
        observation = self.adapter.observe(episode.match, seat)
        observation["action_mask"] = episode.mask(seat, waiting=True)
        return observation

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._live()
        seat = self._seat[agent]
        rewards = episode.act(
            seat,
            action,
            policy=self.invalid_action,
            penalty=self.invalid_penalty,
            waiting=True,
        )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
        self.infos = {a: episode.info(self._seat[a], acted=a == agent) for a in self.agents}
        position = self.agents.index(agent) + 1
        if position == len(self.agents):
            self._cycles += 1
        if episode.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[position % len(self.agents)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def make_env(factory: Callable[..., TowerAEC]) -> Callable[..., Any]:
    """PettingZoo's ``env()``: the raw environment in PettingZoo's order check (an
    action out of the space is the environment's own clear refusal, not an assert)."""

    def env(**kwargs: Any) -> Any:
        return wrappers.OrderEnforcingWrapper(factory(**kwargs))

    env.__doc__ = factory.__doc__
    return env
