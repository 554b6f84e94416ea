"""A benchmark of physical reasoning graded by dexterity: a fixed, versioned task suite
over the solo environments and "would this stand?", played by any policy with every
hand profile, reported as solve rates with 95 % Wilson intervals.

Episode ``k`` of a task is always the environment reset with seed ``k``, so every agent
meets the same towers, dice and cards; a result names the suite and its version, and a
changed suite gets a new version, never new contents under an old one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import gymnasium

from simulator.bots.dexterity import hand_names
from simulator.files import write_atomically, write_figure
from simulator.lab.stats import wilson
from simulator.rl.policies import BOT_LEVELS, load_agent
from simulator.rl.registration import register_envs

SUITE = "towersim-physical-reasoning"
VERSION = 1
# The steps an episode may take before it counts as unsolved (a policy that only ever
# picks refused actions must end too).
MAX_STEPS = 400


@dataclass(frozen=True)
class Task:
    """One task: a registered environment and its settings. ``graded_by_hand``: the
    hand profile is a parameter (False: the task has no hand, one row in the table)."""

    name: str
    env_id: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    graded_by_hand: bool = True
    text: str = ""
    bots: bool = True  # whether the shipped bots play it (they play the games, not verdicts)


TASKS: tuple[Task, ...] = (
    Task("lots-solo-1A", "towersim/LotsSolo-v0", {"footprint": "1A"}, text="LOTS solo, 6 wide"),
    Task("lots-solo-2B", "towersim/LotsSolo-v0", {"footprint": "2B"}, text="LOTS solo, 4 wide"),
    Task("lots-solo-3B", "towersim/LotsSolo-v0", {"footprint": "3B"}, text="LOTS solo, 3 wide"),
    Task("crazy-tower-1", "towersim/CrazyTowerSolo-v0", {"challenge": 1}, text="challenge 1"),
    Task("crazy-tower-5", "towersim/CrazyTowerSolo-v0", {"challenge": 5}, text="challenge 5"),
    Task("crazy-tower-10", "towersim/CrazyTowerSolo-v0", {"challenge": 10}, text="challenge 10"),
    Task(
        "would-it-stand",
        "towersim/WouldItStand-v0",
        {"source": "sheet"},
        graded_by_hand=False,
        text="the verdict on a drawn tower",
        bots=False,
    ),
)


def hands() -> tuple[str, ...]:
    """Every hand name, the old profiles first (steadiest first, surgeon to shaky)."""
    return tuple(hand_names())


class AgentFailed(RuntimeError):
    """An agent raised while choosing ``step`` of an episode; the message says where
    (``play`` names the agent, task, hand and episode too) and ``why``."""

    def __init__(self, message: str, step: int, why: str) -> None:
        super().__init__(message)
        self.step, self.why = step, why

    def __reduce__(self) -> tuple[Any, ...]:  # from a worker process, whole
        return (AgentFailed, (str(self), self.step, self.why))


@dataclass(frozen=True)
class Job:
    agent: str
    task: str
    hand: str | None
    episode: int


@dataclass(frozen=True)
class Result:
    agent: str
    task: str
    hand: str | None
    episode: int
    solved: bool
    steps: int
    reward: float
    seconds: float  # CPU seconds the episode took (the policy's thinking included)


def task_named(name: str) -> Task:
    for task in TASKS:
        if task.name == name:
            return task
    known = ", ".join(t.name for t in TASKS)
    raise ValueError(f"unknown task {name!r} (the suite has {known})")


def jobs(
    agents: Sequence[str], tasks: Sequence[Task], hand_names: Sequence[str], episodes: int
) -> list[Job]:
    """Every episode to play; a shipped bot skips the tasks it does not play."""
    return [
        Job(agent, task.name, hand if task.graded_by_hand else None, episode)
        for agent in agents
        for task in tasks
        if task.bots or agent not in BOT_LEVELS
        for hand in (hand_names if task.graded_by_hand else hand_names[:1])
        for episode in range(episodes)
    ]


@dataclass(frozen=True)
class Played:
    """One episode as it ended: solved, its steps, its return, the steps the rules
    refused (``info["refused"]``), the last info, and the CPU seconds the episode took
    (the policy's thinking included)."""

    solved: bool
    steps: int
    reward: float
    refused: int
    info: dict[str, Any]
    seconds: float


def play_episode(env: Any, make: Any, seed: int, max_steps: int = MAX_STEPS) -> Played:
    """``env`` reset with ``seed`` and played by the policy ``make(env, seed)`` gives
    until the episode ends or ``max_steps`` are spent (then unsolved). An exception from
    the policy becomes AgentFailed naming the step (``with_context`` adds the rest)."""
    started = time.process_time()
    observation, info = env.reset(seed=seed)
    act = make(env, seed)
    total, steps, refused, done, reward = 0.0, 0, 0, False, 0.0
    while not done and steps < max_steps:
        try:
            action = act(observation, info)
        except Exception as exc:  # a researcher's agent: say where it broke
            why = f"{type(exc).__name__}: {exc}"
            raise AgentFailed(f"step {steps + 1}: {why}", steps + 1, why) from exc
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        refused += "refused" in info
        done = terminated or truncated
    solved = done and (bool(info["won"]) if "won" in info else bool(reward > 0))
    return Played(solved, steps, total, refused, info, time.process_time() - started)


def play(job: Job) -> Result:
    """One episode of ``job``: the task's environment with the job's hand, reset with
    the episode's seed, played by the job's agent."""
    register_envs()
    task = task_named(job.task)
    kwargs = dict(task.kwargs)
    if job.hand is not None:
        kwargs["hand"] = job.hand
    env = gymnasium.make(task.env_id, **kwargs)
    try:
        played = play_episode(env, load_agent(job.agent), job.episode)
    except AgentFailed as exc:
        message = (
            f"agent {job.agent} failed in {job.task} (hand {job.hand or '-'}, "
            f"episode {job.episode}, step {exc.step}): {exc.why}"
        )
        raise AgentFailed(message, exc.step, exc.why) from exc.__cause__
    finally:
        env.close()
    return Result(
        job.agent, job.task, job.hand, job.episode, played.solved, played.steps,
        played.reward, played.seconds,
    )  # fmt: skip


def run(job_list: Sequence[Job], workers: int = 1) -> Iterator[Result]:
    """Play every job, in order of the list (results do not depend on ``workers``)."""
    if workers <= 1:
        yield from map(play, job_list)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, job_list, chunksize=1)


