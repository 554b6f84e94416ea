"""`replay --png` and `sheet print` in a fresh process without a display: pyglet must be
switched to headless before anything imports its window machinery."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.towersim_process import towersim

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return towersim(*args, without=("DISPLAY", "PYGLET_HEADLESS"))


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
