"""``towersim lab report``: what a tournament's results say (docs/lab-report.md).

Reads one or more results stores (``results.jsonl``, one game a line) and writes, into
one folder: a CSV of every table, the plots (PNG), ``report.md`` (the plots as relative
links) and ``report.html`` (self-contained: the plots inside it).

Exit status: 0 the report is written; 2 a results file is missing or malformed, or a
--compare names no configuration of the results (one line on stderr).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simulator.files import write_atomically
from simulator.lab import report_tables as tables
from simulator.lab.report_data import (
    RESULTS_NAME,
    Results,
    ResultsError,
    load_results,
    results_path,
)
from simulator.lab.report_labels import (
    CompareError,
    Verdict,
    comparison_table,
    comparisons,
    difficulty_label,
    disagreement_table,
    disagreements,
)
from simulator.lab.report_page import (
    Block,
    Bullets,
    Heading,
    Paragraph,
    Picture,
    TableBlock,
    html_page,
    markdown,
)
from simulator.lab.report_plots import score_plots, series_title, win_rate_plots

PROG = "towersim lab report"
EXIT_OK, EXIT_INVALID = 0, 2
DEFAULT_FOLDER = "report"  # beside the (first) results file
SHOWN_VERDICTS = 20  # disagreements listed as sentences; the CSV has them all


HELP = "write a tournament's report: win rates with intervals, labels against measurements"
DESCRIPTION = (
    "Read one or more results files of `towersim lab run` and write the report: win rates "
    "with 95 % intervals per configuration and per seat profile, scores, falls and "
    "collapses, first-player advantage and game length, as CSV files, plots and one "
    "Markdown and one HTML page; where a difficulty label disagrees with the measurement it "
    "says so, and how many games it would take to tell (docs/lab-report.md)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "results",
        nargs="+",
        metavar="RESULTS",
        help=f"a tournament's {RESULTS_NAME}, or its folder (several are pooled)",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        help=f"where to write the report (default: a folder {DEFAULT_FOLDER!r} beside the results)",
    )
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="A,B",
        help="is the difference between two configurations real, and how many games would "
        "tell? e.g. --compare 1A,2A (may be repeated)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print what was written and found as JSON"
    )


@dataclass
class Written:
    folder: Path
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    disagreements: list[Verdict] = field(default_factory=list)
    comparisons: list[Verdict] = field(default_factory=list)
    games: int = 0
    failed: int = 0


def main(args: argparse.Namespace) -> int:
    out = Path(args.out) if args.out else results_path(args.results[0]).parent / DEFAULT_FOLDER
    try:
        written = write_report(args.results, out, args.compare)
    except (ResultsError, CompareError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as exc:
        print(f"{PROG}: cannot write {exc.filename or out}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INVALID
    for warning in written.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    if args.json:
        json.dump(_summary(written), sys.stdout, indent=2, allow_nan=False)
        sys.stdout.write("\n")
    else:
        print(f"{written.games} games, {written.failed} of them crashed or timed out.")
        for verdict in written.disagreements[:SHOWN_VERDICTS]:
            print(f"Label disagreement: {verdict.sentence()}")
        for verdict in written.comparisons:
            print(f"Compared: {verdict.sentence()}")
        print(f"Report: {written.folder / 'report.html'} and {written.folder / 'report.md'}")
    return EXIT_OK


def _summary(written: Written) -> dict[str, Any]:
    return {
        "folder": str(written.folder),
        "files": [str(p) for p in written.files],
        "games": written.games,
        "failed": written.failed,
        "warnings": written.warnings,
        "disagreements": [v.row() for v in written.disagreements],
        "comparisons": [v.row() for v in written.comparisons],
    }


def write_report(paths: Sequence[str | Path], out: Path, compare: Sequence[str] = ()) -> Written:
    """Read the results and write every table, plot and page into ``out``."""
    results = load_results(paths)
    records = results.records
    verdicts = disagreements(records)
    asked = comparisons(records, compare)
    win_rates = tables.configurations(records, difficulty_label)
    all_tables = [
        win_rates,
        tables.profiles(records),
        tables.scores(records),
        tables.accidents(records),
        tables.first_player(records),
        tables.length(records),
        tables.failures(records),
        disagreement_table(verdicts),
    ]
    if compare:
        all_tables.append(comparison_table(asked))
    out.mkdir(parents=True, exist_ok=True)
    written = Written(out, warnings=list(results.warnings), games=len(records))
    written.failed = sum(not r.done for r in records)
    written.disagreements, written.comparisons = verdicts, asked
    for table in all_tables:
        path = out / f"{table.name}.csv"
        write_atomically(path, _csv(table))
        written.files.append(path)
    rate_plots = win_rate_plots(win_rates, out) if records else []
    scores = score_plots(records, out) if records else []
    written.files += [p for _, p in rate_plots + scores]
    blocks = _page(results, all_tables, verdicts, asked, rate_plots, scores)
    for name, text in (
        ("report.md", markdown(blocks, out)),
        ("report.html", html_page(blocks, "Balance lab report")),
    ):
        write_atomically(out / name, text)
        written.files.append(out / name)
    return written


def _csv(table: tables.Table) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(c.key for c in table.columns)
    for row in table.rows:
        writer.writerow(_plain(row.get(c.key)) for c in table.columns)
    return buffer.getvalue()


def _plain(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return int(value) if value.is_integer() else round(value, 6)
    return value


def _page(
    results: Results,
    all_tables: list[tables.Table],
    verdicts: list[Verdict],
    asked: list[Verdict],
    rate_plots: list[tuple[tables.SeriesKey, Path]],
    scores: list[tuple[tables.SeriesKey, Path]],
) -> list[Block]:
    by_name = {t.name: t for t in all_tables}
    records = results.records
    done = sum(r.done for r in records)
    crashed = sum(r.status == "crashed" for r in records)
    timeouts = sum(r.status == "timeout" for r in records)
    blocks: list[Block] = [
        Heading("Balance lab report", 1),
        Paragraph(
            f"{_games(len(records))} from {', '.join(results.sources)}: {done:,} finished, "
            f"{crashed:,} crashed and {timeouts:,} timed out. Every rate below is of the "
            "finished games, with its 95 % Wilson interval; the games that did not finish are "
            "listed at the end with the command that replays each one."
        ),
        Heading("What the measurement says"),
        Bullets(_findings(by_name["win_rates"], verdicts, asked, crashed + timeouts)),
    ]
    if asked:
        blocks += [Heading("Comparisons asked for"), Bullets([v.sentence() for v in asked])]
        blocks.append(TableBlock(by_name["comparisons"]))
    blocks += [Heading("Difficulty labels against the measurement")]
    if verdicts:
        blocks.append(Bullets([v.sentence() for v in verdicts[:SHOWN_VERDICTS]]))
        if len(verdicts) > SHOWN_VERDICTS:
            blocks.append(
                Paragraph(f"{len(verdicts) - SHOWN_VERDICTS} more are in label_disagreements.csv.")
            )
    else:
        blocks.append(
            Paragraph(
                "No configuration labelled easier wins less often than one labelled harder "
                "with the same seats."
            )
        )
    blocks += [Heading("Win rates"), TableBlock(by_name["win_rates"])]
    blocks += [Picture(path, f"win rates, {series_title(key)}") for key, path in rate_plots]
    blocks += [Heading("Seat profiles"), TableBlock(by_name["hand_profiles"])]
    blocks += [Heading("Scores"), TableBlock(by_name["scores"])]
    blocks += [Picture(path, f"scores, {series_title(key)}") for key, path in scores]
    blocks += [Heading("Accidents and collapses"), TableBlock(by_name["accidents"])]
    blocks += [Heading("First-player advantage"), TableBlock(by_name["first_player"])]
    blocks += [Heading("Game length"), TableBlock(by_name["game_length"])]
    blocks += [Heading("Games that did not finish"), TableBlock(by_name["failed_games"])]
    return blocks


def _games(n: int) -> str:
    return _count(n, "game")


def _count(n: int, noun: str) -> str:
    return f"1 {noun}" if n == 1 else f"{n:,} {noun}s"


def _are(n: int) -> str:
    return "is" if n == 1 else "are"


def _findings(
    win_rates: tables.Table, verdicts: list[Verdict], asked: list[Verdict], failed: int
) -> list[str]:
    found = []
    real = [v for v in verdicts if v.real]
    if real:
        found.append(
            f"{_count(len(real), 'pair')} of configurations {_are(len(real))} labelled the "
            "wrong way round beyond chance (an easier label that wins less often); "
            f"{_count(len(verdicts) - len(real), 'more pair')} {_are(len(verdicts) - len(real))} "
            "the wrong way round within chance."
        )
    elif verdicts:
        found.append(
            f"{_count(len(verdicts), 'pair')} of configurations {_are(len(verdicts))} labelled "
            "the wrong way round, none of them beyond chance at this sample size."
        )
    for row in win_rates.rows:
        if row["win_rate"] == 0 and row["done"]:
            found.append(
                f"Nobody won {row['config']} ({row['seats']}): 0 of {row['done']} games, "
                f"so at most {100 * row['high']:.0f} % (95 %)."
            )
    widest = max(
        (r for r in win_rates.rows if r["low"] is not None),
        key=lambda r: r["high"] - r["low"],
        default=None,
    )
    if widest is not None:
        width = 100 * (widest["high"] - widest["low"])
        found.append(
            f"The widest interval is {width:.0f} points ({widest['config']}, "
            f"{widest['seats']}, {widest['done']} finished games)."
        )
    if failed:
        found.append(
            f"{_count(failed, 'game')} crashed or timed out: the last table lists "
            + (
                "it with the command that replays it."
                if failed == 1
                else "them with the command that replays each."
            )
        )
    return found or ["There are no finished games to measure."]