@dataclass(frozen=True)
class Cell:
    agent: str
    task: str
    hand: str | None
    episodes: int
    solved: int
    low: float
    high: float
    cpu_seconds: float

    @property
    def rate(self) -> float:
        return self.solved / self.episodes if self.episodes else 0.0


def cells(results: Sequence[Result]) -> list[Cell]:
    """Solve rates per agent, task and hand, in the order first seen."""
    groups: dict[tuple[str, str, str | None], list[Result]] = {}
    for result in results:
        groups.setdefault((result.agent, result.task, result.hand), []).append(result)
    out = []
    for (agent, task, hand), group in groups.items():
        solved = sum(r.solved for r in group)
        low, high = wilson(solved, len(group))
        seconds = sum(r.seconds for r in group)
        out.append(Cell(agent, task, hand, len(group), solved, low, high, seconds))
    return out


def table(found: Sequence[Cell]) -> str:
    """A Markdown table: a row per task and hand, a column per agent (solve rate, its
    95 % interval, the episodes)."""
    agents = list(dict.fromkeys(c.agent for c in found))
    rows = list(dict.fromkeys((c.task, c.hand) for c in found))
    index = {(c.agent, c.task, c.hand): c for c in found}
    lines = [
        "| task | hand | " + " | ".join(agents) + " |",
        "|---|---|" + "---|" * len(agents),
    ]
    for task, hand in rows:
        entries = []
        for agent in agents:
            cell = index.get((agent, task, hand))
            entries.append(
                ""
                if cell is None
                else f"{cell.rate:.0%} ({cell.low:.0%}-{cell.high:.0%}, n={cell.episodes})"
            )
        lines.append(f"| {task} | {hand or '-'} | " + " | ".join(entries) + " |")
    return "\n".join(lines) + "\n"


