"""One real window under Xvfb: xdotool moves the real mouse to place a block, and the
rules' verdict is checked. Skipped (saying why) only where Xvfb or xdotool is missing;
CI (.ci/run) installs both."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="Xvfb and xdotool are not installed (apt-get install xvfb xdotool)",
)

ROOT = Path(__file__).resolve().parents[2]


def _wait_for(path: Path, seconds: float, process: subprocess.Popen) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists():
            return json.loads(path.read_text())
        if process.poll() is not None:
            raise AssertionError(f"the app exited early: {process.stderr.read().decode()[-2000:]}")
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {path.name}")


def _xdotool(env: dict, *args: str) -> str:
    done = subprocess.run(
        ["xdotool", *args], env=env, capture_output=True, text=True, timeout=20, check=True
    )
    return done.stdout.strip()


def test_the_real_mouse_places_a_block(tmp_path):
    display = f":{90 + os.getpid() % 100}"
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT)}
    env.pop("PYGLET_HEADLESS", None)
    app = None
    try:
        time.sleep(1.0)
        app = subprocess.Popen(
            [sys.executable, "-m", "tests.app.xwindow_driver", str(tmp_path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        ready = _wait_for(tmp_path / "ready.json", 40, app)
        window = _xdotool(env, "search", "--sync", "--name", "towersim xtest").split()[0]
        _xdotool(env, "windowfocus", "--sync", window)
        _xdotool(env, "mousemove", "--window", window, *map(str, ready["high"]))
        time.sleep(0.3)
        _xdotool(env, "key", "1")  # pick up the first block of the bank
        time.sleep(0.3)
        (hx, hy), (_lx, ly) = ready["high"], ready["low"]
        for k in range(1, 31):  # glide down to just above the tower, as a hand would
            y = hy + (ly - hy) * k / 30
            _xdotool(env, "mousemove", "--window", window, str(hx), str(round(y)))
            time.sleep(0.05)
        time.sleep(1.5)  # let the piece steady
        _xdotool(env, "click", "1")  # the real click releases it
        settled = _wait_for(tmp_path / "settled.json", 40, app)
        assert settled["message"].startswith("Verdict:")
        _xdotool(env, "key", "Return")  # confirm
        result = _wait_for(tmp_path / "result.json", 20, app)
        place = result["actions"][-1]
        assert place["type"] == "place" and place["block"] == ready["block"] and place["path"]
        events = result["events"]
        placed = [e for e in events if e["type"] == "place"][-1]
        assert placed["block"] == ready["block"] and placed["fallen"] == []
        scored = [e for e in events if e["type"] == "turn_score"][-1]
        assert scored["player"] == "You" and not scored["accident"]
    finally:
        if app is not None and app.poll() is None:
            app.kill()
        xvfb.terminate()
        xvfb.wait(timeout=10)
