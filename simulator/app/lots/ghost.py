"""Where a held LOTS piece would land if let go now, and whether the rules would take
that spot: the ghost the view draws and a release checks. No pyglet.

The ghost is the piece itself, as it hangs in the hand now, dropped straight down onto
what lies below (``simulator.physics.drop``): exactly where a release lets it fall,
never snapped to the grid. The rules read cells, so the spot's cells (and their
refusal) are the cells those polygons snap to, as the settled piece's are.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.pieces import transform_cells
from simulator.app.lots.material import engine
from simulator.games.lots.bounds import sticks_out
from simulator.games.lots.landing import Cells, landing, occupied
from simulator.games.lots.live import LivePlacement
from simulator.games.lots.match import LotsMatch, Placement
from simulator.physics.drop import landing_shape
from simulator.physics.geometry import Polygon
from simulator.physics.grid import snap
from simulator.physics.world import Entry


class Spot(NamedTuple):
    cells: Cells  # (row, column) on the lot's grid
    problem: str | None  # why the rules refuse the spot; None: they take it
    col: int  # the piece's left column
    turns: int  # quarter turns counter-clockwise
    shape: list[Polygon]  # the piece's world polygons where it lands (let go now)
    drop: float  # cm it falls straight down from where it hangs to there


def overhang_problem(shape: list[Polygon], left: float, right: float) -> str | None:
    """Why polygons reaching past the footprint's sides (x ``left`` to ``right``) further
    than the rulebook's boundaries allow are refused (games/lots/bounds.py), or None."""
    out = sticks_out(shape, left, right)
    if out is None:
        return None
    return f"the piece would stick out {out[0]:.1f} cm past the {out[1]} edge of the footprint"


def landing_spot(match: LotsMatch, live: LivePlacement, entry: Entry, angle: float) -> Spot:
    """The spot of ``entry`` (the piece ``live`` holds, turned ``angle`` degrees: the
    hand's aim, which the piece turns to) dropped straight down from where it hangs;
    off the lot, or sticking out past it, refused."""
    spec = entry.piece
    assert spec is not None
    turns = round(angle / 90.0) % 4
    shape = transform_cells(spec.cells, turns, live.mirrored)
    lot = match.lot
    landed, drop = landing_shape(match.world.entries, entry)
    left = min(x for poly in landed for x, _ in poly)
    col = round((left - lot.left) / lot.grid.cell)
    width = lot.footprint.width
    span = max(c for _, c in shape) + 1
    state = match.state
    filled = occupied(engine().describe(state))
    block = live.block
    if block is not None and live.piece != block and block in match.world:
        # the cube after its block: the block is where it settled, not in the tower
        placed = match.world.entry(block)
        filled |= set(snap([placed], match.rules_grid).cells.get(block, ()))
    cells = landing(shape, col, filled, width)
    if not 0 <= col <= width - span:  # off the lot: the ghost rests beside it, red
        return Spot(cells, "the piece is not over the footprint", col, turns, landed, drop)
    plan = {"type": "place", "piece": live.piece, "cells": sorted(cells)}
    problem = overhang_problem(landed, lot.left, lot.right) or engine().plan_check(state)(plan)
    return Spot(cells, problem, col, turns, landed, drop)


def risk_placement(live: LivePlacement, spot: Spot) -> Placement | None:
    """The placement whose fall risk the ghost shows: ``live``'s piece at ``spot``; None
    for a cube after its block (the copy the risk runs on does not hold the block)."""
    if live.piece != (live.block or live.cube) or not spot.cells:
        return None
    return Placement(
        block=live.block,
        cube=None if live.block else live.cube,
        col=spot.col,
        turns=spot.turns,
        mirror=live.mirrored,
    )
