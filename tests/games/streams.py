"""A live move as network play streams it, for the run-ahead tests of every game."""

from __future__ import annotations

import copy
from typing import Any


def streamed(action: dict[str, Any], every: int) -> list[dict[str, Any]]:
    """The action's path so far every ``every`` rows, the last row half-grown."""
    parts = []
    for cut in range(1, len(action["path"]), every):
        rows = copy.deepcopy(action["path"][:cut])
        rows[-1][0] = max(1, rows[-1][0] // 2)
        parts.append({**action, "path": rows})
    return parts
