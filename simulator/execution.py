"""The one executor of both labs (the balance lab's games, the tuning lab's runs): tasks
run in this process, on a pool of spawned local processes, or on a Dask cluster, and
come back in the order given, whatever order they finish in.

A task is ``function(task)``; ``function`` and the tasks must pickle (a module-level
function, or a ``functools.partial`` of one). A task that raises, that runs over its
time budget, or whose worker dies (killed, out of memory, ``os._exit``) comes back as a
``Failed`` in its place, and the rest go on. Ctrl-C (KeyboardInterrupt) stops the
workers; the tasks that had finished still come back, in order, before it is raised,
so only the tasks in flight are lost.

The pool spawns its workers (each imports the code afresh), so it works where fork is
missing or unsafe (Windows, macOS), and it starts a fresh worker for one that died or
overran: ``multiprocessing.Pool`` would wait forever for a killed worker's task.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import time
import traceback
import uuid
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Failed:
    """A task that gave no result."""

    status: str  # "timeout" (over its budget) or "crashed" (it raised, or its worker died)
    seconds: float  # from its start to the verdict
    reason: str  # one line


class Unreachable(RuntimeError):
    """The Dask scheduler cannot be reached (one line)."""


# (task's index, its result) as tasks finish
Finished = Generator[tuple[int, Any], None, None]


def run(
    function: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    timeout: float | None = None,
    dask: object | None = None,
    label: str = "towersim",
) -> Iterator[tuple[T, R | Failed]]:
    """Each task with its result (or its ``Failed``), in the order of ``tasks``.

    ``dask``: a scheduler's address (or a ``LocalCluster``) to run the tasks on, as many
    in flight as it has threads; else ``workers`` local processes, or this process when
    1. ``timeout``: seconds a task may take (None: no limit); ``label`` starts the Dask
    task keys, which the cluster's dashboard shows."""
    if dask is not None and tasks:  # no tasks: no cluster to reach
        finished = _dask(function, tasks, dask, timeout, label)
    elif workers > 1 and tasks:  # even for one task: a worker's death is not ours
        finished = _pool(function, tasks, min(workers, len(tasks)), timeout)
    else:
        finished = _serial(function, tasks, timeout)
    return _in_order(tasks, finished)


def _in_order(tasks: Sequence[T], finished: Finished) -> Iterator[tuple[T, Any]]:
    waiting: dict[int, Any] = {}
    following = 0
    try:
        for index, result in finished:
            waiting[index] = result
            while following in waiting:
                yield tasks[following], waiting.pop(following)
                following += 1
    except KeyboardInterrupt:
        finished.close()  # the workers stop first; what had finished is not lost
        for index in sorted(waiting):
            yield tasks[index], waiting[index]
        raise
    finally:
        finished.close()


def _crash(exc: Exception) -> str:
    return traceback.format_exception_only(exc)[-1].strip()


def _overtime(seconds: float, budget: float) -> Failed:
    return Failed("timeout", seconds, f"no result within {budget:g} s")


# -- in this process --------------------------------------------------------------------


class _Overtime(BaseException):  # not an Exception: the task must not catch it as a crash
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Overtime


def _serial(function: Callable[[T], R], tasks: Sequence[T], budget: float | None) -> Finished:
    """One task after another; the time budget needs SIGALRM (not on Windows) and the
    main thread (where Python runs signal handlers)."""
    main = threading.current_thread() is threading.main_thread()
    alarm = budget if main and hasattr(signal, "setitimer") else None
    previous = signal.signal(signal.SIGALRM, _alarm) if alarm is not None else None
    try:
        for index, task in enumerate(tasks):
            started = time.monotonic()
            if alarm is not None:
                signal.setitimer(signal.ITIMER_REAL, alarm)
            try:
                result: Any = function(task)
            except _Overtime:
                assert alarm is not None  # only the alarm raises it
                result = _overtime(time.monotonic() - started, alarm)
            except Exception as exc:
                result = Failed("crashed", time.monotonic() - started, _crash(exc))
            finally:
                if alarm is not None:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            yield index, result
    finally:
        if alarm is not None:
            signal.signal(signal.SIGALRM, previous)


# -- a pool of spawned processes -----------------------------------------------------------


def _serve(conn: Connection, function: Callable[[Any], Any]) -> None:
    """A worker: run the tasks it is sent until it is sent None."""
    # The parent alone handles Ctrl-C (it stops the workers); a worker that raised
    # KeyboardInterrupt mid-task would report a crash.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        while (task := conn.recv()) is not None:
            started = time.monotonic()
            try:
                result = function(task)
            except Exception as exc:
                result = Failed("crashed", time.monotonic() - started, _crash(exc))
            conn.send(result)
    except (EOFError, BrokenPipeError):
        pass  # the parent is gone: nobody waits for this task


