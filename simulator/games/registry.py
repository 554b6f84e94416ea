"""Which package handles each game kind; imported lazily so start-up stays cheap."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

# kind (as in scenario files) -> package under simulator.games, each with the modules
# ``scenario`` (parse, run) and ``play`` (add_arguments, run).
GAME_PACKAGES = {
    "lots": "simulator.games.lots",
    "crazy-tower": "simulator.games.crazy_tower",
    "filled-in": "simulator.games.filled_in",
}


def game_kinds() -> list[str]:
    """The kinds whose package is present in this build."""
    return [kind for kind, package in GAME_PACKAGES.items() if _present(package)]


def game_module(kind: str, part: str) -> ModuleType:
    """``part`` is "scenario" (parse/run) or "play" (the CLI command)."""
    return importlib.import_module(f"{GAME_PACKAGES[kind]}.{part}")


def _present(package: str) -> bool:
    try:
        return importlib.util.find_spec(f"{package}.play") is not None
    except ModuleNotFoundError:
        return False
