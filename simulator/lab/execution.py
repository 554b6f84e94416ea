"""Where lab games run: in this process, on a pool of spawned local processes, or on a
Dask cluster. All three play a game with ``attempt`` (the same code path) and yield
its record as it ends, in any order; a game over the time budget or a worker that dies
becomes a "timeout" or "crashed" record and the rest go on. Ctrl-C (KeyboardInterrupt)
stops the workers and loses only the games in flight.

The tuning lab's pool forks; this one spawns (each worker imports the code afresh), so
it works where fork is missing or unsafe (Windows, macOS).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
import uuid
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from simulator.games.registry import GAMES
from simulator.lab.game import Record, Refused, base_record, play_game
from simulator.lab.tournament import GameSpec

# ("record", record), ("refused", the play command's line) or ("unwritable", the errno,
# reason and file of a recording the disk refused)
Outcome = tuple[str, Any]


def attempt(spec: GameSpec, recordings: str | None) -> Outcome:
    """One game, as every executor plays it."""
    # A spawned process or a Dask worker starts with the built-in games only; the
    # plug-ins (TOWERSIM_GAMES) join here, as ``towersim`` loads them first thing.
    GAMES.load_plugins()
    try:
        return "record", play_game(spec, recordings)
    except Refused as exc:
        return "refused", str(exc)
    except OSError as exc:  # the recording: every later game would fail alike
        return "unwritable", (exc.errno, exc.strerror, exc.filename)


def _result(spec: GameSpec, outcome: Outcome) -> Record:
    kind, payload = outcome
    if kind == "refused":
        raise Refused(payload)
    if kind == "unwritable":
        raise OSError(*payload)
    return payload


def timed_out(spec: GameSpec, seconds: float, budget: float) -> Record:
    return base_record(spec, "timeout", seconds, f"no result within {budget:g} s (--game-timeout)")


class Unreachable(RuntimeError):
    """The Dask scheduler cannot be reached (one line)."""


# -- in this process --------------------------------------------------------------------


class _Overtime(BaseException):  # not an Exception: play_game must not catch it as a crash
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Overtime


def serial(specs: Sequence[GameSpec], budget: float, recordings: str | None) -> Iterator[Record]:
    """One game after another; the time budget needs SIGALRM (not on Windows) and the
    main thread (where Python runs signal handlers)."""
    timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGALRM, _alarm) if timer else None
    try:
        for spec in specs:
            started = time.monotonic()
            if timer:
                signal.setitimer(signal.ITIMER_REAL, budget)
            try:
                outcome = attempt(spec, recordings)
            except _Overtime:
                yield timed_out(spec, time.monotonic() - started, budget)
                continue
            finally:
                if timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            yield _result(spec, outcome)
    finally:
        if timer:
            signal.signal(signal.SIGALRM, previous)


# -- a pool of spawned processes -----------------------------------------------------------


def _serve(conn: Connection, recordings: str | None) -> None:
    """A worker: play the games it is sent until it is sent None."""
    # The parent alone handles Ctrl-C (it stops the workers); a worker that raised
    # KeyboardInterrupt mid-game would report a crash.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        while (spec := conn.recv()) is not None:
            conn.send(attempt(spec, recordings))
    except (EOFError, BrokenPipeError):
        pass  # the parent is gone: nobody waits for this game


class _Worker:
    def __init__(self, context: Any, recordings: str | None) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, recordings), daemon=True)
        self.process.start()
        child.close()
        self.spec: GameSpec | None = None
        self.started = 0.0

    def give(self, spec: GameSpec) -> None:
        self.spec, self.started = spec, time.monotonic()
        self.conn.send(spec)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(5)
        self.conn.close()


def process_pool(
    specs: Sequence[GameSpec], workers: int, budget: float, recordings: str | None
) -> Iterator[Record]:
    context = multiprocessing.get_context("spawn")
    queue = deque(specs)
    pool = [_Worker(context, recordings) for _ in range(min(workers, len(queue)))]
    try:
        for worker in pool:
            worker.give(queue.popleft())
        while busy := [w for w in pool if w.spec is not None]:
            first_deadline = min(w.started for w in busy) + budget
            ready = wait(
                [w.conn for w in busy] + [w.process.sentinel for w in busy],
                timeout=max(0.0, first_deadline - time.monotonic()),
            )
            for worker in busy:
                record = _collect(worker, ready, budget)
                if record is None:
                    continue
                if not worker.process.is_alive() or record["status"] == "timeout":
                    worker.stop()  # dead, or busy with a game nobody waits for
                    pool[pool.index(worker)] = worker = _Worker(context, recordings)
                if queue:
                    worker.give(queue.popleft())
                yield record
    finally:
        for worker in pool:
            worker.stop()


def _collect(worker: _Worker, ready: list[Any], budget: float) -> Record | None:
    """The record of the worker's game if it ended, failed or ran out of time (the
    worker is then free); None if it is still playing."""
    spec = worker.spec
    assert spec is not None
    seconds = time.monotonic() - worker.started
    if worker.conn in ready or worker.process.sentinel in ready:
        worker.spec = None
        try:
            if worker.conn.poll():
                return _result(spec, worker.conn.recv())
        except (EOFError, OSError):
            pass  # the pipe closed: the worker died before answering
        worker.process.join(1)
        code = worker.process.exitcode
        return base_record(spec, "crashed", seconds, f"the worker died (exit code {code})")
    if seconds >= budget:
        worker.spec = None
        return timed_out(spec, seconds, budget)
    return None


# -- a Dask cluster --------------------------------------------------------------------------


def dask(
    specs: Sequence[GameSpec], address: Any, budget: float, recordings: str | None
) -> Iterator[Record]:
    """Games as Dask tasks on the cluster at ``address`` (or a LocalCluster object), as
    many in flight as it has threads. A task over its budget is cancelled; its thread may
    play on until the game ends, as a thread cannot be stopped."""
    from distributed import Client
    from distributed import wait as dask_wait

    token = uuid.uuid4().hex[:8]  # a task cancelled by Ctrl-C must not shadow its rerun
    queue = deque(specs)
    try:
        client = Client(address, timeout="20s")
    except (OSError, ValueError) as exc:  # refused, timed out, or not an address
        raise Unreachable(f"--dask {address}: cannot reach the scheduler ({exc})") from None
    with client:
        slots = max(1, sum(client.nthreads().values()))
        running: dict[Any, tuple[GameSpec, float]] = {}

        def submit() -> None:
            spec = queue.popleft()
            key = f"towersim-lab-{token}-{spec.key}"
            future = client.submit(attempt, spec, recordings, key=key, pure=False)
            running[future] = (spec, time.monotonic())

        try:
            while queue and len(running) < slots:
                submit()
            while running:
                first_deadline = min(started for _, started in running.values()) + budget
                try:
                    wait_for = max(0.01, first_deadline - time.monotonic())
                    done = dask_wait(list(running), timeout=wait_for, return_when="FIRST_COMPLETED")
                    finished = set(done.done)
                except TimeoutError:
                    finished = set()
                now = time.monotonic()
                for future, (spec, started) in list(running.items()):
                    if future in finished:
                        record = _dask_record(future, spec, now - started)
                    elif now - started >= budget:
                        client.cancel([future])
                        record = timed_out(spec, now - started, budget)
                    else:
                        continue
                    del running[future]
                    if queue:
                        submit()
                    yield record
        finally:
            client.cancel(list(running))


def _dask_record(future: Any, spec: GameSpec, seconds: float) -> Record:
    if future.status == "finished":
        return _result(spec, future.result())
    error = future.exception()  # a worker lost (KilledWorker) or a task that raised
    return base_record(spec, "crashed", seconds, f"{type(error).__name__}: {error}")
