"""How the tuning lab runs its runs on the shared executor (simulator/execution.py): in
this process, on a pool of spawned processes, or on a Dask cluster, each record coming
back in the runs' order. A run that raises or whose worker dies is a row of its own
(verdict "error", no kind, the reason in ``detail``) and the rest go on; Ctrl-C loses
only the runs in flight."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from simulator import execution
from simulator.tuning.runs import Run, execute

Record = dict[str, Any]


def records(runs: Sequence[Run], workers: int = 1, dask: str | None = None) -> Iterator[Record]:
    """Each run's record, in the order of ``runs``: ``dask`` a scheduler's address, else
    ``workers`` local processes (this one when 1)."""
    for run, result in execution.run(
        execute, runs, workers=workers, dask=dask, label="towersim-tune"
    ):
        yield _failed(run, result) if isinstance(result, execution.Failed) else result


def _failed(run: Run, failure: execution.Failed) -> Record:
    """The row of a run that gave no record: what it was, and why (a crash is not a
    measurement, so its kind stays empty and the summaries count it as failed only)."""
    return {
        "key": run.key,
        "run": run.index,
        "target": run.target.label,
        "verdict": "error",
        "detail": failure.reason,
        "steps": 0,
        "wall_s": round(failure.seconds, 4),
        "steps_per_s": 0,
        **dict(run.point),
    }
