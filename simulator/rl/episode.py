"""One episode of a game under an adapter: what the PettingZoo and the Gymnasium
environments share (the match, each seat's hand, rewards, refusals, frames, the
scenario file), so the two differ only in who is asked to act.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import logger

from rules.engine import Outcome
from simulator.games.match import Match
from simulator.games.record import write_scenario
from simulator.games.registry import GAMES
from simulator.rl.adapter import WAIT, GameAdapter, checked_action
from simulator.rl.errors import InvalidAction
from simulator.rl.render import FrameRenderer, HumanViewer
from simulator.seeds import rl_hand_chance

INVALID_POLICIES = ("refuse", "raise")
# Rewards are score changes in the rules' own points; the rules' outcome adds this.
WIN_REWARD = 10.0
INVALID_PENALTY = -1.0
# The render modes and the frames a second of "human", the same for every environment.
RENDER_MODES = ("rgb_array", "human")
RENDER_FPS = 4


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'rgb_array' or 'human', not {mode!r}")
    return mode


class Episode:
    """A game seeded ``seed``, played through ``adapter``: ``act`` applies one action
    and returns each seat's reward."""

    def __init__(self, adapter: GameAdapter[Any], seed: int, *, win_reward: float) -> None:
        self.adapter = adapter
        self.seed = seed
        self.win_reward = win_reward
        self.match: Match = adapter.new_match(seed)
        self._engine = GAMES.get(self.match.kind).load("engine")  # looked up once
        self.hands = [rl_hand_chance(seed, seat) for seat in range(len(adapter.players))]
        self._scores = adapter.scores(self.match)
        self._masks: dict[int, np.ndarray] = {}
        self.refused: str | None = None  # why the last action changed nothing
        # Actions the rules refused after the physics ran, in the position as it stands:
        # out of the mask until an action is accepted (a deterministic policy would ask
        # for the same drop again and again), unless that would leave nothing legal.
        self._refused_here: list[int] = []

    def outcome(self) -> Outcome:
        return self._engine.outcome(self.match.state)

    @property
    def over(self) -> bool:
        return self.outcome().over

    def mask(self, seat: int, *, waiting: bool = False) -> np.ndarray:
        """``seat``'s action mask now; with ``waiting``, WAIT is its only action when
        the rules are not waiting for it (or the game is over)."""
        cached = self._masks.get(seat)
        if cached is None:
            cached = self.adapter.legal(self.match, seat)
            if self._refused_here:
                narrowed = cached.copy()
                narrowed[self._refused_here] = 0
                if narrowed.any():
                    cached = narrowed
                else:
                    self._refused_here.clear()
            if waiting and not cached.any():
                cached = self.adapter.catalogue.mask([WAIT])
            self._masks[seat] = cached
        return cached.copy()

    def act(self, seat: int, action: Any, *, policy: str, penalty: float, waiting: bool = False):
        """Apply ``seat``'s ``action``; each seat's reward. A masked-out action raises
        InvalidAction (``policy`` "raise") or is refused: nothing changes and the seat
        gets ``penalty`` (``refused`` says why)."""
        self.refused = None
        rewards = [0.0] * len(self._scores)
        who = self.adapter.players[seat]
        try:
            index = checked_action(
                self.adapter.catalogue, action, self.mask(seat, waiting=waiting), who
            )
        except InvalidAction as exc:
            if policy == "raise":
                raise
            self.refused = str(exc)
            rewards[seat] = penalty
            return rewards
        if self.adapter.catalogue.entries[index] == WAIT:
            return rewards
        self._masks.clear()
        try:
            self.adapter.perform(self.match, seat, index, self.hands[seat])
        except InvalidAction as exc:
            # The hand did what was asked and the rules refused what the physics made of
            # it (a block that came to rest off the footprint, say): the match is as it
            # was and the seat is asked again, that drop left out until one is accepted.
            self.refused = str(exc)
            self._refused_here.append(index)
            return rewards
        self._refused_here.clear()
        scores = self.adapter.scores(self.match)
        rewards = [new - old for new, old in zip(scores, self._scores, strict=True)]
        self._scores = scores
        outcome = self.outcome()
        if outcome.over:
            winners = set(outcome.winners)
            for i, name in enumerate(self.adapter.players):
                rewards[i] += self.win_reward if name in winners else -self.win_reward
        return rewards

    def info(self, seat: int, *, acted: bool) -> dict[str, Any]:
        """``seat``'s info: the scores, and why its action was refused if it ``acted``
        last and was."""
        info: dict[str, Any] = {"scores": list(self._scores)}
        if acted and self.refused is not None:
            info["refused"] = self.refused
        return info

    def won(self, seat: int) -> bool:
        return self.adapter.players[seat] in self.outcome().winners

    def scenario(self, name: str, description: str) -> dict[str, Any]:
        """The episode as a scenario document ``towersim replay`` reproduces."""
        builder = GAMES.get(self.match.kind).load("document")
        return builder(self.match, name=name, description=description)

    def write_scenario(self, path: str | Path, name: str = "", description: str = "") -> Path:
        """Write the episode as a scenario file (TOML, or JSON for a .json name)."""
        target = Path(path)
        title = name or f"{self.match.kind} research episode (seed {self.seed})"
        text = description or "An episode of a towersim research environment."
        write_scenario(target, self.scenario(title, text))
        return target


class Pictures:
    """Frames of a match for ``render_mode`` "rgb_array" (returned) or "human" (shown in a
    window); the renderer and the window are made on first use."""

    def __init__(self, mode: str | None) -> None:
        self.mode = mode
        self._renderer: Any = None
        self._viewer: Any = None

    def render(self, match: Match) -> np.ndarray | None:
        if self.mode == "human":
            # Drawn straight into the window: an offscreen renderer would make this
            # process headless, and then no window could open (render.py).
            if self._viewer is None:
                self._viewer = HumanViewer(fps=RENDER_FPS)
            self._viewer.draw(match)
            return None
        if self._renderer is None:
            self._renderer = FrameRenderer()
        return self._renderer.frame(match)

    def close(self) -> None:
        for thing in (self._renderer, self._viewer):
            if thing is not None:
                thing.close()
        self._renderer = self._viewer = None


class EpisodeHolder:
    """What both environments' classes share about their episode: reaching it, drawing
    it and writing it (``episode`` and ``_pictures`` are theirs to set)."""

    episode: Episode | None
    render_mode: str | None
    _pictures: Pictures

    def _live(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def render(self) -> np.ndarray | None:
        """A frame ("rgb_array"), or None after drawing into the window ("human")."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode (rgb_array or human)")
            return None
        return self._pictures.render(self._live().match)

    def write_scenario(self, path: str | Path, name: str = "", description: str = "") -> Path:
        """The episode so far as a scenario file ``towersim replay`` reproduces."""
        return self._live().write_scenario(path, name, description)

    def close(self) -> None:
        self._pictures.close()
