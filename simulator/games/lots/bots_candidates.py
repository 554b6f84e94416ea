"""Candidate placements for the LOTS bots: the grid planner's best moves, aimed.

The planner (bots_plan) ranks every drop of the bank's blocks by the points it scores
and what the next turn can make of the tower it leaves; each drop is aimed at the gap
the real bodies leave (bots_aim), and drops the bodies leave no room for are left out.
Rollouts then test the best candidates physically (bots.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import IllegalMove
from rules.lots import LotsState, check_candidate, placement_choices, spec_of
from rules.lots.instances import colour_of
from rules.pieces import Cell, transform_cells
from simulator.bots.dexterity import Dexterity
from simulator.games.lots.bots_aim import INTRUDE, TILT, Aim, aim, leaves_room, margin_for
from simulator.games.lots.bots_grid import (
    Board,
    Drop,
    drops,
    orientations,
    rests_on,
    side_by_side,
)
from simulator.games.lots.bots_plan import Plan, plan
from simulator.games.lots.bots_rivals import rivals_plan
from simulator.games.lots.landing import column_heights
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.player import rule_legal, standing_fill

# A hand whose margin beside a wall is at most this (cm) can aim a piece within the
# rules' 0.1 cm touching gap of a neighbour without catching its corner (docs/bots.md:
# a surgeon's hand, 100 of 100 side contacts; a steady one, under half).
SIDE_MARGIN = 0.1
# Points given up for a wall closer than the air the hand wants (per share missing).
TIGHT = 4.0


@dataclass(frozen=True)
class Candidate:
    placement: Placement
    points: float  # what the grid predicts it scores now
    shape: float  # what the planner expects the turns after it to add

    @property
    def prior(self) -> float:
        return self.points + self.shape


def sides_count(hand: Dexterity) -> bool:
    """Whether this hand can make side contacts count (solo touching, colour matches)."""
    return margin_for(hand) <= SIDE_MARGIN


def planning_board(match: LotsMatch) -> Board:
    """The rules' tower, with each column as high as the bodies really stand."""
    state = match.state
    board = Board.of(state.footprint_spec(), state.tower)
    standing = column_heights(standing_fill(match, INTRUDE, TILT), board.width)
    heights = tuple(max(a, b) for a, b in zip(board.heights, standing, strict=True))
    return board.with_heights(heights)


def careful_nudge(
    match: LotsMatch, hand: Dexterity, piece: str, col: int, turns: int, mirror: bool
) -> float:
    """Where a careful player's hand aims ``piece`` dropped at ``col`` turned and flipped
    so (cm added to the grid position): the bots' aim, at the gap the real bodies leave,
    air kept beside walls, a block it must touch hugged. 0 for a drop the board lacks.
    The research environments' hand aims every planned drop this way."""
    board = planning_board(match)
    shape = transform_cells(spec_of(piece).cells, turns, mirror)
    wanted = next((t, m) for t, m, s in orientations(colour_of(piece)) if s == shape)
    for move in drops(board, piece):
        if move.col == col and (move.turns, move.mirror) == wanted:
            hug = hugged(match.state, board, move, sides_count(hand))
            return aim(match, piece, move, margin_for(hand), hug, board).nudge
    return 0.0


