"""``towersim lab ladder``: the levels' ladder from the lab's head-to-head results
(simulator.lab.ratings; docs/bots.md, "The ladder").

Exit status: 0 the ladder is printed; 2 a results file is missing or malformed, or it
holds no finished two-seat game (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from simulator.lab.ratings import BOOTSTRAP, Ladder, ladder, pairs_of
from simulator.lab.report_data import RESULTS_NAME, ResultsError, load_results

PROG = "towersim lab ladder"
EXIT_OK, EXIT_INVALID = 0, 2

HELP = "rate the levels from head-to-head games: Bradley-Terry ratings with intervals"
DESCRIPTION = (
    "Read one or more results files of `towersim lab run` and print, for each game, the "
    "Bradley-Terry rating of every player of its two-seat games (Elo points, the weakest "
    "level at 0) with a 95 % bootstrap interval, and how often each pair's higher level "
    'won with a 95 % Wilson interval (docs/bots.md, "The ladder").'
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "results",
        nargs="+",
        metavar="RESULTS",
        help=f"a tournament's {RESULTS_NAME}, or its folder (several are pooled)",
    )
    parser.add_argument(
        "--bootstrap",
        type=int,
        default=BOOTSTRAP,
        metavar="N",
        help=f"resamples for the intervals (default {BOOTSTRAP})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the bootstrap's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the ladders as JSON")


def main(args: argparse.Namespace) -> int:
    if not 0 <= args.bootstrap <= 100_000:
        print(f"{PROG}: --bootstrap must be 0 to 100000, not {args.bootstrap}", file=sys.stderr)
        return EXIT_INVALID
    try:
        results = load_results(args.results)
    except ResultsError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    for warning in results.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    by_game = pairs_of(results.records)
    if not by_game:
        print(f"{PROG}: the results hold no finished game of two seats", file=sys.stderr)
        return EXIT_INVALID
    ladders = [ladder(game, pairs, args.bootstrap, args.seed) for game, pairs in by_game.items()]
    if args.json:
        json.dump([_plain(one) for one in ladders], sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print("\n\n".join(text(one) for one in ladders))
    return EXIT_OK


def _plain(one: Ladder) -> dict[str, Any]:
    return asdict(one)


def text(one: Ladder) -> str:
    """The ladder as two Markdown tables: the ratings, then the pairs."""
    lines = [
        f"{one.game}: {one.games} games",
        "",
        "| player | rating (Elo) | 95 % interval |",
        "|---|---:|---|",
    ]
    for r in one.ratings:
        lines.append(f"| {r.player} | {r.elo:+.0f} | {r.low:+.0f} to {r.high:+.0f} |")
    lines += ["", "| pair | games | higher level won | 95 % interval |", "|---|---:|---:|---|"]
    for h in one.pairs:
        lines.append(
            f"| {h.upper} vs {h.lower} | {h.games} | {h.wins:g} ({h.share:.0%}) "
            f"| {h.low:.0%} to {h.high:.0%} |"
        )
    return "\n".join(lines)
