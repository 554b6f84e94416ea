"""``towersim bench AGENT...``: the physical-reasoning benchmark from the command line.

Its arguments load without gymnasium (the core CLI builds every parser); running it
needs the research extra, and says so in one line when it is missing.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

HELP = "the physical-reasoning benchmark: solve rates of an agent per task and hand"
DESCRIPTION = (
    "Play the fixed task suite (docs/research.md) with each AGENT: a baseline (random, "
    "easy, normal, hard, expert) or module:attribute, a factory make(env, seed) returning "
    "act(observation, info) -> action. Prints the solve rate per task and hand profile "
    "with 95 % intervals and writes results.json, table.md and plot.png to --out; "
    "--with adds earlier runs' results (with no AGENT, it only reports them). "
    "Needs the research extra: pip install 'towersim[rl]'."
)
MAX_EPISODES = 10_000
MAX_WORKERS = 64


def _count(low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "agents",
        nargs="*",
        metavar="AGENT",
        help="baseline or module:attribute (none: only report the --with results)",
    )
    parser.add_argument("--tasks", default=None, help="comma-separated task names (default: all)")
    parser.add_argument(
        "--hands", default=None, help="comma-separated hand profiles (default: surgeon to shaky)"
    )
    parser.add_argument(
        "--episodes",
        type=_count(1, MAX_EPISODES),
        default=20,
        help="episodes per task and hand, seeds 0 to N-1 (default 20)",
    )
    parser.add_argument(
        "--workers", type=_count(1, MAX_WORKERS), default=1, help="processes (default 1)"
    )
    parser.add_argument(
        "--out", default="bench-results", help="folder for the results (default bench-results)"
    )
    parser.add_argument("--no-plot", action="store_true", help="write no plot.png")
    parser.add_argument(
        "--with",
        dest="earlier",
        metavar="RESULTS",
        action="append",
        default=[],
        help="an earlier run's results.json whose episodes join this report (repeatable)",
    )


def _installed(module: str) -> bool:
    try:
        importlib.import_module(module)  # lazy: extra
    except ImportError:
        return False
    return True


def _needs_extra(missing: str | None) -> int:
    print(
        f"towersim bench needs the research extra, and {missing} is not installed: "
        "pip install 'towersim[rl]'.",
        file=sys.stderr,
    )
    return 2


def run(args: argparse.Namespace) -> int:
    # Asked first: the benchmark's modules may be loaded already (in a process that ran
    # other commands), and they import gymnasium only where they use it.
    if not _installed("gymnasium"):
        return _needs_extra("gymnasium")
    try:
        from simulator.rl import bench  # lazy: command
        from simulator.rl.policies import load_agent  # lazy: command
    except ImportError as exc:
        return _needs_extra(exc.name)
    if not args.no_plot and not _installed("matplotlib"):
        # Said before any episode is played, not as a traceback at the end.
        print(
            "towersim bench draws its plot with matplotlib, which is not installed: "
            "pip install 'towersim[lab]', or run it again with --no-plot.",
            file=sys.stderr,
        )
        return 2
    try:
        tasks = (
            [bench.task_named(n.strip()) for n in args.tasks.split(",") if n.strip()]
            if args.tasks
            else list(bench.TASKS)
        )
        hand_names = bench.hands()
        if args.hands:
            wanted = [h.strip() for h in args.hands.split(",") if h.strip()]
            unknown = [h for h in wanted if h not in hand_names]
            if unknown:
                raise ValueError(f"unknown hand {unknown[0]!r} (known: {', '.join(hand_names)})")
            hand_names = tuple(wanted)
        for agent in args.agents:
            load_agent(agent)
        earlier = [r for path in args.earlier for r in bench.read_results(Path(path))]
        if not args.agents and not earlier:
            raise ValueError("give an AGENT to play, or --with RESULTS to report")
    except ValueError as exc:
        print(f"towersim bench: {exc}", file=sys.stderr)
        return 2
    job_list = bench.jobs(args.agents, tasks, hand_names, args.episodes)
    if job_list:
        print(
            f"{bench.SUITE} v{bench.VERSION}: {len(job_list)} episodes on {args.workers} worker(s)"
        )
    if earlier:
        print(f"{bench.SUITE} v{bench.VERSION}: {len(earlier)} episodes of earlier runs")
    results = list(earlier)
    every = max(1, len(job_list) // 20)
    try:
        for done, result in enumerate(bench.run(job_list, args.workers), start=1):
            results.append(result)
            if done % every == 0 or done == len(job_list):
                print(f"  {done}/{len(job_list)} episodes played", file=sys.stderr, flush=True)
    except bench.AgentFailed as exc:
        print(f"towersim bench: {exc}", file=sys.stderr)
        return 1
    out = Path(args.out)
    written = bench.write_results(results, out)
    found = bench.cells(results)
    if not args.no_plot and any(c.hand is not None for c in found):
        written.append(bench.plot(found, out / "plot.png"))
    print(bench.table(found), end="")
    print("written: " + ", ".join(str(p) for p in written))
    return 0
