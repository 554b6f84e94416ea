"""Whether a window can open here; its own module so that the app's entry (main.py) and
the film player (watch.py) both ask it without importing each other."""

from __future__ import annotations

import os
import sys


def display_available() -> bool:
    """True when a window can open here (an X or Wayland display is set)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
