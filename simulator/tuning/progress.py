"""A progress bar with an ETA on stderr (a line per update when stderr is not a TTY)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
QUIET_SECONDS = 5.0  # without a TTY: at most one line this often


class Progress:
    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = done
        self.start_done = done
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.tty = self.stream.isatty()
        self._last = 0.0

    def advance(self, label: str = "") -> None:
        self.done += 1
        now = time.monotonic()
        if self.tty or now - self._last >= QUIET_SECONDS or self.done == self.total:
            self._last = now
            self._draw(label)

    def _draw(self, label: str) -> None:
        elapsed = time.monotonic() - self.started
        fresh = self.done - self.start_done
        left = self.total - self.done
        eta = elapsed / fresh * left if fresh else float("nan")
        filled = int(WIDTH * self.done / self.total) if self.total else WIDTH
        bar = "#" * filled + "-" * (WIDTH - filled)
        text = (
            f"[{bar}] {self.done}/{self.total} elapsed {_clock(elapsed)} ETA {_clock(eta)} {label}"[
                :110
            ]
        )
        if self.tty:
            self.stream.write("\r\033[K" + text)
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    if seconds != seconds:  # nan: nothing finished yet
        return "--:--"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
