"""Where a held LOTS piece would land if lowered straight down now, and whether the
rules would take that spot: the ghost the view draws and a release checks. No pyglet.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.pieces import transform_cells
from simulator.app.lots.material import engine
from simulator.games.lots.landing import Cells, landing, occupied
from simulator.games.lots.live import LivePlacement
from simulator.games.lots.match import LotsMatch, Placement
from simulator.physics.grid import snap
from simulator.physics.world import Entry


class Spot(NamedTuple):
    cells: Cells  # (row, column) on the lot's grid
    problem: str | None  # why the rules refuse the spot; None: they take it
    col: int  # the piece's left column
    turns: int  # quarter turns counter-clockwise


def landing_spot(match: LotsMatch, live: LivePlacement, entry: Entry, angle: float) -> Spot:
    """The spot of ``entry`` (the piece ``live`` holds, turned ``angle`` degrees) dropped
    straight down onto the tower; off the lot it rests beside it, refused."""
    spec = entry.piece
    assert spec is not None
    turns = round(angle / 90.0) % 4
    shape = transform_cells(spec.cells, turns, live.mirrored)
    lot = match.lot
    left = min(x for poly in entry.world_polygons() for x, _ in poly)
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
        return Spot(cells, "the piece is not over the footprint", col, turns)
    plan = {"type": "place", "piece": live.piece, "cells": sorted(cells)}
    return Spot(cells, engine().plan_check(state)(plan), col, turns)


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
