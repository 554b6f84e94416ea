"""Points for a placement: completed floors and colour matches (pure functions)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.footprints import Footprint
from rules.lots.content import game_content
from rules.lots.grid import Cell, complete_floors
from rules.lots.instances import colour_of, is_cube


def floors_completed(
    footprint: Footprint, floors_before: Iterable[int], filled_after: Iterable[Cell]
) -> tuple[int, ...]:
    """Floors complete at the end of the turn that were not complete at its start."""
    return tuple(sorted(complete_floors(footprint, filled_after) - set(floors_before)))


def colour_matches(
    placed: str, on_tower: Iterable[str], touching: Iterable[frozenset[str]]
) -> tuple[str, ...]:
    """Blocks of the placed block's colour touching it along an edge. The purple cube
    never matches, not even another cube."""
    if is_cube(placed):
        return ()
    on_tower = set(on_tower)
    out = set()
    for pair in touching:
        if placed in pair and len(pair) == 2:
            (other,) = pair - {placed}
            if other in on_tower and colour_of(other) == colour_of(placed):
                out.add(other)
    return tuple(sorted(out))


def turn_points(floors: int, matches: int) -> int:
    content = game_content()
    return content.floor_points * floors + content.match_points * matches
