"""Write the ladder's tournament files (docs/bots.md, "The ladder"): for each game with
computer players, each bot level against the one below it (simulator.bots.levels'
LEVEL_NAMES, in order), two players head to head in the game's competitive mode, one
file a seat order so the pair plays both. A pair's two files share the seeds.

Usage: ``PYTHONPATH=. python scripts/make_ladder.py [--games N] [--out docs/balance]``
(N games a seat order; 100 gives the issue's 200 games a pair). A file already there
keeps its ``games`` unless --games is given, so growing a measurement is editing one
number; then ``towersim lab run FILE --out docs/balance/ladder-GAME`` plays only the new
games and ``towersim lab ladder docs/balance/ladder-GAME`` rates the levels.
"""

from __future__ import annotations

import argparse
import itertools
import re
from pathlib import Path

from simulator.bots.levels import LEVEL_NAMES
from simulator.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
# The head-to-head mode of each game: its competitive one (Filled In: its standard sheet).
MODES = ("competitive", "standard")
DEFAULT_GAMES = 100  # a seat order: 200 games a pair


def mode_of(kind: str) -> str | None:
    """The game's head-to-head mode, or None: a game without one (or without computers)."""
    entry = GAMES.get(kind)
    if entry.computer is None:
        return None
    return next((mode for mode in MODES if mode in entry.modes), None)


def tournament(kind: str, mode: str, first: str, second: str, games: int) -> str:
    """A ladder file: ``first`` in seat 1 against ``second``."""
    name = f"ladder-{kind}-{first}-{second}"
    return (
        f"# The ladder (docs/bots.md): {first} against {second}, {kind} {mode}, this seat\n"
        f"# order (ladder-{kind}-{second}-{first}.toml plays the other). Written by\n"
        "# scripts/make_ladder.py; raise `games` to grow it (only new games are played):\n"
        f"#   towersim lab run docs/balance/{name}.toml --out docs/balance/ladder-{kind}\n"
        f'format = "towersim-lab/1"\n'
        f'name = "{name}"\n'
        f'game = "{kind}"\n'
        f'mode = "{mode}"\n'
        f"games = {games}\n"
        "seed = 1\n\n"
        f'[[seat]]\nlevel = "{first}"\n\n'
        f'[[seat]]\nlevel = "{second}"\n'
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help=f"games a seat order (default {DEFAULT_GAMES})")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "balance")
    args = parser.parse_args()
    for kind in GAMES.kinds():
        mode = mode_of(kind)
        if mode is None:
            continue
        for lower, upper in itertools.pairwise(LEVEL_NAMES):
            for first, second in ((lower, upper), (upper, lower)):
                path = args.out / f"ladder-{kind}-{first}-{second}.toml"
                games = args.games
                if games is None and path.exists():
                    found = re.search(r"^games = (\d+)$", path.read_text(), re.MULTILINE)
                    games = int(found.group(1)) if found else None
                path.write_text(tournament(kind, mode, first, second, games or DEFAULT_GAMES))
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
