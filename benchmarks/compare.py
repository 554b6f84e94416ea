"""Side by side: the same benchmarks run on a base revision and on this tree, alternated.

Each benchmark script is run as a whole in a child process, once on each tree in turn
(base, head, base, head, ...), and the child's CPU time (user + system, from the
operating system) is what is compared: both trees do the same deterministic work (the
golden state hashes guard that), so the CPU a run costs is a fair measure of its code,
and alternating the runs shares any load on the machine between the two. The table
gives each side's median and head / base.

    PYTHONPATH=. python -m benchmarks.compare --base 4b7ffe5 [--pairs 3] [--only lots_game]

The base revision is checked out in a temporary git worktree, removed afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.towers import machine_line, median

ROOT = Path(__file__).resolve().parent.parent

# name -> arguments; each runs a fixed, deterministic amount of work.
BENCHMARKS: dict[str, list[str]] = {
    "step_overhead": ["--rounds", "7"],
    "placement_latency": ["--samples", "10"],
    "lots_game": ["--seeds", "1-5"],
    "crazy_tower_game": ["--seeds", "1-5"],
    "filled_in_game": ["--runs", "5"],
    "render_frame": [],
}


@contextlib.contextmanager
def base_tree(revision: str) -> Iterator[Path]:
    """``revision`` checked out in a temporary git worktree, removed afterwards
    (ValueError with git's reason when it cannot be checked out)."""
    with tempfile.TemporaryDirectory(prefix="towersim-base-") as folder:
        tree = Path(folder) / "tree"
        made = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), revision],
            capture_output=True,
            text=True,
        )
        if made.returncode != 0:
            raise ValueError(f"cannot check out {revision}: {made.stderr.strip()}")
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)])


def child_cpu(tree: Path, name: str, args: list[str]) -> float:
    """CPU seconds of one run of ``benchmarks.<name>`` in ``tree`` (it must exit 0)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYGLET_HEADLESS": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"benchmarks.{name} failed in {tree}:\n{done.stderr.strip()[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


Row = tuple[str, list[float], list[float]]


def compare(base: Path, head: Path, names: list[str], pairs: int) -> list[Row]:
    rows = []
    for name in names:
        base_runs, head_runs = [], []
        for _ in range(pairs):
            base_runs.append(child_cpu(base, name, BENCHMARKS[name]))
            head_runs.append(child_cpu(head, name, BENCHMARKS[name]))
        rows.append((name, base_runs, head_runs))
        print(f"  {name}: base {base_runs}, head {head_runs}", file=sys.stderr)
    return rows


def table(rows: list[Row]) -> list[str]:
    """The medians, and head / base of each pair run back to back: their median is the
    change (a paired design: a load that comes and goes hits both runs of a pair), their
    range the noise."""
    out = [
        "| benchmark | base CPU s (median) | head CPU s (median) | head / base, median of pairs "
        "| pairs' range |",
        "|---|---|---|---|---|",
    ]
    for name, base_runs, head_runs in rows:
        ratios = [h / b for b, h in zip(base_runs, head_runs, strict=True)]
        out.append(
            f"| {name} | {median(base_runs):.2f} | {median(head_runs):.2f} | "
            f"{median(ratios):.3f} | {min(ratios):.3f} to {max(ratios):.3f} |"
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--pairs", type=int, default=3, help="base/head runs each (default 3)")
    parser.add_argument("--only", action="append", choices=sorted(BENCHMARKS), default=None)
    args = parser.parse_args()
    if not 1 <= args.pairs <= 50:
        parser.error("--pairs must be 1 to 50")
    names = args.only or list(BENCHMARKS)
    try:
        with base_tree(args.base) as base:
            started = time.perf_counter()
            rows = compare(base, ROOT, names, args.pairs)
    except ValueError as exc:
        parser.error(str(exc))
    print(machine_line())
    print(f"base {args.base}, head the working tree; {args.pairs} alternated pairs per row")
    print("\n".join(table(rows)))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
