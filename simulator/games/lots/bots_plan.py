"""Planning a LOTS placement on the grid, one roll ahead (the bots' heuristic).

A move is judged by the points it scores now plus what the next turn can make of the
tower it leaves: for every face of the supply die, the block it would bring (solo: by
the purple marker's rules; competitive: a wild face brings the best pile, an empty
pile the worst one, as the player to the left chooses), the best placement of that
block or the one kept in the bank, scored by its points and the shape of the tower it
leaves (rows spoilt by a covered hole, bumps, deep wells, pieces near tipping). Solo,
the next placement must touch this one, so a move that leaves nowhere good to go next
is worth little. Reaching the target is worth WIN; the last turn counts points only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.lots import LotsState, edge_touch
from rules.lots.content import game_content
from rules.pieces import Cell
from simulator.games.lots.bots_grid import (
    Board,
    Drop,
    bumpiness,
    dead_rows,
    drops,
    load_margin,
    points,
    touches,
    turn_points,
    wells,
)

WIN = 1000.0
# Shape weights, in points (tuned on rules-only solo games, docs/bots.md).
DEAD_ROW = 4.0
BUMP = 0.5
WELL = 1.5
HEIGHT = 0.0
GAP = 0.4  # a cell the skyline lies below its highest column
# A tower whose least steady piece has its load closer than this to a support's edge
# (cells) loses TIPPING points a cell missing; under SEESAW it counts as tipping over.
STEADY = 0.3
SEESAW = 0.0
TIPPING = 20.0
FALLS = 100.0
# Solo: no move for the next block (nothing it could rest on the last block).
STUCK = 30.0


@dataclass(frozen=True)
class Plan:
    drop: Drop
    points: int  # scored now, if the hand places it where the grid says
    value: float  # points now and the expected best next turn


def shape_value(board: Board) -> float:
    """What the shape of a tower is worth for the turns to come (<= 0)."""
    return (
        _steadiness(board)
        - DEAD_ROW * dead_rows(board)
        - BUMP * bumpiness(board)
        - WELL * wells(board)
        - HEIGHT * max(board.heights)
        - GAP * sum(max(board.heights) - h for h in board.heights)
    )


def _steadiness(board: Board) -> float:
    """0 for a steady tower, less as a piece comes close to tipping, -FALLS if one
    tips (or is so close to its edge that the hand's offsets and the rounded corners
    make it a seesaw)."""
    margin = load_margin(board) if board.pieces else STEADY
    if margin < SEESAW:
        return -FALLS
    return -TIPPING * max(0.0, STEADY - margin)


def _reaches(move: Drop, last: frozenset[Cell] | None, sides: bool) -> bool:
    """Solo: the move surely touches the last block (drops always stay in bounds)."""
    if last is None:
        return True
    return edge_touch(move.cells, last) and touches(move.cells, last, sides)


def plan(
    state: LotsState,
    board: Board,
    blocks: list[str],
    sides: bool,
    allowed: Callable[[Drop], bool] | None = None,
    ahead: bool = True,
) -> list[Plan]:
    """Every placement of the bank's ``blocks`` on ``board`` (the tower as it stands),
    best first. ``sides``: side contacts count (a steady enough hand). ``allowed``
    filters the first move (the rules' and the physics' say). ``ahead``: look one roll
    ahead (else the shape of the tower stands in for the future)."""
    seat = state.current
    score = state.scores[seat]
    last = _last_cells(state)
    out = []
    for block in dict.fromkeys(blocks):
        for move in drops(board, block):
            if not _reaches(move, last, sides):
                continue
            if allowed is not None and not allowed(move):
                continue
            floors, matches = points(board, block, move.cells, sides)
            now = turn_points(floors, matches)
            after = board.with_piece(block, move.cells)
            steady = _steadiness(after)
            if steady <= -FALLS:
                value = now + steady  # it falls now: no next turn to count on
            elif score + now >= state.target:
                value = WIN + now + steady
            elif not ahead or _last_turn(state):
                value = now + shape_value(after)
            else:
                kept = [b for b in state.banks[seat] if b != block]
                value = now + _next_turn(state, after, move, kept, score + now, sides)
            out.append(Plan(move, now, value))
    out.sort(key=lambda p: -p.value)
    return out


def _last_cells(state: LotsState) -> frozenset[Cell] | None:
    last = state.last_block
    if not state.solo or last is None or last not in state.tower:
        return None
    return frozenset(tuple(c) for c in state.tower[last])


def _last_turn(state: LotsState) -> bool:
    """This turn's CHECK ends the game: three piles are empty already."""
    return len(state.empty_piles()) >= game_content().empty_piles_to_end


def _next_turn(
    state: LotsState, board: Board, move: Drop, kept: list[str], score: int, sides: bool
) -> float:
    """The expected value of the best placement on the next turn."""
    last = move.cells if state.solo else None
    ending = game_content().empty_piles_to_end
    kept_value = {
        final: _best(state, board, kept, last, score, sides, final) for final in (False, True)
    }
    values: dict[str, float] = {}
    for colour, pile in state.supply.items():
        if pile:
            final = len(state.empty_piles()) + (len(pile) == 1) >= ending
            fresh = _best(state, board, [pile[-1]], last, score, sides, final)
            values[colour] = max(kept_value[final], fresh)
    if not values:
        return kept_value[False]
    faces = _face_values(state, values)
    return sum(faces) / len(faces)


def _face_values(state: LotsState, values: dict[str, float]) -> list[float]:
    """The value of each face of the next roll, by the rules of the mode."""
    content = game_content()
    out = []
    for face in content.die_faces:
        if state.solo:
            colour = _solo_colour(state, face)
        elif face == content.wild_face:
            out.append(max(values.values()))  # the roller chooses
            continue
        else:
            colour = content.shape_colour[face]
        # an empty pile: solo, the marker's pile; competitive, the left player's pick
        out.append(values[colour] if colour in values else min(values.values()))
    return out


def _solo_colour(state: LotsState, face: str) -> str:
    """The pile a solo roll takes from (supply.solo_resolve_roll, without taking)."""
    content = game_content()
    order = content.pile_order
    marker = state.marker or order[0]

    def settle(colour: str) -> str:
        for _ in order:
            if state.supply[colour]:
                return colour
            colour = order[(order.index(colour) + 1) % len(order)]
        return colour

    marker = settle(marker)
    if face == content.wild_face:
        return settle(order[(order.index(marker) + 1) % len(order)])
    colour = content.shape_colour[face]
    return colour if state.supply[colour] else marker


def _best(
    state: LotsState,
    board: Board,
    blocks: list[str],
    last: frozenset[Cell] | None,
    score: int,
    sides: bool,
    final: bool = False,
) -> float:
    """The best value of placing one of ``blocks`` next turn (final: the game's last)."""
    best = -STUCK if state.solo else 0.0
    for block in blocks:
        for move in drops(board, block):
            if not _reaches(move, last, sides):
                continue
            floors, matches = points(board, block, move.cells, sides)
            now = turn_points(floors, matches)
            after = board.with_piece(block, move.cells)
            if score + now >= state.target:
                value = WIN + now + _steadiness(after)
            else:
                value = now + (_steadiness(after) if final else shape_value(after))
            best = max(best, value)
    return best
