"""Running a towersim command as if its disk were full: a subprocess whose writes past
a few bytes of any file fail with EFBIG (RLIMIT_FSIZE, with SIGXFSZ ignored so the write
fails instead of killing the process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_PRELUDE = (
    "import resource, signal, sys\n"
    "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
    "resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, resource.RLIM_INFINITY))\n"
    "from simulator.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def run_full(
    argv: list[str], limit: int, cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess:
    """``towersim ARGV`` in ``cwd`` with every file limited to ``limit`` bytes."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TOWERSIM_HOME": str(cwd / "home")}
    env.pop("DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-c", _PRELUDE.format(limit=limit), *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def no_partial_files(folder: Path) -> list[Path]:
    """Temporary files a writer left behind in ``folder`` (none, when it cleaned up)."""
    return [p for p in folder.rglob("*") if p.name.endswith(".tmp")]
