"""Running an experiment: skip finished runs, execute the rest, store each row."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from simulator.tuning import execution
from simulator.tuning.experiment import Experiment
from simulator.tuning.progress import Progress
from simulator.tuning.runs import LEAD_COLUMNS, RESULT_COLUMNS, TIMING_COLUMNS, Run
from simulator.tuning.store import ResultStore


@dataclass(frozen=True)
class SweepResult:
    store: ResultStore
    ran: int
    skipped: int


def columns(experiment: Experiment) -> list[str]:
    return [*LEAD_COLUMNS, *experiment.param_names, *RESULT_COLUMNS, *TIMING_COLUMNS]


def unique_runs(experiment: Experiment) -> list[Run]:
    """The experiment's runs, each once (two globs may name one file)."""
    seen: set[str] = set()
    runs = []
    for run in experiment.runs():
        if run.key not in seen:
            seen.add(run.key)
            runs.append(run)
    return runs


def run_sweep(
    experiment: Experiment,
    out: Path,
    *,
    workers: int = 1,
    dask_address: str | None = None,
    limit: int | None = None,
    stream: TextIO | None = None,
) -> SweepResult:
    """Run what is not yet in ``out/results.jsonl`` and write ``out/results.csv``.
    ``limit`` stops after that many new rows (an interrupted sweep, for tests)."""
    store = ResultStore(out, columns(experiment))
    runs = unique_runs(experiment)
    order = {run.key: run.index for run in runs}
    pending = [run for run in runs if run.key not in store]
    if limit is not None:
        pending = pending[:limit]
    progress = Progress(len(runs), len(runs) - len(pending) if limit is None else 0, stream)
    if limit is not None:
        progress.total = len(pending)
    ran = 0
    try:
        for record in execution.records(pending, workers, dask_address):
            store.add(record)
            ran += 1
            progress.advance(str(record["target"]))
    finally:  # an interrupted sweep's table holds what finished too
        store.close()
        store.write_table(order)
    return SweepResult(store, ran, len(runs) - len(pending))
