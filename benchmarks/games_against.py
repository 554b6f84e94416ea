"""CPU of whole headless games on this tree against another revision's code (issue 38:
against the code before it, 8c1b1c4), everything of the issue counted: rest 2 and the
work above pymunk.

Each game is exactly ``towersim play GAME --players 4 --seed N --headless --json``, run
in a child process whose ``PYTHONPATH`` is this tree or a temporary git worktree of the
revision; the child imports everything first and reports the thread CPU of the game
alone, so start-up is not counted. The two trees alternate seed by seed (which goes
first alternates too), so both see the same machine load. Reported per game: the median
over the seeds and the ratio of the medians. The games are not the same games (rest 2
decides some placements otherwise, and the revision may record other things), so the
ratio compares games as a user plays them.

Run: PYTHONPATH=. python -m benchmarks.games_against [--base 8c1b1c4] [--seeds 1-5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.towers import machine_line, median, print_table

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("lots", "crazy-tower", "filled-in")
# Issue 38: a game at most these fractions of the CPU before it.
TARGETS = {"lots": 0.30, "crazy-tower": 0.30, "filled-in": 0.5}
CHILD = """
import contextlib, io, sys, time
from simulator.cli import main
argv = sys.argv[1:]
with contextlib.redirect_stdout(io.StringIO()):
    main(["play", argv[0], "--players", "4", "--seed", "0", "--headless", "--json"])
    started = time.thread_time()
    code = main(["play", argv[0], "--players", "4", *argv[1:], "--headless", "--json"])
    spent = time.thread_time() - started
print(spent if code == 0 else -1)
"""


def cpu(tree: Path, game: str, seed: int) -> float:
    """Thread CPU seconds of one game in a child running ``tree``'s code (after a
    warm-up game of seed 0, which loads every module)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, game, "--seed", str(seed)],
        cwd=tree, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    spent = float(out.stdout.strip().splitlines()[-1])
    if spent < 0:
        raise RuntimeError(f"towersim play {game} --seed {seed} failed in {tree}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="8c1b1c4", help="the revision to compare with")
    parser.add_argument("--seeds", default="1-5")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    first, last = (int(v) for v in args.seeds.split("-"))
    seeds = list(range(first, last + 1))
    print(machine_line())
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(base), args.base],
            cwd=ROOT, check=True,
        )  # fmt: skip
        try:
            for game in args.games.split(","):
                spent: dict[str, list[float]] = {"base": [], "here": []}
                for i, seed in enumerate(seeds):
                    order = (("base", base), ("here", ROOT))
                    for name, tree in order if i % 2 == 0 else reversed(order):
                        spent[name].append(cpu(tree, game, seed))
                before, now = median(spent["base"]), median(spent["here"])
                verdict = "met" if now / before <= TARGETS[game] else "MISSED"
                rows.append(
                    (game, f"{before:.3f}", f"{now:.3f}", f"{now / before:.2f}",
                     f"<= {TARGETS[game]}: {verdict}")
                )  # fmt: skip
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    print(f"seeds {seeds}, thread CPU s per game (median), {args.base} and this tree")
    print_table(("game", args.base, "this tree", "ratio", "target"), rows)


if __name__ == "__main__":
    main()
