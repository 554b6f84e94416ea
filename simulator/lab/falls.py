"""Pieces fallen per seat, counted from the rules' events: one definition for the lab's
records, its report and ``lab fork``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any


def _lots_fallen(event: dict[str, Any]) -> int:
    # Every piece a placement knocked off, the placed block too (solo: the game's end).
    return len(event.get("fallen") or []) if event.get("type") == "place" else 0


def _crazy_tower_fallen(event: dict[str, Any]) -> int:
    return 1 if event.get("type") == "piece_fell" else 0


# How many pieces an event says fell, per game kind; a game with no physics while it is
# played (Filled In) has no falls to count.
FALLEN: dict[str, Callable[[dict[str, Any]], int]] = {
    "lots": _lots_fallen,
    "crazy-tower": _crazy_tower_fallen,
}


def fallen_per_seat(
    kind: str, events: Iterable[dict[str, Any]], players: Sequence[str]
) -> list[int] | None:
    """Pieces fallen on each seat's moves, or None for a game without physics."""
    fallen = FALLEN.get(kind)
    if fallen is None:
        return None
    counts = [0] * len(players)
    seat = {name: i for i, name in enumerate(players)}
    for event in events:
        if event.get("player") in seat:
            counts[seat[event["player"]]] += fallen(event)
    return counts
