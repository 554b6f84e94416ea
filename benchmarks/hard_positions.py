"""LOTS `hard` decisions on recorded mid-game positions: CPU and the move chosen, this
tree against a baseline commit in the same run.

Usage:
  PYTHONPATH=. python -m benchmarks.hard_positions record --out FILE [--footprint 3B]
      [--seeds 0-9] [--hand steady] [--level hard]
  PYTHONPATH=. python -m benchmarks.hard_positions compare --positions FILE
      [--baseline REV] [--level hard] [--limit 50] [--rounds 1]

``record`` plays solo games in the benchmark's environment (``towersim bench``'s seat:
the hand at its own pace, the careful aim) with the bot at ``--level`` and keeps every
placement position as the game's seed and its actions so far (a replay rebuilds it
bit for bit). ``compare`` asks a fresh bot (the position's seed) for its move in each
position, in thread CPU, with this tree's code and with ``--baseline``'s (a temporary
git worktree, in separate processes, alternating), and says in how many positions the
two chose the same move (block, column, turns, mirror, cube).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.compare import base_tree

ROOT = Path(__file__).resolve().parent.parent


def _env(footprint: str, hand: str) -> Any:
    import gymnasium

    from simulator.rl.registration import register_envs

    register_envs()
    return gymnasium.make("towersim/LotsSolo-v0", footprint=footprint, hand=hand)


def record(footprint: str, seeds: list[int], hand: str, level: str) -> list[dict[str, Any]]:
    """Every placement position of the games of ``seeds``."""
    from simulator.rl.policies import baseline

    out = []
    env = _env(footprint, hand)
    for seed in seeds:
        observation, info = env.reset(seed=seed)
        act = baseline(level)(env, seed)
        done = False
        while not done:
            match = env.unwrapped.episode.match
            if match.state.phase in ("place", "replace"):
                out.append({"footprint": footprint, "hand": hand, "seed": seed,
                            "actions": match.actions})  # fmt: skip
            observation, _, terminated, truncated, info = env.step(act(observation, info))
            done = terminated or truncated
    env.close()
    return out


def decide(position: dict[str, Any], level: str) -> tuple[float, dict[str, Any]]:
    """Thread CPU of a fresh bot's decision in ``position`` and the move it chose."""
    env = _env(position["footprint"], position["hand"])
    env.reset(seed=position["seed"])
    adapter = env.unwrapped.adapter
    match = adapter.new_match(position["seed"])
    for action in position["actions"]:
        match.perform(action)
    bot = adapter.make_bot(level, position["seed"], 0)
    started = time.thread_time()
    _, placement = bot.decide(match)
    spent = time.thread_time() - started
    env.close()
    chosen = {k: getattr(placement, k) for k in ("block", "col", "turns", "mirror", "cube")}
    return spent, chosen


def _child(args: argparse.Namespace) -> None:
    positions = json.loads(Path(args.positions).read_text())[: args.limit]
    print(json.dumps([decide(p, args.level) for p in positions]))


def _run(code: Path, args: argparse.Namespace) -> list[tuple[float, dict[str, Any]]]:
    command = [
        sys.executable, str(Path(__file__).resolve()), "child", "--positions",
        str(Path(args.positions).resolve()), "--level", args.level, "--limit", str(args.limit),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(command, cwd=code, env=env, capture_output=True, text=True, check=True)
    return [(t, c) for t, c in json.loads(out.stdout)]


def _summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{name}: {len(times)} decisions, median {statistics.median(times):.3f} s, "
        f"p95 {p95:.3f} s, max {max(times):.3f} s, total {sum(times):.1f} s"
    )


def compare(args: argparse.Namespace) -> None:
    rounds: dict[str, list[list[tuple[float, dict[str, Any]]]]] = {"now": [], "before": []}
    with contextlib.ExitStack() as stack:
        old = stack.enter_context(base_tree(args.baseline)) if args.baseline else None
        for _ in range(args.rounds):
            if old is not None:
                rounds["before"].append(_run(old, args))
            rounds["now"].append(_run(ROOT, args))
    fastest = {
        name: [min(ts) for ts in zip(*[[t for t, _ in r] for r in runs], strict=True)]
        for name, runs in rounds.items()
        if runs
    }
    print(_summary(f"{args.level} (this tree)", fastest["now"]))
    if "before" not in fastest:
        return
    print(_summary(f"{args.level} ({args.baseline})", fastest["before"]))
    now, before = rounds["now"][0], rounds["before"][0]
    changed = [i for i, (a, b) in enumerate(zip(now, before, strict=True)) if a[1] != b[1]]
    print(f"the same move in {len(now) - len(changed)} of {len(now)} positions; changed: {changed}")
    ratio = statistics.median(fastest["now"]) / statistics.median(fastest["before"])
    ordered = [sorted(fastest[n]) for n in ("now", "before")]
    p95 = [o[int(0.95 * (len(o) - 1))] for o in ordered]
    total = sum(fastest["now"]) / sum(fastest["before"])
    print(f"ratios (this tree / baseline): median {ratio:.2f}, p95 {p95[0] / p95[1]:.2f}, "
          f"total {total:.2f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "compare", "child"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--positions", default=None)
    parser.add_argument("--footprint", default="3B")
    parser.add_argument("--seeds", default="0-9")
    parser.add_argument("--hand", default="steady")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--baseline", default=None)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    if args.command == "record":
        first, _, last = args.seeds.partition("-")
        seeds = list(range(int(first), int(last or first) + 1))
        found = record(args.footprint, seeds, args.hand, args.level)
        Path(args.out).write_text(json.dumps(found))
        print(f"{len(found)} positions in {args.out}")
    elif args.command == "child":
        _child(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
