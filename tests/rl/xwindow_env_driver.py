"""Run by test_human_mode.py under Xvfb: environments with render_mode="human".

A Gymnasium LOTS solo episode, a PettingZoo Filled In game for two (a few masked random
steps each) and a "would this stand?" verdict; each draws into its own window as it
steps (render() returns None).
Writes what happened to ``result.json`` in the folder its first argument names, then
exits. Never run by pytest directly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from simulator.files import write_atomically
from simulator.rl.multi import filled_in_v0
from simulator.rl.solo_envs import lots_solo
from simulator.rl.stand import StandEnv


def main(folder: Path) -> None:
    result: dict[str, object] = {}
    rng = np.random.default_rng(0)
    env = lots_solo(footprint="3B", render_mode="human")
    _, info = env.reset(seed=2)
    for _ in range(4):
        _, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    viewer = env._pictures._viewer
    result["solo_render"] = env.render() is None
    result["solo_open"] = viewer is not None and viewer.is_open
    env.close()
    result["solo_closed"] = not viewer.is_open

    game = filled_in_v0.raw_env(players=2, render_mode="human")
    game.reset(seed=1)
    for _ in range(6):
        observation, _, terminated, truncated, _ = game.last()
        mask = observation["action_mask"]
        game.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    result["pettingzoo_open"] = game._pictures._viewer.is_open
    game.close()

    stand = StandEnv(render_mode="human")
    stand.reset(seed=3)
    result["stand_render"] = stand.render() is None
    stand.step(1)
    stand.render()
    result["stand_open"] = stand._renderer is not None and stand._renderer.is_open
    stand.close()
    write_atomically(folder / "result.json", json.dumps(result))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
