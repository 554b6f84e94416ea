"""How far a LOTS piece reaches past the footprint's sides: one reading for the app's
ghost (a release is refused) and the settled verdict (from rest 3, the piece is taken
back). The limit is game content: assets/lots/game.toml, [boundaries] overhang."""

from __future__ import annotations

from rules.lots.content import game_content
from simulator.physics.geometry import Polygon


def reach_past(shape: list[Polygon], left: float, right: float) -> tuple[float, str]:
    """cm the polygons reach past the footprint's sides (x ``left`` to ``right``; 0 or
    less: inside) and on which side, "left" or "right"."""
    xs = [x for poly in shape for x, _ in poly]
    past_left, past_right = left - min(xs), max(xs) - right
    if past_left >= past_right:
        return past_left, "left"
    return past_right, "right"


def sticks_out(shape: list[Polygon], left: float, right: float) -> tuple[float, str] | None:
    """(cm, side) when the polygons reach past the footprint by more than the rulebook's
    boundaries allow (game_content().overhang), else None."""
    past, side = reach_past(shape, left, right)
    return (past, side) if past > game_content().overhang else None
