"""Train a small masked policy on LOTS solo and draw its learning curve against the
random, normal and hard bots (issue 27's training example, docs/research.md).

Usage:
  PYTHONPATH=. python -m benchmarks.rl_train [--minutes 5] [--footprint 3B] [--seed 0]
      [--out docs/research/train] [--timesteps N] [--eval-episodes 30] [--eval-every 2048]
      [--baselines random,normal,hard,expert]

Needs torch and sb3-contrib, which towersim does not depend on (a separate venv with
``--system-site-packages`` keeps the main Python as it is):
  pip install torch==2.13.0 sb3-contrib

sb3-contrib's MaskablePPO (MultiInputPolicy, two layers of 64 for the policy and for the
value) learns from the environment's own reward (the score's change, +-10 at the end) on
one environment in this process, with one torch thread. Training stops at the first
evaluation after --minutes of its own CPU time, or at --timesteps: with the same seed
and the same timesteps a run gives the same policy (results.json's policy_sha256), so
a run's recorded timesteps reproduce it. Every --eval-every timesteps the policy plays
the evaluation seeds (10000 on, never a training game's: those are drawn from the
environment's generator), deterministic and masked; the --baselines (random, normal, hard
and expert unless told) play the same seeds once, first. results.json and curve.png are
rewritten after every evaluation.

A drop the mask allows (its predicted cells pass the rules) can come to rest where the
rules refuse it (in solo: not touching the last block along an edge); the match stays as
it was and the environment leaves that drop out of the mask until an action is accepted
(simulator/rl/episode.py), so a deterministic policy does not ask for it again and again.
The run in docs/research/train was made with this benchmark's own wrapper doing exactly
that, before the environment did it itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import statistics
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import gymnasium

from simulator.files import write_atomically
from simulator.lab.stats import wilson
from simulator.rl.bench import play_episode
from simulator.rl.policies import Factory, load_agent

NEEDS = "this benchmark needs: pip install torch==2.13.0 sb3-contrib"
ENV_ID = "towersim/LotsSolo-v0"
EVAL_SEED = 10_000
# The baselines, played first, and how the plot draws them.
# hard is the bar issue 42 sets: 20 points more of the seeds than five CPU minutes of PPO.
BASELINES = {
    "random": ("grey", "random (masked)"),
    "normal": ("tab:red", "normal bot"),
    "hard": ("tab:green", "hard bot"),
    # The strongest level's bar: beat a policy trained for sixty CPU minutes.
    "expert": ("tab:purple", "expert bot"),
}
# MaskablePPO's settings: small nets and short rollouts, so that a few CPU minutes (about
# 10 ms a step, placements 10-35 ms) still make tens of updates.
PPO = {
    "n_steps": 512,
    "batch_size": 128,
    "n_epochs": 8,
    "learning_rate": 3e-4,
    "gamma": 0.99,
    "gae_lambda": 0.95,
    "clip_range": 0.2,
    "ent_coef": 0.01,
    "policy_kwargs": {"net_arch": {"pi": [64, 64], "vf": [64, 64]}},
}


@dataclass(frozen=True)
class Played:
    """One evaluation episode: the game's seed, how it ended, and its CPU seconds."""

    seed: int
    won: bool
    steps: int
    refused: int  # steps whose drop the rules refused after the physics
    reward: float
    score: float
    seconds: float


def summary(played: list[Played]) -> dict[str, Any]:
    """Solve rate with its 95 % Wilson interval, and the means of an evaluation."""
    won = sum(p.won for p in played)
    low, high = wilson(won, len(played))
    return {
        "episodes": len(played),
        "solved": won,
        "rate": won / len(played),
        "low": low,
        "high": high,
        "mean_return": statistics.fmean(p.reward for p in played),
        "mean_score": statistics.fmean(p.score for p in played),
        "mean_steps": statistics.fmean(p.steps for p in played),
        "refused": sum(p.refused for p in played),
        "cpu_seconds": sum(p.seconds for p in played),
    }


