"""``towersim tune``: the command line of the tuning lab (docs/tuning.md).

Exit status: 0 the sweep finished (or --calibrate: every case right), 1 a calibration
case is wrong, 2 the experiment file or an option is invalid, 130 interrupted (the
finished rows are kept; run again to resume).
"""

from __future__ import annotations

import argparse
import os
import sys

from simulator.execution import Unreachable
from simulator.physics.profile import profile_names
from simulator.scenario.errors import ScenarioError
from simulator.tuning.calibrate import calibrate
from simulator.tuning.params import INTEGER_FIELDS, Value, check_name, check_value
from simulator.tuning.store import StoreError

EXIT_OK, EXIT_WRONG, EXIT_INVALID, EXIT_INTERRUPTED = 0, 1, 2, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "experiment",
        nargs="?",
        metavar="EXPERIMENT.toml",
        help="the experiment file (see docs/tuning.md)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="local worker processes (default: one per core)",
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="run on an existing Dask distributed scheduler instead"
    )
    parser.add_argument(
        "--out", metavar="DIR", help="results directory (default: tuning-out/EXPERIMENT-NAME)"
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="check a profile against every calibration case; exit 1 if one is wrong",
    )
    parser.add_argument(
        "--profile",
        choices=profile_names(),
        help="with --calibrate: the profile to check (default: default)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --calibrate: override a parameter (repeatable)",
    )
    parser.add_argument(
        "--only", metavar="TEXT", help="with --calibrate: only the cases whose name contains TEXT"
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (ScenarioError, StoreError, Unreachable) as exc:
        print(f"towersim tune: {exc}", file=sys.stderr)
        return EXIT_INVALID


def _run(args: argparse.Namespace) -> int:
    if args.workers < 1:
        return _invalid("--workers must be at least 1")
    if args.calibrate:
        if args.experiment:
            return _invalid("give an experiment file or --calibrate, not both")
        point = _settings(args.set)
        if point is None:
            return EXIT_INVALID
        return calibrate(point, args.profile, args.only, args.workers, sys.stdout)
    if not args.experiment:
        return _invalid("give an experiment file (or --calibrate)")
    if args.set or args.profile or args.only:
        return _invalid("--set, --profile and --only go with --calibrate")
    from simulator.tuning.report import run_experiment  # lazy: command

    return run_experiment(args.experiment, args.out, args.workers, args.dask)


def _invalid(message: str) -> int:
    print(f"towersim tune: {message}", file=sys.stderr)
    return EXIT_INVALID


def _settings(pairs: list[str]) -> list[tuple[str, Value]] | None:
    point: list[tuple[str, Value]] = []
    for pair in pairs:
        name, sep, text = pair.partition("=")
        problem = None if sep else "is not NAME=VALUE"
        problem = problem or check_name(name)
        value: Value = 0
        if problem is None:
            try:
                value = int(text) if name in INTEGER_FIELDS else float(_fraction(text))
            except ValueError:
                problem = f"{text!r} is not a number"
        problem = problem or check_value(name, value)
        if problem:
            _invalid(f"--set {pair}: {problem}")
            return None
        point.append((name, value))
    return point


def _fraction(text: str) -> float:
    from fractions import Fraction

    try:
        return float(Fraction(text.strip()))
    except ZeroDivisionError:
        raise ValueError(text) from None
