"""Deterministic worlds shared by the benchmarks: a LOTS wall on a footprint plinth on a
table, and a loose rain of LOTS pieces falling onto the same plinth.

Every builder adds bodies in a fixed order at exact positions, so two calls with the same
arguments give bit-for-bit identical worlds (the benchmarks check this with state_hash).
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Sequence

import pymunk

from rules.footprints import Footprint, get_footprint
from rules.pieces import PieceSpec, get_piece
from simulator.physics import world as world_module
from simulator.physics.lot import Lot, build_lot
from simulator.physics.materials import materials
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import Pose, World

FOOTPRINT = "1A"  # "Wide lot": six columns of flat ground

# One course of the wall is two cell rows high and holds three pieces. Courses alternate
# so that the seams never line up (a brick bond): (piece, col, row in course, cols, rows).
_EVEN_COURSE = (("lots-I", 0, 0, 4, 1), ("lots-O", 4, 0, 2, 2), ("lots-I", 0, 1, 4, 1))
_ODD_COURSE = (("lots-O", 0, 0, 2, 2), ("lots-I", 2, 0, 4, 1), ("lots-I", 2, 1, 4, 1))


def cell() -> float:
    return get_piece("lots-I").cell_size


def lot_footprint() -> Footprint:
    footprint = get_footprint(FOOTPRINT)
    # The wall layout assumes a flat lot six cells wide.
    assert footprint.width == 6 and not any(footprint.ground), footprint
    return footprint


def lot_span() -> tuple[float, float]:
    """x range of the lot (cm); build_lot centres it on 0."""
    half = lot_footprint().width * cell() / 2
    return -half, half


def base_world(profile: PhysicsProfile) -> tuple[World, Lot]:
    """The simulator's own table (the only body raising table-touch callbacks) and lot."""
    world = World(profile)
    return world, build_lot(world, lot_footprint(), cell())


def add_wall(world: World, lot: Lot, pieces: int) -> None:
    """Add ``pieces`` LOTS pieces as a brick-bonded wall on the lot, bottom course first,
    each exactly touching its neighbours (not yet settled)."""
    size = lot.grid.cell
    left, base = lot.grid.origin
    wood = materials()["wood"]
    for n in range(pieces):
        course, index = divmod(n, 3)
        piece_id, col, row, cols, rows = (_EVEN_COURSE if course % 2 == 0 else _ODD_COURSE)[index]
        spec = get_piece(piece_id)
        x = left + (col + cols / 2) * size
        y = base + (2 * course + row + rows / 2) * size
        world.add_piece(f"w{n:02d}", spec, Pose(x, y, 0.0), wood)


def tower_world(profile: PhysicsProfile, pieces: int) -> World:
    world, lot = base_world(profile)
    add_wall(world, lot, pieces)
    return world


RAIN_PIECES = ("lots-I", "lots-O", "lots-T", "lots-L", "lots-S", "lots-cube")


def rain_world(profile: PhysicsProfile, pieces: int) -> World:
    """``pieces`` LOTS pieces hanging in a loose grid above the lot and the table at mixed
    angles, all at rest: stepping it makes them fall, collide, tumble and hit the table."""
    world, _ = base_world(profile)
    wood = materials()["wood"]
    columns = 6
    for n in range(pieces):
        row, col = divmod(n, columns)
        spec: PieceSpec = get_piece(RAIN_PIECES[n % len(RAIN_PIECES)])
        x = (col - (columns - 1) / 2) * 13.0 + (row % 2) * 3.0
        y = 15.0 + row * 14.0
        angle = math.radians((n * 37) % 180)
        world.add_piece(f"r{n:02d}", spec, Pose(x, y, angle), wood, mirror=n % 4 == 3)
    return world


def top_of(world: World) -> float:
    return max(shape.bb.top for entry in world.entries for shape in entry.shapes)


# -- measuring --------------------------------------------------------------------------


def timed(action: Callable[[], object], *, hold_gc: bool = True) -> float:
    """Wall seconds for ``action()`` after a full collection. ``hold_gc`` keeps the cyclic
    GC off while timing, so a collection triggered by one variant's garbage does not land
    in another variant's timing; latency measurements leave it on, as a game would."""
    gc.collect()
    if hold_gc:
        gc.disable()
    try:
        start = time.perf_counter()
        action()
        return time.perf_counter() - start
    finally:
        gc.enable()


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (no interpolation: a reported number was measured)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def machine_line() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (math.nan,) * 3
    return (
        f"{platform.machine()} {platform.processor() or platform.system()}, "
        f"{os.cpu_count()} cores, load {load[0]:.2f}; Python {sys.version.split()[0]}; "
        f"pymunk {pymunk.version} (Chipmunk {pymunk.chipmunk_version})"
    )


def print_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) + " |")


@contextlib.contextmanager
def timing_steps(record: Callable[[float, float], None]) -> Iterator[None]:
    """While inside, call ``record(wall s, thread CPU s)`` for every pymunk step taken:
    through pymunk's Space.step or World.step's direct C step (simulator/physics/world.py)."""
    clock, cpu = time.perf_counter, time.thread_time
    original, c_step = pymunk.Space.step, world_module._cp_step

    def timed_step(space: pymunk.Space, dt: float) -> None:
        started, cpu_started = clock(), cpu()
        original(space, dt)
        record(clock() - started, cpu() - cpu_started)

    def timed_c_step(space: object, dt: float) -> None:
        started, cpu_started = clock(), cpu()
        c_step(space, dt)
        record(clock() - started, cpu() - cpu_started)

    pymunk.Space.step = timed_step  # type: ignore[method-assign]
    world_module._cp_step = timed_c_step
    try:
        yield
    finally:
        pymunk.Space.step = original  # type: ignore[method-assign]
        world_module._cp_step = c_step
