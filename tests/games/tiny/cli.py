"""Running ``towersim`` in a fresh process with Tiny Tower registered there, as a
plug-in game is: by naming its module in TOWERSIM_GAMES."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from simulator.games.registry import PLUGINS_VARIABLE
from tests.games.tiny import PACKAGE

ROOT = Path(__file__).resolve().parents[3]


def towersim(*args: str, games: str = PACKAGE) -> subprocess.CompletedProcess[str]:
    """``python -m simulator.cli ARGS`` with ``games`` as TOWERSIM_GAMES."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, PLUGINS_VARIABLE: games}
    return subprocess.run(
        [sys.executable, "-m", "simulator.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
