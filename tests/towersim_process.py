"""Running ``towersim`` in a fresh process, as a user's shell does: what a test can only
see there (start-up, the environment, pyglet's headless switch, exit statuses)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def towersim(
    *args: str, extra: Mapping[str, str] | None = None, without: Iterable[str] = ()
) -> subprocess.CompletedProcess[str]:
    """``python -m simulator.cli ARGS`` from the repository's root, its text output
    captured: this process's environment with the repository first on PYTHONPATH, plus
    ``extra`` and less the variables named in ``without``."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, **(extra or {})}
    for name in without:
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "simulator.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
