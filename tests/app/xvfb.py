"""What the real-window tests share: an Xvfb display of their own, the app (a driver
module) started on it as a subprocess, waits on the files the driver writes, and xdotool.
Skipped (saying why) only where Xvfb or xdotool is missing; CI (.ci/run) installs both."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

needs_xvfb = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="Xvfb and xdotool are not installed (apt-get install xvfb xdotool)",
)


@dataclass
class RealApp:
    """The driver's process on its own display; ``env`` is what xdotool runs with."""

    process: subprocess.Popen
    env: dict[str, str]
    log: Path  # the app's stderr (a file: a pipe nobody reads could fill and block it)

    def stderr_tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:]

    def wait_for(self, path: Path, seconds: float) -> dict:
        """The JSON the driver writes to ``path``, within ``seconds``; a failure names the
        file and carries the app's stderr tail."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if path.exists():
                return json.loads(path.read_text())
            if self.process.poll() is not None:
                raise AssertionError(f"the app exited early: {self.stderr_tail()}")
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {path.name}: {self.stderr_tail()}")

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20, check=True
        )
        return done.stdout.strip()

    def window(self, title: str) -> str:
        """The app window's id, focused."""
        window = self.xdotool("search", "--sync", "--name", title).split()[0]
        self.xdotool("windowfocus", "--sync", window)
        return window


@contextmanager
def real_app(
    driver: str, out: Path, *args: str, env: dict[str, str] | None = None
) -> Iterator[RealApp]:
    """``python -m DRIVER OUT ARGS`` under an Xvfb display of its own, killed afterwards;
    its stderr goes to ``OUT/app-stderr.txt``."""
    display = f":{90 + os.getpid() % 100}"
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    full = {**os.environ, **(env or {}), "DISPLAY": display, "PYTHONPATH": str(ROOT)}
    full.pop("PYGLET_HEADLESS", None)
    process = None
    log = out / "app-stderr.txt"
    try:
        time.sleep(1.0)
        with log.open("wb") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-m", driver, str(out), *args],
                cwd=ROOT,
                env=full,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        yield RealApp(process, full, log)
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)
