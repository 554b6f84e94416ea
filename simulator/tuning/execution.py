"""Where runs execute: in this process, a local process pool, or a Dask cluster.

Each yields records as runs finish, in any order; the store puts them in order. Ctrl-C
stops the workers and loses only the runs in flight.
"""

from __future__ import annotations

import multiprocessing
import signal
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from simulator.tuning.runs import Run, execute

Record = dict[str, Any]


def serial(runs: Sequence[Run]) -> Iterator[Record]:
    for run in runs:
        yield execute(run)


def _ignore_interrupt() -> None:
    # The parent alone handles Ctrl-C (it terminates the pool); a worker that raised
    # KeyboardInterrupt mid-run would only break the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(runs: Sequence[Run], workers: int) -> Iterator[Record]:
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupt)
    try:
        yield from pool.imap_unordered(execute, runs, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def dask(runs: Sequence[Run], address: str) -> Iterator[Record]:
    from distributed import Client, as_completed

    # A fresh token per sweep: a task cancelled by Ctrl-C must not shadow its rerun.
    token = uuid.uuid4().hex[:8]
    with Client(address, timeout="20s") as client:
        keys = [f"towersim-tune-{token}-{r.key}" for r in runs]
        futures = client.map(execute, list(runs), key=keys)
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
