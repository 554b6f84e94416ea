"""Would a drawn tower stand? Build it in the physics world and let it settle.

Each drawn tetromino (and purple space) becomes one wooden piece whose polygons are
its boxes, placed at rest exactly where the sheet draws it, on a foundation as wide as
the sheet's bottom row, on a table. The world runs until the tower settles. A piece that
left its place by more than the monitor's tolerance (0.5 cm or 5 degrees) *fell* from
the drawn tower, to the table or onto what is below; the tower stands if nothing fell.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rules.filled_in.sheets import get_sheet
from rules.pieces import get_piece, named_piece, normalise
from simulator.games.filled_in.sheetfile import DrawnTower
from simulator.physics.geometry import Polygon, centroid
from simulator.physics.lot import TABLE_HALF_WIDTH
from simulator.physics.monitor import Monitor, MotionEvent
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World
from simulator.words import counted

FOUNDATION_HEIGHT = 1.0  # cm: the foundation the bottom row is drawn standing on
# Run at least this long: a tower that starts at rest is quiet for an instant even if
# it is about to topple.
MIN_SETTLE_SECONDS = 1.0


@dataclass(frozen=True)
class PieceOutcome:
    id: str
    piece: str
    colour: str
    cells: tuple[tuple[int, int], ...]
    start: Pose
    end: Pose
    start_polygons: list[Polygon]  # world coordinates, as drawn
    end_polygons: list[Polygon]  # world coordinates, settled
    fell_at: float | None  # when it left its place (s after the start), None if it stayed
    table_at: float | None  # when it touched the table, None if it never did

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": named_piece(self.colour, get_piece(self.piece).shape),
            "piece": self.piece,
            "colour": self.colour,
            "cells": [list(c) for c in self.cells],
            "start": self.start.as_report(),
            "end": self.end.as_report(),
            "fell": self.fell_at is not None,
            "fell_at": self.fell_at,
            "on_table": self.table_at is not None,
            "table_at": self.table_at,
        }


@dataclass(frozen=True)
class StandResult:
    tower: DrawnTower
    stands: bool
    settled: bool
    seconds: float
    steps: int
    pieces: list[PieceOutcome]
    events: list[MotionEvent]
    foundation: tuple[float, float, float]  # left x, right x, top y (cm)
    cell: float

    @property
    def fallen(self) -> list[str]:
        return [p.id for p in self.pieces if p.fell_at is not None]

    @property
    def on_table(self) -> list[str]:
        return [p.id for p in self.pieces if p.table_at is not None]

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.tower.label,
            "sheet": self.tower.sheet,
            "stands": self.stands,
            "settled": self.settled,
            "sim_seconds": self.seconds,
            "steps": self.steps,
            "fallen": self.fallen,
            "on_table": self.on_table,
            "events": [e.as_dict() for e in self.events],
            "pieces": [p.as_dict() for p in self.pieces],
        }

    def names(self) -> dict[str, str]:
        """Each piece's id -> its name as players say it: ``the purple cube``; a name
        two pieces share gets the piece's number on the sheet: ``the blue L (piece 3)``."""
        said = {p.id: named_piece(p.colour, get_piece(p.piece).shape) for p in self.pieces}
        twice = {name for name in said.values() if list(said.values()).count(name) > 1}
        return {
            p.id: f"{said[p.id]} (piece {index + 1})" if said[p.id] in twice else said[p.id]
            for index, p in enumerate(self.pieces)
        }

    def summary(self) -> str:
        """The verdict in sentences: ``overhang (sheet 1, ...) falls: the orange L at
        0.53 s, onto the table. 1 of 2 pieces fell (1.40 s simulated).``"""
        name = get_sheet(self.tower.sheet).name
        head = f"{self.tower.label} (sheet {self.tower.sheet}, {name})"
        count = counted(len(self.pieces), "piece")
        if not self.pieces:
            return f"{head}: nothing is drawn, so nothing can fall."
        if self.stands:
            every = {1: "its one piece stays", 2: "both pieces stay"}.get(
                len(self.pieces), f"all {count} stay"
            )
            text = f"{head} stands: {every} where drawn"
        else:
            names = self.names()
            falls = [
                f"{names[p.id]} at {p.fell_at:.2f} s" + (", onto the table" if p.table_at else "")
                for p in sorted(self.pieces, key=lambda p: p.fell_at or 0.0)
                if p.fell_at is not None
            ]
            text = f"{head} falls: {'; '.join(falls)}. {len(falls)} of {count} fell"
        if not self.settled:
            text += ", and it was still moving when the settle cap was reached"
        return f"{text} ({self.seconds:.2f} s simulated)."


