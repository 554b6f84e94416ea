"""What a game's play command prints, caught per thread: a Dask worker may play several
games at once in threads of one process, so ``contextlib.redirect_stdout`` (one
process-wide swap) would mix their reports."""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

_local = threading.local()
_install_lock = threading.Lock()


class _PerThread(io.TextIOBase):
    """Writes to this thread's catcher if it has one, else to the stream it replaced."""

    def __init__(self, name: str, fallback: TextIO) -> None:
        self.name_ = name
        self.fallback = fallback

    def _target(self) -> TextIO:
        return getattr(_local, self.name_, None) or self.fallback

    def write(self, text: str) -> int:
        return self._target().write(text)

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return self._target().isatty()

    def fileno(self) -> int:
        return self.fallback.fileno()


_users = 0  # threads inside ``caught``: the swap lasts while any is


@contextmanager
def caught() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """(stdout, stderr) as this thread writes them in the block; other threads' writes
    go where they went before."""
    global _users
    with _install_lock:
        if _users == 0:
            sys.stdout = _PerThread("stdout", sys.stdout)
            sys.stderr = _PerThread("stderr", sys.stderr)
        _users += 1
    out, err = io.StringIO(), io.StringIO()
    _local.stdout, _local.stderr = out, err
    try:
        yield out, err
    finally:
        _local.stdout = _local.stderr = None
        with _install_lock:
            _users -= 1
            if _users == 0:
                sys.stdout = _unwrap(sys.stdout)
                sys.stderr = _unwrap(sys.stderr)


def _unwrap(stream: TextIO) -> TextIO:
    return stream.fallback if isinstance(stream, _PerThread) else stream
