"""File helpers for every layer: nothing here knows a game, a world or a window."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: str | Path, text: str | bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place: a crash leaves
    either the old file or the new one, never a torn one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