def write_results(results: Sequence[Result], folder: Path) -> list[Path]:
    """results.json (every episode and the cells, with the suite's name and version)
    and table.md, each written atomically."""
    folder.mkdir(parents=True, exist_ok=True)
    found = cells(results)
    document = {
        "suite": SUITE,
        "version": VERSION,
        "episodes": [asdict(r) for r in results],
        "cells": [{**asdict(c), "rate": c.rate} for c in found],
    }
    written = [folder / "results.json", folder / "table.md"]
    write_atomically(written[0], json.dumps(document, indent=1) + "\n")
    write_atomically(written[1], table(found))
    return written


def read_results(path: Path) -> list[Result]:
    """The episodes of a results.json this module wrote; ValueError (one sentence)
    for a file of another suite or version, or one that is not such a file."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        if (document.get("suite"), document.get("version")) != (SUITE, VERSION):
            raise ValueError(
                f"{path}: results of {document.get('suite')} v{document.get('version')}, "
                f"not {SUITE} v{VERSION}"
            )
        return [Result(**episode) for episode in document["episodes"]]
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path}: not a benchmark results file ({exc})") from None


def plot(found: Sequence[Cell], target: Path) -> Path:
    """Solve rate against the hand, a panel per task graded by hand, a line per agent
    with its 95 % interval (matplotlib, the lab extra)."""
    import matplotlib  # lazy: extra

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: extra

    names = hands()
    tasks = list(dict.fromkeys(c.task for c in found if c.hand is not None))
    agents = list(dict.fromkeys(c.agent for c in found))
    columns = min(3, max(1, len(tasks)))
    rows = (len(tasks) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.2 * rows), squeeze=False)
    colours = {agent: f"C{i}" for i, agent in enumerate(agents)}
    for ax, task in zip(axes.flat, tasks, strict=False):
        for k, agent in enumerate(agents):
            mine = {c.hand: c for c in found if c.task == task and c.agent == agent}
            hands_here = [i for i, h in enumerate(names) if h in mine]
            if not hands_here:
                continue
            # Agents side by side at each hand, so equal rates do not hide each other.
            xs = [i + 0.08 * (k - (len(agents) - 1) / 2) for i in hands_here]
            rates = [mine[names[i]].rate for i in hands_here]
            below = [mine[names[i]].rate - mine[names[i]].low for i in hands_here]
            above = [mine[names[i]].high - mine[names[i]].rate for i in hands_here]
            ax.errorbar(
                xs, rates, yerr=[below, above], marker="o", capsize=3, label=agent,
                color=colours[agent],
            )  # fmt: skip
        ax.set_title(task)
        ax.set_xticks(range(len(names)), names, rotation=30)
        ax.set_ylim(-0.02, 1.02)
        ax.set_ylabel("solve rate")
    for ax in list(axes.flat)[len(tasks) :]:
        ax.axis("off")
    handles = [
        plt.Line2D([], [], color=colours[agent], marker="o", label=agent) for agent in agents
    ]
    fig.legend(handles=handles, loc="upper right", fontsize="small")
    fig.suptitle(f"{SUITE} v{VERSION}: solve rate by hand (95 % intervals)")
    fig.tight_layout(rect=(0, 0, 0.93, 1))
    try:
        write_figure(fig, target, dpi=110)
    finally:
        plt.close(fig)
    return target
