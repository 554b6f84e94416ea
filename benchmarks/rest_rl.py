"""A research environment's placement step at rest 2 (the new default, issue 38) side
by side with today's default, in the same process.

The environment is ``lots_solo`` (Gymnasium, LOTS solo on 1A, the steady hand), stepped
with masked random actions for the same seeds three ways (``benchmarks.rest_cost`` says
what each is): ``today`` (rest 1, every step through pymunk's Space.step), ``rest 1``
and ``rest 2``. The episodes may part after the first placement whose verdict differs,
so the ratio compares the median CPU of a placement step, each way over its own
placements. Thread CPU; the order of the ways rotates from seed to seed.

Run: PYTHONPATH=. python -m benchmarks.rest_rl [--episodes 12]
"""

from __future__ import annotations

import argparse
import time
from unittest import mock

import numpy as np

from benchmarks.rest_cost import WAYS, Way, stepping
from benchmarks.towers import machine_line, median, print_table
from simulator.rl.solo_envs import lots_solo

TARGET = 0.25  # issue 38: a placement step at most this fraction of today's


def placement_steps(way: Way, seed: int) -> list[float]:
    """Thread CPU ms of each placement step of one episode played ``way``."""
    with stepping(way), mock.patch("simulator.physics.profile.new_games_rest", lambda: way.rest):
        env = lots_solo(footprint="1A", hand="steady")
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        spent: list[float] = []
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            placing = env.adapter.catalogue.entries[action][0] == "place"
            started = time.thread_time()
            _, _, terminated, truncated, info = env.step(action)
            if placing:
                spent.append((time.thread_time() - started) * 1000)
            done = terminated or truncated
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=12)
    args = parser.parse_args()
    print(machine_line())
    steps: dict[str, list[float]] = {way.label: [] for way in WAYS}
    for seed in range(args.episodes):
        ways = WAYS if seed % 2 == 0 else tuple(reversed(WAYS))
        for way in ways:
            steps[way.label] += placement_steps(way, seed)
    base = median(steps[WAYS[0].label])
    rows = [
        (
            way.label,
            str(len(steps[way.label])),
            f"{median(steps[way.label]):.2f}",
            f"{median(steps[way.label]) / base:.2f}",
        )
        for way in WAYS
    ]
    print(f"{args.episodes} episodes, thread CPU ms per placement step")
    print_table(("way", "placement steps", "median ms", "x today"), rows)
    ratio = median(steps[WAYS[-1].label]) / base
    verdict = "met" if ratio <= TARGET else "MISSED"
    print(f"a placement step at rest 2: {ratio:.2f} of today's (target <= {TARGET}): {verdict}")


if __name__ == "__main__":
    main()
