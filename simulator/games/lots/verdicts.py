"""What the settled table says about a LOTS placement step, before the rules take it.

A scripted placement (match.py) and a live one (live.py) both end here, as functions of
the table (table.py), so a live placement concludes what it did without calling back
into its match. What fell is falls.py's one definition.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.lots import PlacementOutcome
from rules.lots.placement import bounds_problem
from simulator.games.lots.bounds import sticks_out
from simulator.games.lots.falls import fallen_pieces
from simulator.games.lots.table import LotsTable
from simulator.physics.contacts import touching_pairs
from simulator.physics.grid import snap
from simulator.physics.monitor import Monitor


def placement_monitor(table: LotsTable) -> tuple[Monitor, Callable[[], None]]:
    """The fall monitor of one placement, scripted or live: table touches beside the
    lot, for ``conclude``; and the per-step hook that checks it."""
    return table.fall_monitor(support=(table.lot.left, table.lot.right))


def conclude(
    table: LotsTable, block: str | None, cube: str | None, monitor: Monitor
) -> PlacementOutcome:
    """What the settled world says about a placement step: fallen pieces leave it, the
    rest snap to cells; a placed piece resting outside the footprint is taken back (a
    notice on the table)."""
    world, state = table.world, table.state
    placed = [p for p in (block, cube) if p is not None]
    fallen = fallen_pieces(world, [*state.tower, *placed], monitor)
    for piece in fallen:  # fallen pieces leave the tower (and the world)
        world.remove(piece)
    view = snap(world.dynamic_entries, table.rules_grid)
    # A piece just placed that came to rest outside the footprint is taken back
    # and must be placed again, exactly as if it had fallen (docs/rules-lots.md).
    judge_extent = world.profile.resting.extent_bounds
    taken_back: list[tuple[str, str]] = []
    for piece in placed:
        cells = view.cells.get(piece)
        problem = bounds_problem(table.lot.footprint, cells) if cells else None
        if cells and not problem and judge_extent:
            problem = _resting_overhang(table, piece)
        if problem:
            world.remove(piece)
            fallen.append(piece)
            del view.cells[piece]
            taken_back.append((piece, problem))
            table.notice(
                {
                    "turn": state.turn,
                    "player": state.players[state.current],
                    "type": "taken_back",
                    "piece": piece,
                    "reason": problem,
                }
            )
    standing = world.dynamic_entries
    touching = touching_pairs(standing)
    return PlacementOutcome(
        placed=block,
        cube=cube,
        fallen=tuple(fallen),
        cells=view.cells,
        touching=frozenset(touching),
        # From rest 4 the rules are told which fallen pieces were taken back (solo: a
        # refusal, not a lost game); before, they were only fallen.
        taken_back=tuple(taken_back) if world.profile.resting.names_taken_back else (),
    )


def _resting_overhang(table: LotsTable, piece: str) -> str | None:
    """Why ``piece``, at rest, is outside the footprint's boundaries by its real extent
    (rest 3 on: bounds.py's limit), or None."""
    lot = table.lot
    out = sticks_out(table.world.entry(piece).world_polygons(), lot.left, lot.right)
    if out is None:
        return None
    past, side = out
    return f"it sticks out {past:.1f} cm past the {side} edge of the footprint"
