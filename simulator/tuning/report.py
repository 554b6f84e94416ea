"""A sweep from the command line: run it, then summarize and plot the results."""

from __future__ import annotations

import sys
from pathlib import Path

from simulator.tuning.experiment import load_experiment
from simulator.tuning.plots import write_plots
from simulator.tuning.summary import PointSummary, pareto, summarize
from simulator.tuning.sweep import run_sweep

SHOWN = 12  # points listed in the printed summary


def run_experiment(path: str, out: str | None, workers: int, dask_address: str | None) -> int:
    experiment = load_experiment(path)
    out_dir = Path(out) if out else Path("tuning-out") / experiment.name
    print(f"{experiment.name}: {len(experiment.runs())} runs -> {out_dir}", file=sys.stderr)
    try:
        result = run_sweep(experiment, out_dir, workers=workers, dask_address=dask_address)
    except KeyboardInterrupt:
        print("\ninterrupted: finished rows are kept; run again to resume", file=sys.stderr)
        return 130
    points = summarize(result.store.rows.values(), experiment.param_names)
    print(f"{result.ran} runs done now, {result.skipped} already in {result.store.records_path}")
    _print_points(points)
    for plot in write_plots(points, experiment.param_names, out_dir):
        print(f"plot: {plot}")
    return 0


def _print_points(points: list[PointSummary]) -> None:
    score = "worst" if any(p.errors for p in points) else "fallen_per_game"
    front = pareto(points, score)
    ordered = sorted(points, key=lambda p: (p.failed, p.wall_s))[:SHOWN]
    print(f"{'failed':>6} {'worst err':>9} {'collapse':>8} {'fallen':>6} {'wall s':>8}  point")
    for p in ordered:
        mark = " *" if p in front else ""
        print(
            f"{p.failed:>6} {p.worst:>9.2f} {p.collapse_rate:>8.2f} {p.fallen_per_game:>6.1f} "
            f"{p.wall_s:>8.2f}  "
            f"{p.label()}{mark}"
        )
    print("(* on the Pareto front; worst err: largest |threshold error| / tolerance)")
