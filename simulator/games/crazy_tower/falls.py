"""Pieces fallen, as Crazy Tower's events tell them (the lab counts falls per seat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def fallen_in_event(event: Mapping[str, Any]) -> int:
    """How many pieces ``event`` says fell: each fall is its own event."""
    return 1 if event.get("type") == "piece_fell" else 0