def evaluate(make: Factory, env: Any, seeds: range) -> list[Played]:
    """Each seed's game played to its end by the policy ``make`` gives (the benchmark's
    own episode loop, simulator.rl.bench.play_episode)."""
    out = []
    for seed in seeds:
        done = play_episode(env, make, seed)
        score = done.info["scores"][0]
        won = bool(done.info["won"])
        out.append(Played(seed, won, done.steps, done.refused, done.reward, score, done.seconds))
    return out


def trained(model: Any) -> Factory:
    """The model as a benchmark policy: its likeliest legal action."""

    def make(env: Any, seed: int):
        def act(observation: Any, info: dict[str, Any]) -> int:
            mask = info["action_mask"].astype(bool)
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            return int(action)

        return act

    return make


def fingerprint(model: Any) -> str:
    """sha256 of the policy's parameters (equal runs give equal policies)."""
    digest = hashlib.sha256()
    for name, tensor in model.policy.state_dict().items():
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().numpy().tobytes())
    return digest.hexdigest()


def versions() -> dict[str, str]:
    import gymnasium
    import numpy
    import sb3_contrib
    import stable_baselines3
    import torch

    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "sb3_contrib": sb3_contrib.__version__,
        "stable_baselines3": stable_baselines3.__version__,
        "gymnasium": gymnasium.__version__,
        "numpy": numpy.__version__,
        "towersim_commit": commit,
    }


