"""`replay --png` and `sheet print` in a fresh process without a display: pyglet must be
switched to headless before anything imports its window machinery."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "PYGLET_HEADLESS")}
    return subprocess.run(
        [sys.executable, "-m", "simulator.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_replay_png_in_a_fresh_process(tmp_path: Path) -> None:
    out = tmp_path / "final.png"
    done = _run("replay", "scenarios/calibration/harmonic-04-stands.toml", "--png", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(PNG_MAGIC)


def test_sheet_print_in_a_fresh_process(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    done = _run("sheet", "print", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(PNG_MAGIC)