def candidates(match: LotsMatch, hand: Dexterity, rolls: int = 1) -> list[Candidate]:
    """Every legal placement the bodies leave room for, best planned first (ties keep
    the enumeration order, so the list is deterministic), planned ``rolls`` rolls
    ahead (0: on the shape of the tower alone). Extra purple cubes are kept: a block
    alone is the turn's decision; a cube is placed only when it must go back."""
    state = match.state
    board = planning_board(match)
    margin = margin_for(hand)
    sides = sides_count(hand)
    # Solo, the turns ahead count only on spots a piece goes down with the hand's air
    # beside it (1A seed 83: an I's slot 0.008 cm narrower than the I was planned for
    # three turns running and never filled). Competitive play keeps the bare room: the
    # steady hand's 0.24 cm would close most one-column slots (not measured).
    blocked = blocked_spots(match, board, margin if state.solo else 0.0)
    choices = placement_choices(state)
    if state.phase == "replace":
        block, cube = choices[0]
    else:
        block, cube = None, None
    blocks = [b for b, c in choices if b is not None and c is None] or [
        p for p in (block, cube) if p is not None
    ][:1]
    aims: dict[tuple[str, int, int, bool], Aim] = {}

    def collect(strict: bool) -> list[Candidate]:
        def allowed(move: Drop) -> bool:
            try:
                check_candidate(state, move.piece, move.cells)
            except IllegalMove:
                return False
            hug = hugged(state, board, move, sides)
            aimed = aim(match, move.piece, move, margin, hug, board)
            aims[(move.piece, move.col, move.turns, move.mirror)] = aimed
            # A touch of the last block the hand may miss stays in: the rollouts count
            # the misses (dropping such moves cost 3 solo wins in 40, docs/bots.md).
            return not strict or aimed.fits

        found = []
        if state.solo or rolls == 0:
            planned = plan(state, board, blocks, sides, allowed, rolls > 0, max(rolls, 1), blocked)
        else:  # the next turn is a rival's (bots_rivals)
            planned = rivals_plan(state, board, blocks, sides, allowed, rolls, blocked)
        for chosen in planned:
            move = chosen.drop
            aimed = aims[(move.piece, move.col, move.turns, move.mirror)]
            placement = _placement(state, board, chosen, aimed.nudge, block, cube)
            if placement is not None:
                placement = replace(placement, feel=hand.feel)
                future = chosen.value - chosen.points - TIGHT * aimed.tight
                found.append(Candidate(placement, chosen.points, future))
        return found

    # Where the bodies leave room for none of them, the rules' spots are tried all the
    # same (the rollouts judge them): a bot never runs out of moves the rules allow.
    out = collect(strict=True) or collect(strict=False)
    out.sort(key=lambda c: -c.prior)
    return out


def blocked_spots(
    match: LotsMatch, board: Board, margin: float = 0.0
) -> frozenset[frozenset[Cell]]:
    """The spots on ``board`` where no piece still to come fits between the bodies as
    they really stand (each piece aimed beside a wall keeps air, and the hand's draw
    moves it a little more, so a one-cell slot left for later may narrow): the
    planner's turns ahead must not count on them. Pieces only add walls, so a spot
    blocked now stays so. ``margin``: the air (cm) a gap must leave beside the
    piece, less what the bodies give (solo: the hand's margin)."""
    state = match.state
    colours = {colour for colour, pile in state.supply.items() if pile}
    colours |= {colour_of(p) for bank in state.banks for p in bank}
    return frozenset(
        spot.cells
        for colour in sorted(colours)
        for spot in drops(board, f"{colour}-1")
        if not leaves_room(match, spot, margin)
    )


def _placement(
    state: LotsState, board: Board, chosen: Plan, nudge: float, block: str | None, cube: str | None
) -> Placement | None:
    """The placement of a planned move; a cube being put back with its block goes to
    the lowest spot left for it."""
    move = chosen.drop
    if move.piece == cube or cube is None or block is None:
        return Placement(
            block=None if move.piece == cube else move.piece,
            cube=cube if move.piece == cube else None,
            col=move.col,
            turns=move.turns,
            mirror=move.mirror,
            nudge=nudge,
        )
    after = board.with_piece(move.piece, move.cells)
    spots = rule_legal(state, cube, drops(after, cube))
    if not spots:
        return None
    low = min(spots, key=lambda s: max(r for r, _ in s.cells))
    return Placement(
        block=move.piece,
        col=move.col,
        turns=move.turns,
        mirror=move.mirror,
        cube=cube,
        cube_col=low.col,
        nudge=nudge,
    )


def hugged(state: LotsState, board: Board, move: Drop, sides: bool) -> set[str]:
    """Neighbours the piece should touch side by side: solo, the last block when the
    piece does not rest on it; with a hand steady enough, same-colour blocks beside it
    (their match counts only if they touch)."""
    out: set[str] = set()
    last = state.last_block
    if (
        state.solo
        and last is not None
        and last in board.pieces
        and not rests_on(move.cells, board.pieces[last])
    ):
        out.add(last)
    if sides:
        colour = colour_of(move.piece)
        for other, cells in board.pieces.items():
            if colour_of(other) == colour and side_by_side(move.cells, cells):
                out.add(other)
    return out