def plot(document: dict[str, Any], target: Path) -> None:
    """Solve rate (95 % Wilson intervals) and mean final score against timesteps, the
    baselines as horizontal lines with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = document["curve"]
    xs = [point["timesteps"] for point in curve]
    fig, (rates, scores) = plt.subplots(1, 2, figsize=(10, 3.8))
    rate = [point["rate"] for point in curve]
    rates.fill_between(xs, [p["low"] for p in curve], [p["high"] for p in curve], alpha=0.2)
    rates.plot(xs, rate, marker="o", label="MaskablePPO")
    scores.plot(xs, [p["mean_score"] for p in curve], marker="o", label="MaskablePPO")
    for name, result in document["baselines"].items():
        colour, label = BASELINES[name]
        rates.axhline(result["rate"], color=colour, linestyle="--", label=label)
        rates.axhspan(result["low"], result["high"], color=colour, alpha=0.1)
        scores.axhline(result["mean_score"], color=colour, linestyle="--", label=label)
    scores.axhline(document["target"], color="black", linewidth=0.8, label="target (a win)")
    rates.set_ylim(-0.02, 1.02)
    rates.set_ylabel(f"solve rate, {document['eval_episodes']} seeds (95 % Wilson)")
    scores.set_ylabel("mean final score (points)")
    for ax in (rates, scores):
        ax.set_xlabel("training timesteps")
        ax.legend(fontsize="small")
    env = document["env"]
    fig.suptitle(
        f"MaskablePPO on LOTS solo {env['footprint']} ({env['hand']} hand), seed "
        f"{document['seed']}: {document['train_cpu_seconds'] / 60:.1f} CPU min of training"
    )
    fig.tight_layout()
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".part.png")
    fig.savefig(temporary, dpi=110)
    plt.close(fig)
    temporary.replace(target)


def write(document: dict[str, Any], out: Path) -> None:
    write_atomically(out / "results.json", json.dumps(document, indent=1) + "\n")
    plot(document, out / "curve.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training CPU minutes")
    parser.add_argument("--timesteps", type=int, default=None, help="train exactly this long")
    parser.add_argument("--footprint", default="3B")
    parser.add_argument("--hand", default="steady")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-episodes", type=int, default=30)
    parser.add_argument("--eval-every", type=int, default=2048, help="timesteps")
    parser.add_argument("--threads", type=int, default=1, choices=(1, 2), help="torch threads")
    parser.add_argument("--out", type=Path, default=Path("docs/research/train"))
    parser.add_argument(
        "--baselines",
        default=",".join(BASELINES),
        help="comma-separated bots to play first on the same seeds ('' for none: a long "
        "run compared with a short run's baselines)",
    )
    args = parser.parse_args()
    baselines = [name for name in args.baselines.split(",") if name]
    for name in baselines:
        if name not in BASELINES:
            parser.error(f"--baselines: unknown bot {name!r} (choose from {', '.join(BASELINES)})")
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise SystemExit(NEEDS) from None
    from simulator.rl.registration import register_envs

    if args.eval_every % PPO["n_steps"]:
        parser.error(f"--eval-every must be a multiple of the rollout, {PPO['n_steps']}")
    started_wall = time.perf_counter()
    # One thread each way: deterministic on CPU, and one core of the machine's two.
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    register_envs()
    settings = {"footprint": args.footprint, "hand": args.hand}
    seeds = range(EVAL_SEED, EVAL_SEED + args.eval_episodes)
    evaluation = gymnasium.make(ENV_ID, **settings)
    document: dict[str, Any] = {
        "benchmark": "rl_train",
        "env": {"id": ENV_ID, **settings},
        "target": 0,
        "seed": args.seed,
        "algorithm": "sb3_contrib.MaskablePPO, MultiInputPolicy",
        "hyperparameters": PPO,
        "threads": args.threads,
        "versions": versions(),
        "eval_seeds": [seeds.start, seeds.stop - 1],
        "eval_episodes": args.eval_episodes,
        "baselines": {},
        "baseline_episodes": {},
        "curve": [],
        "timesteps": 0,
        "train_cpu_seconds": 0.0,
    }
    for name in baselines:
        played = evaluate(load_agent(name), evaluation, seeds)
        document["baselines"][name] = summary(played)
        document["baseline_episodes"][name] = [asdict(p) for p in played]
        found = document["baselines"][name]
        print(
            f"{name:>8}: solved {found['solved']}/{found['episodes']} "
            f"({found['low']:.0%}-{found['high']:.0%}), mean score {found['mean_score']:.1f}, "
            f"{found['cpu_seconds']:.0f} CPU s",
            flush=True,
        )
    evaluation.reset(seed=seeds.start)
    document["target"] = evaluation.unwrapped.episode.match.state.target

    training = gymnasium.make(ENV_ID, **settings)
    model = MaskablePPO("MultiInputPolicy", training, seed=args.seed, verbose=0, **PPO)
    train_cpu = 0.0
    eval_cpu = 0.0
    while True:
        started = time.process_time()
        played = evaluate(trained(model), evaluation, seeds)
        eval_cpu += time.process_time() - started
        point = {
            "timesteps": model.num_timesteps,
            "train_cpu_seconds": round(train_cpu, 2),
            "train_mean_return": (
                statistics.fmean(e["r"] for e in model.ep_info_buffer)
                if model.ep_info_buffer
                else None
            ),
            **summary(played),
        }
        document["curve"].append(point)
        document.update(
            timesteps=model.num_timesteps,
            train_cpu_seconds=round(train_cpu, 2),
            eval_cpu_seconds=round(eval_cpu, 2),
            wall_seconds=round(time.perf_counter() - started_wall, 1),
            final_episodes=[asdict(p) for p in played],
            policy_sha256=fingerprint(model),
        )
        write(document, args.out)
        print(
            f"{model.num_timesteps:>7} timesteps, {train_cpu:6.0f} CPU s: solved "
            f"{point['solved']}/{point['episodes']} ({point['low']:.0%}-{point['high']:.0%}), "
            f"mean score {point['mean_score']:.1f}, mean steps {point['mean_steps']:.1f}",
            flush=True,
        )
        if args.timesteps is not None:
            if model.num_timesteps >= args.timesteps:
                break
        elif train_cpu >= args.minutes * 60:
            break
        started = time.process_time()
        model.learn(args.eval_every, reset_num_timesteps=False)
        train_cpu += time.process_time() - started
    print(f"wrote {args.out / 'results.json'} and {args.out / 'curve.png'}")


if __name__ == "__main__":
    main()