class _Worker(Generic[T]):
    def __init__(self, context: Any, function: Callable[[T], Any]) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, function), daemon=True)
        self.process.start()
        child.close()
        self.index: int | None = None  # the task it runs
        self.started = 0.0

    def give(self, index: int, task: T) -> None:
        self.index, self.started = index, time.monotonic()
        # A worker that died between tasks: its sentinel fails this task in ``_collect``.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.conn.send(task)

    def stop(self) -> None:
        if self.process.exitcode is None:
            self.process.terminate()
            self.process.join(5)
        if self.process.exitcode is None:  # stuck where SIGTERM does not reach
            self.process.kill()
        self.process.join()
        self.conn.close()


def _pool(
    function: Callable[[T], R], tasks: Sequence[T], workers: int, budget: float | None
) -> Finished:
    context = multiprocessing.get_context("spawn")
    queue = deque(enumerate(tasks))
    pool: list[_Worker[T]] = []
    try:  # started inside: a Ctrl-C while they start stops those already running
        while len(pool) < workers:
            pool.append(_Worker(context, function))
            pool[-1].give(*queue.popleft())
        while busy := [w for w in pool if w.index is not None]:
            pause = None
            if budget is not None:
                pause = max(0.0, min(w.started for w in busy) + budget - time.monotonic())
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], pause)
            for worker in busy:
                index, result, alive = _collect(worker, ready, budget)
                if index is None:
                    continue
                if not alive:  # dead, or busy with a task nobody waits for
                    worker.stop()
                if queue:
                    if not alive:
                        pool[pool.index(worker)] = worker = _Worker(context, function)
                    worker.give(*queue.popleft())
                yield index, result
    finally:
        for worker in pool:
            worker.stop()


def _collect(
    worker: _Worker[Any], ready: list[Any], budget: float | None
) -> tuple[int | None, Any, bool]:
    """(index, result, whether the worker may take another task) when the worker's task
    ended, failed or ran out of time (the worker is then free); index None while it runs."""
    index, seconds = worker.index, time.monotonic() - worker.started
    if worker.conn in ready or worker.process.sentinel in ready:
        worker.index = None
        try:
            if worker.conn.poll():
                return index, worker.conn.recv(), True
        except (EOFError, OSError):
            pass  # the pipe closed: the worker died before answering
        worker.process.join(1)
        code = worker.process.exitcode
        return index, Failed("crashed", seconds, f"the worker died (exit code {code})"), False
    if budget is not None and seconds >= budget:
        worker.index = None
        return index, _overtime(seconds, budget), False
    return None, None, True


# -- a Dask cluster --------------------------------------------------------------------------


def _dask(
    function: Callable[[T], R],
    tasks: Sequence[T],
    address: object,
    budget: float | None,
    label: str,
) -> Finished:
    """As many tasks in flight as the cluster has threads, so a task's budget runs from
    its start. A task over its budget is cancelled; its thread may run on until the task
    ends, as a thread cannot be stopped."""
    from distributed import Client  # lazy: extra
    from distributed import wait as dask_wait  # lazy: extra

    token = uuid.uuid4().hex[:8]  # a task cancelled by Ctrl-C must not shadow its rerun
    queue = deque(enumerate(tasks))
    try:
        client = Client(address, timeout="20s")
    except (OSError, ValueError) as exc:  # refused, timed out, or not an address
        raise Unreachable(f"--dask {address}: cannot reach the scheduler ({exc})") from None
    with client:
        slots = max(1, sum(client.nthreads().values()))
        running: dict[Any, tuple[int, float]] = {}

        def submit() -> None:
            index, task = queue.popleft()
            key = f"{label}-{token}-{index}"
            running[client.submit(function, task, key=key, pure=False)] = index, time.monotonic()

        try:
            while queue and len(running) < slots:
                submit()
            while running:
                pause = None
                if budget is not None:
                    first = min(started for _, started in running.values())
                    pause = max(0.01, first + budget - time.monotonic())
                try:
                    done = dask_wait(list(running), timeout=pause, return_when="FIRST_COMPLETED")
                    finished = set(done.done)
                except TimeoutError:
                    finished = set()
                now = time.monotonic()
                for future, (index, started) in list(running.items()):
                    if future in finished:
                        result = _dask_result(future, now - started)
                    elif budget is not None and now - started >= budget:
                        client.cancel([future])
                        result = _overtime(now - started, budget)
                    else:
                        continue
                    del running[future]
                    if queue:
                        submit()
                    yield index, result
        finally:
            client.cancel(list(running))


def _dask_result(future: Any, seconds: float) -> Any:
    if future.status == "finished":
        return future.result()
    if future.status == "cancelled":  # by the scheduler (a restart), not by us
        return Failed("crashed", seconds, "the cluster cancelled the task")
    error = future.exception()  # a worker lost (KilledWorker) or a task that raised
    return Failed("crashed", seconds, f"{type(error).__name__}: {error}")
