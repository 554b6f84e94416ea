"""Running ``towersim`` in a fresh process with Tiny Tower registered there, as a
plug-in game is: by naming its module in TOWERSIM_GAMES."""

from __future__ import annotations

import subprocess

from simulator.games.registry import PLUGINS_VARIABLE
from tests.games.tiny import PACKAGE
from tests.towersim_process import towersim as run_towersim


def towersim(*args: str, games: str = PACKAGE) -> subprocess.CompletedProcess[str]:
    """``python -m simulator.cli ARGS`` with ``games`` as TOWERSIM_GAMES."""
    return run_towersim(*args, extra={PLUGINS_VARIABLE: games})
