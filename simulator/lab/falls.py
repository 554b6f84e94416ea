"""Pieces fallen per seat, counted from the rules' events: one definition for the lab's
records, its report and ``lab fork``. How many pieces an event says fell is the game's
own (its registry entry's ``fallen``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from simulator.games.registry import GAMES


def fallen_per_seat(
    kind: str, events: Iterable[dict[str, Any]], players: Sequence[str]
) -> list[int] | None:
    """Pieces fallen on each seat's moves, or None for a game without falls to count
    (no physics while it is played, as Filled In)."""
    if GAMES.get(kind).fallen is None:
        return None
    fallen = GAMES.get(kind).load("fallen")
    counts = [0] * len(players)
    seat = {name: i for i, name in enumerate(players)}
    for event in events:
        if event.get("player") in seat:
            counts[seat[event["player"]]] += fallen(event)
    return counts
