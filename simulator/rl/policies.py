"""Policies the benchmark runs: the baselines (random and the shipped bots) and any agent
a researcher names as ``module:attribute``.

A policy is made per episode by a factory ``make(env, seed) -> act``, where ``act(
observation, info) -> action`` (an int of the env's Discrete space); ``env`` is the
Gymnasium environment (``env.unwrapped`` reaches the match, which the bots read).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from rules.errors import IllegalMove
from simulator.bots.levels import LEVEL_NAMES

Act = Callable[[Any, dict[str, Any]], int]
Factory = Callable[[Any, int], Act]
BASELINES = LEVEL_NAMES  # random, easy, normal, hard, expert
BOT_LEVELS = tuple(level for level in BASELINES if level != "random")


def random_policy(env: Any, seed: int) -> Act:
    """A uniform choice among the legal actions (the mask), seeded."""
    rng = np.random.default_rng(seed)

    def act(observation: Any, info: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(info["action_mask"])))

    return act


class BotPolicy:
    """One of the game's shipped bots at ``level``, planning with the environment's own
    hand; its plan becomes the environment's action (the noise is the environment's to
    add). A plan the mask refuses (a drop the rules refused where it came to rest in this
    position), or none at all (the bot has tried all it plans here), falls back to a
    seeded choice among the legal actions, counted in ``fallbacks``."""

    def __init__(self, env: Any, level: str, seed: int) -> None:
        self.env = env.unwrapped
        self.player = self.env.adapter.make_bot(level, seed, 0)
        self.fallbacks = 0
        self._rng = np.random.default_rng(seed)

    def __call__(self, observation: Any, info: dict[str, Any]) -> int:
        adapter = self.env.adapter
        match = self.env.episode.match
        mask = info["action_mask"]
        try:
            # A bot's plan before its own hand's noise where it has one (the
            # environment's hand adds the noise).
            decide = getattr(self.player, "plan", self.player.decide)
            index = adapter.catalogue.get(adapter.bot_entry(match, decide(match)))
        except IllegalMove:  # the bot has tried every drop it plans in this position
            index = None
        if index is None or not mask[index]:
            self.fallbacks += 1
            return int(self._rng.choice(np.flatnonzero(mask)))
        return index


def baseline(level: str) -> Factory:
    if level == "random":
        return random_policy
    if level not in BASELINES:
        raise ValueError(f"unknown baseline {level!r} (choose from {', '.join(BASELINES)})")
    return lambda env, seed: BotPolicy(env, level, seed)


def load_agent(spec: str) -> Factory:
    """A baseline's name, or ``module:attribute`` naming a factory ``make(env, seed)``;
    ValueError in one sentence if it cannot be loaded."""
    if spec in BASELINES:
        return baseline(spec)
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(
            f"agent {spec!r}: give a baseline ({', '.join(BASELINES)}) or module:attribute, "
            "a factory make(env, seed) returning act(observation, info) -> action"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"agent {spec!r}: cannot import {module_name}: {exc}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"agent {spec!r}: {module_name} has no callable {attribute!r}")
    return factory
