"""Where a computer seat thinks: off the drawing thread, so the window keeps drawing.

A worker takes a job (a function and its arguments) and hands back a Future the screen
polls each frame; the result is applied on the window's thread. ``ThreadWorker`` runs
each job on a daemon thread of its own: physics bots spend most of their time in
pymunk's C code, which lets the window's thread run. Filled In's pure-Python bots
think in a process instead (simulator/app/filled_in/thinking.py), with the same
interface.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol


class Worker(Protocol):
    def submit(self, job: Callable[..., Any], *args: Any) -> Future: ...

    def close(self) -> None:
        """Drop every job not yet finished (nobody waits for it any more)."""


class ThreadWorker:
    """Runs each job on a daemon thread (a thread cannot be stopped midway: a job under
    way when the worker closes finishes on its own and its result goes nowhere; a
    daemon thread never holds the app's exit up)."""

    def __init__(self) -> None:
        self._futures: list[Future] = []

    def submit(self, job: Callable[..., Any], *args: Any) -> Future:
        future: Future = Future()
        self._futures = [f for f in self._futures if not f.done()] + [future]
        thread = threading.Thread(target=_run, args=(future, job, args), daemon=True)
        thread.start()
        return future

    def close(self) -> None:
        for future in self._futures:
            future.cancel()
        self._futures = []


def _run(future: Future, job: Callable[..., Any], args: tuple[Any, ...]) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        result = job(*args)
    except BaseException as exc:  # handed to whoever polls the future
        future.set_exception(exc)
    else:
        future.set_result(result)
