"""Running Python with no start-up hook: ``python -S`` processes no .pth file, so only
the code on the path given (and the environment's own packages) can be imported."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path


def run_without_hooks(probe: str, first: Path, cwd: Path) -> list[str]:
    """The lines ``probe`` prints, run by ``python -S`` with ``first`` ahead of the
    environment's packages on the path."""
    path = os.pathsep.join([str(first), sysconfig.get_paths()["purelib"]])
    out = subprocess.run(
        [sys.executable, "-S", "-c", probe],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()
