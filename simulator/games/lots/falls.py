"""Which pieces fell in a LOTS placement: the one definition the app's live placements,
the headless match and the bots' rollouts all use (through verdicts.conclude).

A piece (of the tower, or placed in this placement) has fallen in a placement when it
touched the table beside the lot at any moment of it (held in the hand or not: the
monitor's table touches), or when, as the placement's settle ends, the lot does not
carry it. The lot carries a piece that rests on the footprint or on pieces the lot
carries, and on nothing else: a piece resting on the table, or on a piece that fell (a
tower pushed off the lot lies in a heap beside it, one piece on another), is off the
tower however it got there. See docs/rules-lots.md (Accidents).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pymunk

from simulator.physics.monitor import Monitor
from simulator.physics.world import World

# A contact carries a piece when the surface under it faces up within 45 degrees: a
# piece leaning on a neighbour's side is not carried by it.
CARRIES = 0.7
# The static body a LOTS tower stands on (simulator/physics/lot.py builds it).
LOT_BODY = "footprint"


def fallen_pieces(
    world: World, pieces: Iterable[str], monitor: Monitor, base: str = LOT_BODY
) -> list[str]:
    """The ``pieces`` (the tower before the placement and the pieces placed in it) that
    fell, in the order they fell: those that touched the table by time, then those the
    lot no longer carries in the world's order. ``base`` is the static body the tower
    stands on (the footprint)."""
    wanted = set(pieces)
    touched = [p for p in dict.fromkeys(monitor.fallen) if p in wanted and p in world]
    on = carried(world, base, touched)
    off = [e.id for e in world.dynamic_entries if e.id in wanted and e.id not in on]
    return touched + [p for p in off if p not in touched]


def carried(world: World, base: str, fallen: Iterable[str] = ()) -> set[str]:
    """The dynamic bodies ``base`` carries: each rests on ``base`` or on bodies it
    carries, and on nothing else (the table, a body not carried), inside the play area.
    ``fallen`` bodies are carried by nothing, wherever they lie."""
    owner: dict[pymunk.Shape, str] = {shape: e.id for e in world.entries for shape in e.shapes}
    gone = set(fallen)
    x0, y0, x1, y1 = world.play_area
    supports: dict[str, set[str]] = {}
    for entry in world.dynamic_entries:
        pose = entry.pose
        if entry.id not in gone and x0 <= pose.x <= x1 and y0 <= pose.y <= y1:
            supports[entry.id] = _supports(entry.body, owner)
    on: set[str] = set()
    grown = True
    while grown:  # ``on`` only grows, so this ends
        grown = False
        for body_id, under in supports.items():
            if body_id not in on and under and all(u == base or u in on for u in under):
                on.add(body_id)
                grown = True
    return on


def _supports(body: pymunk.Body, owner: dict[pymunk.Shape, str]) -> set[str]:
    """The bodies ``body`` rests on now (solver contacts, kept while bodies sleep)."""
    under: set[str] = set()

    def look(arbiter: pymunk.Arbiter) -> None:
        if not arbiter.contact_point_set.points:
            return
        first, second = arbiter.shapes
        # The normal points from the first shape to the second.
        below, up = (second, -arbiter.normal.y) if first.body is body else (first, arbiter.normal.y)
        if up >= CARRIES:
            under.add(owner.get(below, "the hand"))

    body.each_arbiter(look)
    return under


def fallen_in_event(event: Mapping[str, Any]) -> int:
    """How many pieces ``event`` says fell (the lab counts falls per seat): every piece a
    placement knocked off, the placed block too (solo: the game's end)."""
    return len(event.get("fallen") or []) if event.get("type") == "place" else 0
