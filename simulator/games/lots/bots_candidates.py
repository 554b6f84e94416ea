"""Candidate placements for the LOTS bots, with a cheap grid heuristic as their prior.

The grid predicts where a piece lands (landing.spots on the bodies' real heights) and
what it would score: floors it completes (5 each) and same-colour blocks it touches
along an edge (2 each). The shape term stands in for the future: holes, an unbalanced
piece, a tall or ragged top all make later turns harder. Rollouts then test the best
candidates physically.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from rules.errors import IllegalMove
from rules.lots import LotsState, check_candidate, placement_choices, spec_of
from rules.lots.grid import complete_floors
from rules.lots.instances import colour_of
from rules.pieces import Cell
from simulator.games.lots.landing import Spot, column_heights, spots
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.player import physical_fill

FLOOR_POINTS = 5.0
MATCH_POINTS = 2.0
# Shape weights (points): what a hole, an unbalanced piece, a row of height and a cell
# of raggedness cost later turns. Tuned on a few seeded games, not on the benchmarks.
HOLE = 2.0
UNBALANCED = 4.0
HEIGHT = 0.3
RAGGED = 0.4
# Floors that lack this many cells or fewer are nearly done: filling towards them pays
# NEAR points a cell.
NEAR_FLOOR = 2
NEAR = 0.5
# Lookahead: how many of the best candidates get it, and what the next turn is worth now.
LOOKAHEAD_POOL = 24
NEXT_TURN = 0.5


@dataclass(frozen=True)
class Candidate:
    placement: Placement
    points: float  # what the grid predicts it scores now
    shape: float  # the shape term (<= 0)

    @property
    def prior(self) -> float:
        return self.points + self.shape


def candidates(match: LotsMatch, lookahead: bool = False) -> list[Candidate]:
    """Every legal block-only placement (cubes only when a cube must be put back), best
    prior first; ties keep the enumeration order, so the list is deterministic. With
    ``lookahead`` the best LOOKAHEAD_POOL also count what the block kept in the bank
    could do next turn on the tower they leave (discounted: the others play between)."""
    state = match.state
    width = match.lot.footprint.width
    filled = physical_fill(match)
    out = []
    for block, cube in placement_choices(state):
        if cube is not None and block is not None and state.phase != "replace":
            continue  # extra cubes are kept: a block alone is the turn's decision
        piece = block if block is not None else cube
        assert piece is not None
        for spot in _legal_spots(state, piece, filled, width):
            placement = Placement(
                block=block, col=spot.col, turns=spot.turns, mirror=spot.mirror, cube=cube
            )
            if cube is not None and block is not None:
                cube_spot = _cube_spot(state, cube, filled | spot.cells, width)
                if cube_spot is None:
                    continue
                placement = Placement(
                    block=block,
                    col=spot.col,
                    turns=spot.turns,
                    mirror=spot.mirror,
                    cube=cube,
                    cube_col=cube_spot.col,
                )
            points, shape = judge(state, piece, spot, filled, width)
            out.append(Candidate(placement, points, shape))
    out.sort(key=lambda c: -c.prior)
    if lookahead and state.phase == "place":
        head = [_with_next(match, c, filled, width) for c in out[:LOOKAHEAD_POOL]]
        out = sorted(head, key=lambda c: -c.prior) + out[LOOKAHEAD_POOL:]
    return out


def _with_next(match: LotsMatch, candidate: Candidate, filled: set[Cell], width: int) -> Candidate:
    """The candidate with the best next placement of the block it keeps in its shape."""
    state = match.state
    kept = [b for b in state.banks[state.current] if b != candidate.placement.block]
    if not kept:
        return candidate
    piece = candidate.placement.block
    assert piece is not None
    cells = next(
        s.cells
        for s in spots(spec_of(piece).cells, filled, width)
        if (s.col, s.turns, s.mirror)
        == (candidate.placement.col, candidate.placement.turns, candidate.placement.mirror)
    )
    after = filled | cells
    # judge() reads only the footprint and the tower: a shallow copy will do
    ahead = replace(state, tower={**state.tower, piece: [list(c) for c in cells]})
    best = max(
        (
            sum(judge(ahead, kept[0], s, after, width))
            for s in spots(spec_of(kept[0]).cells, after, width)
        ),
        default=0.0,
    )
    return Candidate(candidate.placement, candidate.points, candidate.shape + NEXT_TURN * best)


def _legal_spots(state: LotsState, piece: str, filled: set[Cell], width: int) -> list[Spot]:
    legal = []
    for spot in spots(spec_of(piece).cells, filled, width):
        try:
            check_candidate(state, piece, spot.cells)
        except IllegalMove:
            continue
        legal.append(spot)
    return legal


def _cube_spot(state: LotsState, cube: str, filled: set[Cell], width: int) -> Spot | None:
    legal = _legal_spots(state, cube, filled, width)
    return min(legal, key=lambda s: max(r for r, _ in s.cells), default=None)


def judge(
    state: LotsState, piece: str, spot: Spot, filled: set[Cell], width: int
) -> tuple[float, float]:
    """(predicted points, shape term) of ``piece`` landing at ``spot``."""
    footprint = state.footprint_spec()
    ruled = {tuple(c) for cells in state.tower.values() for c in cells}
    before = complete_floors(footprint, ruled)
    after_cells = ruled | spot.cells
    floors = len(complete_floors(footprint, after_cells) - before)
    colour = colour_of(piece)
    matches = sum(
        1
        for other, cells in state.tower.items()
        if colour_of(other) == colour and _edge_touch(spot.cells, cells)
    )
    points = FLOOR_POINTS * floors + MATCH_POINTS * matches
    after = filled | spot.cells
    heights = column_heights(after, width)
    ragged = sum(abs(a - b) for a, b in itertools.pairwise(heights))
    top = max(r for r, _ in spot.cells)
    near = _near_floor_cells(after_cells | footprint.ground_cells(), spot.cells, width)
    shape = (
        -HOLE * spot.holes
        - (0.0 if spot.balanced else UNBALANCED)
        - HEIGHT * top
        - RAGGED * ragged
        + NEAR * near
    )
    return points, shape


def _edge_touch(cells: frozenset[Cell], other: list[list[int]]) -> bool:
    return any({(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & cells for r, c in other)


def _near_floor_cells(solid: set[Cell], cells: frozenset[Cell], width: int) -> int:
    """Cells of the piece in rows that it leaves at most NEAR_FLOOR cells short."""
    count = 0
    for row in {r for r, _ in cells}:
        missing = sum((row, c) not in solid for c in range(width))
        if 0 < missing <= NEAR_FLOOR:
            count += sum(1 for r, _ in cells if r == row)
    return count