def piece_id(index: int, piece: str, colour: str) -> str:
    return f"{index + 1:02d}-{piece.removeprefix('lots-')}-{colour}"


def stand_tower(tower: DrawnTower, profile: PhysicsProfile | None = None) -> StandResult:
    world, ids = drawn_world(tower, profile)
    return settle_drawn(world, ids, tower)


def drawn_world(
    tower: DrawnTower, profile: PhysicsProfile | None = None
) -> tuple[World, list[str]]:
    """The tower built exactly as drawn, at rest and not yet run, and its pieces' ids."""
    world = World(profile or load_profile())
    origin_x, (left, right, top), cell = _layout(tower)
    wood, felt = world.material("wood"), world.material("felt")
    w = TABLE_HALF_WIDTH
    world.add_static("table", [[(-w, -5.0), (w, -5.0), (w, 0.0), (-w, 0.0)]], felt, is_table=True)
    world.add_static("foundation", [[(left, 0.0), (right, 0.0), (right, top), (left, top)]], wood)

    ids = []
    for index, drawn in enumerate(tower.pieces):
        base = get_piece(drawn.piece)
        spec_here = dataclasses.replace(base, cells=normalise(drawn.cells))
        # add_piece centres the piece's polygons on the centroid of its (normalised)
        # cells; the same centroid in the world, from the drawn boxes, places it exactly.
        boxes = [
            [(x0, y0), (x0 + cell, y0), (x0 + cell, y0 + cell), (x0, y0 + cell)]
            for r, c in drawn.cells
            for x0, y0 in [(origin_x + c * cell, top + r * cell)]
        ]
        cx, cy = centroid(boxes)
        body_id = piece_id(index, drawn.piece, drawn.colour)
        world.add_piece(body_id, spec_here, Pose(cx, cy, 0.0), world.material(base.material))
        ids.append(body_id)
    return world, ids


def _layout(tower: DrawnTower) -> tuple[float, tuple[float, float, float], float]:
    """The sheet's left edge (x), the foundation (left, right, top) and the cell size."""
    spec = get_sheet(tower.sheet)
    cell = get_piece("lots-I").cell_size
    origin_x = -spec.width * cell / 2  # the sheet is centred on x = 0
    bottom = sorted(c for r, c in spec.boxes if r == 0)
    left, right = origin_x + bottom[0] * cell, origin_x + (bottom[-1] + 1) * cell
    return origin_x, (left, right, FOUNDATION_HEIGHT), cell


def settle_drawn(world: World, ids: list[str], tower: DrawnTower) -> StandResult:
    """Run a drawn tower's world (``drawn_world``) until it settles: what fell, and when."""
    start = {i: (world.entry(i).pose, world.entry(i).world_polygons()) for i in ids}
    world.load_gradually()

    monitor = Monitor(world)  # any table contact is a fall: the foundation carries all
    result = settle(world, monitor, min_seconds=MIN_SETTLE_SECONDS)
    # A drawn tower is meant to stay exactly as drawn: a piece that left its place fell
    # from it, whether it came to rest on the table or lower down the tower.
    table: dict[str, float] = {}
    fell: dict[str, float] = {}
    for event in monitor.events:  # in time order
        if event.type == "fell":
            table.setdefault(event.body_id, event.time)
        fell.setdefault(event.body_id, event.time)
    pieces = [
        PieceOutcome(
            id=body_id,
            piece=drawn.piece,
            colour=drawn.colour,
            cells=drawn.cells,
            start=start[body_id][0],
            end=world.entry(body_id).pose,
            start_polygons=start[body_id][1],
            end_polygons=world.entry(body_id).world_polygons(),
            fell_at=fell.get(body_id),
            table_at=table.get(body_id),
        )
        for body_id, drawn in zip(ids, tower.pieces, strict=True)
    ]
    return StandResult(
        tower=tower,
        stands=not fell,
        settled=result.settled,
        seconds=result.seconds,
        steps=result.steps,
        pieces=pieces,
        events=list(monitor.events),
        foundation=_layout(tower)[1],
        cell=_layout(tower)[2],
    )
