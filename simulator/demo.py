"""``towersim demo``: the simulated hand builds a LOTS tower headless and reports it.

Until the games exist this is the physics core's showcase: pieces drawn from the seed
are carried by the hand onto a footprint, the tower settles after each, and the report
lists falls, the grid view (which cells each piece fills) and which pieces touch.
"""

from __future__ import annotations

import json
import time
from typing import Any

from rules.chance import Chance
from rules.footprints import footprints, get_footprint
from rules.pieces import Cell, get_piece, transform_cells
from simulator.games.lots.landing import Spot, spots
from simulator.physics.contacts import touching_pairs
from simulator.physics.geometry import centroid_offset
from simulator.physics.grid import snap
from simulator.physics.hand import Hand, HandPath
from simulator.physics.lot import Lot, build_lot
from simulator.physics.monitor import Monitor
from simulator.physics.profile import load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World

SHAPES = ("lots-I", "lots-O", "lots-T", "lots-L", "lots-S")


def build_tower(pieces: int, seed: int, footprint_id: str) -> tuple[World, Lot, list[dict]]:
    """Place ``pieces`` tetrominoes; return the world, the lot and one record a piece."""
    world = World(load_profile())
    cell = get_piece(SHAPES[0]).cell_size
    lot = build_lot(world, get_footprint(footprint_id), cell)
    hand = Hand(world)
    chance = Chance.from_seed(seed)
    records = []
    for index in range(pieces):
        spec = get_piece(chance.choice(SHAPES))
        standing = snap(world.dynamic_entries, lot.grid)
        filled = set(standing.occupancy()) | lot.footprint.ground_cells()
        spot = _tidy_spot(spec.cells, filled, lot.footprint.width, chance)
        col, turns, mirror = spot.col, spot.turns, spot.mirror
        width = max(c for _, c in transform_cells(spec.cells, turns, mirror)) + 1
        piece_id = f"p{index + 1:02d}-{spec.shape}"
        top = max(s.bb.top for e in world.entries for s in e.shapes)
        world.add_piece(
            piece_id,
            spec,
            Pose(lot.left - 10.0, top + 12.0, 0.0),
            world.material(spec.material),
            mirror,
        )
        monitor = Monitor(world, support=(lot.left, lot.right))
        hand.grab(piece_id)
        centre_offset = centroid_offset(world.entry(piece_id).local_polygons, turns * 90.0)
        started = time.perf_counter()
        hand.carry(HandPath(x=lot.column_x(col + width / 2) + centre_offset, angle=turns * 90.0))
        monitor.watch(piece_id)
        result = settle(world, monitor)
        elapsed = (time.perf_counter() - started) * 1000
        fallen = monitor.fallen
        for body_id in fallen:  # fallen pieces leave the game, as in LOTS
            world.remove(body_id)
        records.append(
            {
                "piece": piece_id,
                "turns": turns,
                "mirror": mirror,
                "column": col,
                "settled": result.settled,
                "settle_seconds": round(result.seconds, 3),
                "fell": fallen,
                "ms": round(elapsed, 1),
            }
        )
    return world, lot, records


def _tidy_spot(cells: frozenset[Cell], filled: set[Cell], width: int, chance: Chance) -> Spot:
    """A tidy builder: a balanced spot that leaves the fewest holes and lands lowest; ties
    broken by the seed."""
    options = spots(cells, filled, width)
    return min(
        options,
        key=lambda s: (not s.balanced, s.holes, min(r for r, _ in s.cells), chance.uniform()),
    )


def demo_report(pieces: int, seed: int, footprint_id: str) -> dict[str, Any]:
    started = time.perf_counter()
    world, lot, records = build_tower(pieces, seed, footprint_id)
    wall_ms = (time.perf_counter() - started) * 1000
    standing = world.dynamic_entries
    view = snap(standing, lot.grid)
    pairs = sorted(sorted(pair) for pair in touching_pairs(standing))
    return {
        "footprint": footprint_id,
        "seed": seed,
        "placements": records,
        "standing": [e.id for e in standing],
        "grid": {pid: sorted(cells) for pid, cells in view.cells.items()},
        "off_grid": view.off_grid,
        "touching": pairs,
        "steps": world.steps,
        "sim_seconds": round(world.time, 4),
        "wall_ms": round(wall_ms, 1),
        "state_hash": world.state_hash(),
    }


def run_demo(pieces: int, seed: int, footprint_id: str, *, as_json: bool) -> int:
    if footprint_id not in footprints():
        known = ", ".join(sorted(footprints()))
        print(f"towersim demo: unknown footprint {footprint_id!r} (known: {known})")
        return 2
    if not 1 <= pieces <= 60:
        print("towersim demo: --pieces must be between 1 and 60")
        return 2
    report = demo_report(pieces, seed, footprint_id)
    if as_json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"towersim demo: {pieces} pieces on footprint {footprint_id}, seed {seed}")
    for r in report["placements"]:
        fell = f", fell: {', '.join(r['fell'])}" if r["fell"] else ""
        state = "settled" if r["settled"] else "NOT settled"
        print(
            f"  {r['piece']:<10} column {r['column']} turned {r['turns'] * 90:>3} deg"
            f"{' mirrored' if r['mirror'] else '':<9} {state} in {r['settle_seconds']:.2f} s"
            f" ({r['ms']:.0f} ms){fell}"
        )
    print(
        f"standing: {len(report['standing'])} pieces; off the grid: "
        f"{', '.join(report['off_grid']) or 'none'}"
    )
    occupancy = {tuple(c): pid for pid, cells in report["grid"].items() for c in cells}
    print(_draw_grid(occupancy, get_footprint(footprint_id).width))
    print(f"touching along an edge: {', '.join('-'.join(p) for p in report['touching']) or 'none'}")
    print(
        f"{report['steps']} steps, {report['sim_seconds']:.2f} s simulated, "
        f"{report['wall_ms']:.0f} ms; state {report['state_hash'][:16]}"
    )
    return 0


def _draw_grid(occupancy: dict[tuple[int, int], str], width: int) -> str:
    if not occupancy:
        return "  (empty grid)"
    top = max(r for r, _ in occupancy)
    rows = []
    for row in range(top, -1, -1):
        # Each piece shows as its shape letter (ids look like "p07-T").
        marks = "".join(occupancy.get((row, c), "....")[4:5] or "." for c in range(width))
        rows.append(f"  row {row:>2} |{marks}|")
    return "\n".join(rows)
