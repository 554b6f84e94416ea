"""What a research environment's step costs, and how its vector version scales.

Usage:
  PYTHONPATH=. python -m benchmarks.rl_steps [--episodes 20] [--vector-steps 600] [--quick]

1. LOTS solo (Gymnasium) and LOTS for two (PettingZoo), masked random actions, seeds
   0..N-1: the thread CPU time of every step, by kind: a step that is not a placement
   (roll, pick, a crew card, PettingZoo's waits) and a placement. Each placement's own
   ``LotsMatch.place`` is timed inside the same step (the baseline: the match's own
   placement, what the app and the bots pay), so the environment's overhead is the
   difference, measured in the same run on the same placements.
2. ``gymnasium.vector.AsyncVectorEnv`` with 2, 4, 8 and 16 worker processes against one
   environment stepped in this process: environment steps per wall second over the same
   number of steps. The vector steps in lockstep, so each step waits for its slowest
   environment (a placement is 20 times a roll): more environments than cores hide it.
Targets (issue 27): a step that is not a placement under 1 ms; a placement step no
dearer than the match's own placement; the vector version scaling to both cores.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from simulator.games.lots.match import LotsMatch
from simulator.rl.multi import lots_v0
from simulator.rl.solo_envs import lots_solo


class PlaceClock:
    """Times every ``LotsMatch.place`` while installed (thread CPU seconds)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._original: Callable[..., Any] = LotsMatch.place

    def __enter__(self) -> PlaceClock:
        original, clock = self._original, self

        def timed(match: LotsMatch, placement: Any) -> Any:
            started = time.thread_time()
            try:
                return original(match, placement)
            finally:
                clock.seconds += time.thread_time() - started

        LotsMatch.place = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        LotsMatch.place = self._original  # type: ignore[method-assign]


def solo_steps(episodes: int) -> dict[str, list[float]]:
    """Per kind, the CPU ms of each step, and of each placement's match.place."""
    env = lots_solo(footprint="1A", hand="steady")
    out: dict[str, list[float]] = {"other": [], "placement": [], "match_place": []}
    rng = np.random.default_rng(0)
    with PlaceClock() as clock:
        for seed in range(episodes):
            _, info = env.reset(seed=seed)
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                placing = env.adapter.catalogue.entries[action][0] == "place"
                before = clock.seconds
                started = time.thread_time()
                _, _, terminated, truncated, info = env.step(action)
                spent = (time.thread_time() - started) * 1000
                if placing:
                    out["placement"].append(spent)
                    out["match_place"].append((clock.seconds - before) * 1000)
                else:
                    out["other"].append(spent)
                done = terminated or truncated
    return out


def pettingzoo_steps(cycles: int) -> dict[str, list[float]]:
    """CPU ms of PettingZoo steps that are not placements (waits and decisions), with
    the observation the next agent reads (``last()``) counted in."""
    env = lots_v0.raw_env(players=2, max_cycles=cycles)
    rng = np.random.default_rng(1)
    out: dict[str, list[float]] = {"wait": [], "decision": []}
    env.reset(seed=3)
    for _ in env.agent_iter():
        started = time.thread_time()
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        entry = env.adapter.catalogue.entries[action]
        env.step(action)
        spent = (time.thread_time() - started) * 1000
        if entry[0] == "wait":
            out["wait"].append(spent)
        elif entry[0] != "place":
            out["decision"].append(spent)
    return out


def _masked(infos: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    return np.array([int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]])


def vector_rate(workers: int, steps: int) -> float:
    """Environment steps per wall second: ``workers`` async worker processes, or (1) one
    environment in this process, stepping masked random actions with autoreset."""
    import gymnasium

    rng = np.random.default_rng(2)
    if workers == 1:
        env = lots_solo(footprint="1A")
        _, info = env.reset(seed=0)
        started = time.perf_counter()
        for _ in range(steps):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                _, info = env.reset()
        return steps / (time.perf_counter() - started)
    vector = gymnasium.vector.AsyncVectorEnv(
        [lambda: lots_solo(footprint="1A") for _ in range(workers)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )
    try:
        _, infos = vector.reset(seed=0)
        started = time.perf_counter()
        for _ in range(steps // workers):
            _, _, _, _, infos = vector.step(_masked(infos, rng))
        return (steps // workers) * workers / (time.perf_counter() - started)
    finally:
        vector.close()


def _summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<28} (none)"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"{name:<28} n={len(values):5d}  median {statistics.median(values):8.3f} ms  "
        f"p95 {p95:8.3f} ms  mean {statistics.fmean(values):8.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--vector-steps", type=int, default=1600)
    parser.add_argument("--envs", default="2,4,8,16", help="vector sizes to measure")
    parser.add_argument("--quick", action="store_true", help="a few episodes, a short vector run")
    args = parser.parse_args()
    if args.quick:
        args.episodes, args.cycles, args.vector_steps, args.envs = 4, 40, 80, "2"

    solo = solo_steps(args.episodes)
    print("LOTS solo (Gymnasium), masked random actions, thread CPU per step:")
    print(_summary("  step, not a placement", solo["other"]))
    print(_summary("  step, a placement", solo["placement"]))
    print(_summary("  its match.place", solo["match_place"]))
    overhead = [s - m for s, m in zip(solo["placement"], solo["match_place"], strict=True)]
    print(_summary("  environment's own share", overhead))
    ratio = sum(solo["placement"]) / max(sum(solo["match_place"]), 1e-9)
    print(f"  placement step / the match's own placement: {ratio:.3f}")

    pz = pettingzoo_steps(args.cycles)
    print("LOTS for two (PettingZoo AEC), last() + step(), thread CPU:")
    print(_summary("  wait", pz["wait"]))
    print(_summary("  decision (not a placement)", pz["decision"]))

    one = vector_rate(1, args.vector_steps)
    print("Vector (LOTS solo 1A, masked random actions, wall time; run it on an idle machine):")
    print(f"  one environment, this process: {one:8.1f} steps/s")
    for count in (int(n) for n in args.envs.split(",")):
        rate = vector_rate(count, args.vector_steps)
        print(f"  AsyncVectorEnv, {count:2d} workers:    {rate:8.1f} steps/s  ({rate / one:.2f}x)")


if __name__ == "__main__":
    main()
