"""Speed-up of a tuning sweep with a local process pool over the same sweep run serially.

The workload is the threshold part of scenarios/experiments/default-profile.toml at four
of its points (80 runs: its 20 threshold cases, each a bisection of 11 to 12 sandbox
runs): real lab work, long enough that starting the pool is noise. Both sweeps write
to fresh directories; their rows must agree except for the timing columns (checked).
Target: >= 1.8x with 2 workers.

Run: PYTHONPATH=. python -m benchmarks.tuning_speedup [--workers 2] [--points 4]
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.towers import machine_line
from simulator.tuning.experiment import Experiment, load_experiment
from simulator.tuning.runs import TIMING_COLUMNS
from simulator.tuning.sweep import run_sweep
from simulator.tuning.targets import ThresholdTarget

EXPERIMENT = Path(__file__).resolve().parents[1] / "scenarios/experiments/default-profile.toml"
TARGET = 1.8


def workload(points: int) -> Experiment:
    experiment = load_experiment(EXPERIMENT)
    params = tuple(replace(p, values=(p.values or ())[:2]) for p in experiment.params)
    targets = tuple(t for t in experiment.targets if isinstance(t, ThresholdTarget))
    trimmed = replace(experiment, params=params, targets=targets)
    assert len(trimmed.points()) >= points
    return trimmed


def timed_sweep(experiment: Experiment, workers: int) -> tuple[float, list[dict[str, str]]]:
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        result = run_sweep(experiment, Path(out), workers=workers, stream=io.StringIO())
        wall = time.perf_counter() - started
        rows = [
            {k: v for k, v in row.items() if k not in TIMING_COLUMNS}
            for row in result.store.rows.values()
        ]
    return wall, sorted(rows, key=lambda r: r["key"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--points", type=int, default=4)
    args = parser.parse_args()
    experiment = workload(args.points)
    print(machine_line())
    serial, serial_rows = timed_sweep(experiment, 1)
    parallel, parallel_rows = timed_sweep(experiment, args.workers)
    if serial_rows != parallel_rows:
        raise SystemExit("the parallel sweep's rows differ from the serial sweep's")
    ratio = serial / parallel
    print(
        f"{len(serial_rows)} runs: serial {serial:.2f} s, {args.workers} workers "
        f"{parallel:.2f} s, speed-up {ratio:.2f}x (target >= {TARGET}x): "
        f"{'PASS' if ratio >= TARGET else 'FAIL'}"
    )
    print(machine_line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
