"""The labs' one executor (simulator/execution.py): results in the tasks' order whatever
order they finish in, a task that raises, overruns or loses its worker is that task's
failure and the rest run, and Ctrl-C stops the workers without losing what finished."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from simulator import execution
from simulator.execution import Failed

DIES, HANGS, RAISES, KILLED = -1, -2, -3, -4


def square(n: int) -> int:
    """The tasks (spawned workers import them from here): larger numbers finish sooner."""
    if n == DIES:
        os._exit(7)
    if n == KILLED:  # as by the out-of-memory killer or ``kill -9``
        os.kill(os.getpid(), signal.SIGKILL)
    if n == HANGS:
        time.sleep(60)
    if n == RAISES:
        raise ValueError("no square for you")
    time.sleep(0.1 * max(0, 3 - n))
    return n * n


def results(tasks: list[int], **how: Any) -> list[tuple[int, int | Failed]]:
    return list(execution.run(square, tasks, **how))


@pytest.mark.parametrize("workers", [1, 3])
def test_results_come_in_the_tasks_order(workers: int) -> None:
    tasks = [0, 1, 2, 3, 4, 5]
    assert results(tasks, workers=workers) == [(n, n * n) for n in tasks]


def test_a_dead_worker_an_overrun_and_a_raise_are_their_tasks_failures() -> None:
    tasks = [4, DIES, 5, HANGS, 6, RAISES, 7]
    found = dict(results(tasks, workers=2, timeout=3))
    assert list(found) == tasks
    assert [found[n] for n in (4, 5, 6, 7)] == [16, 25, 36, 49]
    dead, hung, raised = found[DIES], found[HANGS], found[RAISES]
    assert isinstance(dead, Failed) and isinstance(hung, Failed) and isinstance(raised, Failed)
    assert (dead.status, dead.reason) == ("crashed", "the worker died (exit code 7)")
    assert (hung.status, hung.reason) == ("timeout", "no result within 3 s")
    assert hung.seconds >= 3
    assert (raised.status, raised.reason) == ("crashed", "ValueError: no square for you")


def test_one_task_with_workers_runs_in_a_worker_that_may_be_killed() -> None:
    [(_, killed)] = results([KILLED], workers=2)
    assert isinstance(killed, Failed) and killed.status == "crashed"
    assert killed.reason == "the worker died (exit code -9)"


def test_an_overrun_in_this_process_is_stopped_by_the_alarm() -> None:
    started = time.monotonic()
    (_, hung), after = results([HANGS, 4], timeout=0.5)
    assert time.monotonic() - started < 10
    assert isinstance(hung, Failed) and hung.status == "timeout"
    assert hung.reason == "no result within 0.5 s" and after == (4, 16)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the handler is put back


def test_ctrl_c_hands_back_what_finished_then_raises() -> None:
    def finished() -> Iterator[tuple[int, Any]]:
        yield 2, "c"
        yield 1, "b"
        raise KeyboardInterrupt

    got = []
    with pytest.raises(KeyboardInterrupt):
        for pair in execution._in_order(["a", "b", "c", "d"], finished()):
            got.append(pair)
    assert got == [("b", "b"), ("c", "c")]  # in order; "a" was in flight, "d" not started


def test_ctrl_c_stops_the_pools_workers() -> None:
    main = threading.main_thread().ident
    assert main is not None

    def interrupt() -> None:  # Ctrl-C once both workers are busy
        deadline = time.monotonic() + 60
        while len(multiprocessing.active_children()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)
        signal.pthread_kill(main, signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        results([HANGS, HANGS, HANGS], workers=2)
    assert multiprocessing.active_children() == []


def test_dask_gives_the_same_results_and_failures() -> None:
    from distributed import LocalCluster

    tasks = [0, RAISES, 1, 2, 3]
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        found = results(tasks, dask=cluster.scheduler_address)
    assert [task for task, _ in found] == tasks
    assert [result for task, result in found if task != RAISES] == [0, 1, 4, 9]
    raised = dict(found)[RAISES]
    assert isinstance(raised, Failed) and raised.status == "crashed"
    assert raised.reason == "ValueError: no square for you"


def test_on_dask_a_killed_worker_and_an_overrun_are_their_tasks_failures() -> None:
    import dask
    from distributed import LocalCluster

    # Dask would retry a task whose worker died on three more workers; once is enough.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        # The overrun goes last: its thread sleeps on after the cancel, and a task sent to
        # that worker would wait behind it (docs/lab.md).
        found = dict(results([4, KILLED, 5, HANGS], dask=cluster.scheduler_address, timeout=3))
    assert (found[4], found[5]) == (16, 25)
    killed, hung = found[KILLED], found[HANGS]
    assert isinstance(killed, Failed) and killed.status == "crashed"
    assert killed.reason.startswith("KilledWorker: ")
    assert hung == Failed("timeout", hung.seconds, "no result within 3 s")
