"""The Gymnasium environment of a one-seat game adapter (the solo modes).

One step is one decision of the single seat: a discrete decision, or a placement the
simulated hand carries out with the environment's dexterity profile. The action mask is
in the observation (``"action_mask"``) and in ``info["action_mask"]``, Gymnasium's
convention for masked actions.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from simulator.rl.adapter import GameAdapter, episode_seed
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
from simulator.rl.errors import InvalidAction


class SoloEnv(EpisodeHolder, gymnasium.Env):
    """A one-seat towersim game (see the module docstring). ``invalid_action`` and the
    rewards are as in simulator.rl.aec.TowerAEC."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        adapter: GameAdapter[Any],
        *,
        render_mode: str | None = None,
        invalid_action: str = "refuse",
        invalid_penalty: float = INVALID_PENALTY,
        win_reward: float = WIN_REWARD,
    ) -> None:
        if len(adapter.players) != 1:
            raise ValueError(f"a solo environment has one seat, not {len(adapter.players)}")
        if invalid_action not in INVALID_POLICIES:
            raise ValueError(
                f"invalid_action must be one of {', '.join(INVALID_POLICIES)}, "
                f"not {invalid_action!r}"
            )
        self.adapter = adapter
        self.render_mode = check_render_mode(render_mode)
        self.invalid_action = invalid_action
        self.invalid_penalty = float(invalid_penalty)
        self.win_reward = float(win_reward)
        self.action_space = spaces.Discrete(len(adapter.catalogue))
        self.observation_space = adapter.observation_space
        self.episode: Episode | None = None
        self._pictures = Pictures(render_mode)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if options:
            raise ValueError(f"this environment takes no reset options, not {sorted(options)}")
        self.episode = Episode(
            self.adapter, episode_seed(seed, self.np_random), win_reward=self.win_reward
        )
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        episode = self._live()
        if episode.over:
            raise InvalidAction("the episode is over: call reset() to start another")
        reward = episode.act(0, action, policy=self.invalid_action, penalty=self.invalid_penalty)[0]
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), episode.over, False, self._info()

    def _observation(self) -> dict[str, np.ndarray]:
        episode = self._live()
        observation = self.adapter.observe(episode.match, 0)
        observation["action_mask"] = episode.mask(0)
        return observation

    def _info(self) -> dict[str, Any]:
        episode = self._live()
        info = episode.info(0, acted=True)
        info["action_mask"] = episode.mask(0)
        info["won"] = episode.won(0)
        info["seed"] = episode.seed
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions now (sb3-contrib's MaskablePPO asks for this)."""
        return self._live().mask(0).astype(bool)
