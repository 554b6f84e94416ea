"""Planning a LOTS placement on the grid, a roll or two ahead (the bots' heuristic).

A move is judged by the points it scores now plus what the next turn can make of the
tower it leaves: for every face of the supply die, the block it would bring (solo: by
the purple marker's rules; competitive: a wild face brings the best pile, an empty
pile the worst one, as the player to the left chooses), the best placement of that
block or the one kept in the bank, scored by its points and the shape of the tower it
leaves (rows spoilt by a covered hole, bumps, deep wells, a ragged skyline, pieces near
tipping). With ``depth`` 2 the best few moves look one more roll ahead the same way.
Solo, the next placement must touch this one, so a move that leaves nowhere good to go
next is worth little. Reaching the target is worth WIN; the last turn counts points
only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

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
# A load right over an edge is left to the rollouts: SEESAW 0.05 measured worse.
STEADY = 0.3
SEESAW = 0.0
TIPPING = 20.0
FALLS = 100.0
# Solo: no move for the next block (nothing it could rest on the last block).
STUCK = 30.0
# Looking two rolls ahead: the best FIRST moves by the one-roll value are looked at
# again, each next turn with its best NEXT moves followed one roll further.
FIRST = 4
NEXT = 2


@dataclass(frozen=True)
class Plan:
    drop: Drop
    points: int  # scored now, if the hand places it where the grid says
    value: float  # points now and the expected best next turn


@dataclass(frozen=True)
class Outlook:
    """What the planner needs of the game besides the tower: how the next blocks come."""

    solo: bool
    target: int
    sides: bool  # side contacts count
    supply: Mapping[str, tuple[str, ...]]  # colour -> pile, top last
    marker: str | None  # solo: the pile the purple cube stands at
    # Spots (a piece's cells) the bodies as they stand leave too little room for: the
    # turns ahead cannot count on them either (bots_candidates.blocked_spots).
    blocked: frozenset[frozenset[Cell]] = frozenset()

    @classmethod
    def of(
        cls, state: LotsState, sides: bool, blocked: frozenset[frozenset[Cell]] = frozenset()
    ) -> Outlook:
        supply = {colour: tuple(pile) for colour, pile in state.supply.items()}
        return cls(state.solo, state.target, sides, supply, state.marker, blocked)

    def empty(self) -> int:
        return sum(1 for pile in self.supply.values() if not pile)

    def taking(self, colour: str) -> Outlook:
        """The outlook once the top block of ``colour`` is taken."""
        return replace(self, supply={**self.supply, colour: self.supply[colour][:-1]})


def shape_value(board: Board, steady: float | None = None) -> float:
    """What the shape of a tower is worth for the turns to come (<= 0); ``steady``: its
    steadiness, if the caller has it already."""
    top = max(board.heights)
    return (
        (_steadiness(board) if steady is None else steady)
        - DEAD_ROW * dead_rows(board)
        - BUMP * bumpiness(board)
        - WELL * wells(board)
        - HEIGHT * top
        - GAP * sum(top - h for h in board.heights)
    )


def _steadiness(board: Board) -> float:
    """0 for a steady tower, less as a piece comes close to tipping, -FALLS if one
    tips."""
    margin = load_margin(board) if board.pieces else STEADY
    if margin < SEESAW:
        return -FALLS
    return -TIPPING * max(0.0, STEADY - margin)


def plan(
    state: LotsState,
    board: Board,
    blocks: list[str],
    sides: bool,
    allowed: Callable[[Drop], bool] | None = None,
    ahead: bool = True,
    depth: int = 1,
    blocked: frozenset[frozenset[Cell]] = frozenset(),
) -> list[Plan]:
    """Every placement of the bank's ``blocks`` on ``board`` (the tower as it stands),
    best first. ``sides``: side contacts count (a steady enough hand). ``allowed``
    filters the first move (the rules' and the physics' say). ``ahead``: look a roll
    ahead (else the shape of the tower stands in for the future); ``depth`` 2: two.
    ``blocked``: spots the turns ahead cannot use (the bodies leave no room)."""
    seat = state.current
    score = state.scores[seat]
    outlook = Outlook.of(state, sides, blocked)
    last = _last_cells(state)
    final = outlook.empty() >= game_content().empty_piles_to_end
    out = []
    for block in dict.fromkeys(blocks):
        kept = [b for b in state.banks[seat] if b != block]
        for move in drops(board, block):
            if not _reaches(move, last, sides):
                continue
            if allowed is not None and not allowed(move):
                continue
            after = board.with_piece(block, move.cells)
            floors, matches = points(board, block, move.cells, sides, after)
            now = turn_points(floors, matches)
            steady = _steadiness(after)
            if steady <= -FALLS:
                value = now + steady  # it falls now: no next turn to count on
            elif score + now >= state.target:
                value = WIN + now + steady
            elif not ahead or final:
                value = now + shape_value(after, steady)
            else:
                value = now + _next_turn(outlook, after, move.cells, kept, score + now, 1)
            out.append(Plan(move, now, value))
    out.sort(key=lambda p: -p.value)
    if depth > 1 and ahead and not final:
        out = _deeper(state, board, out, outlook, score, depth)
    return out


def _deeper(
    state: LotsState, board: Board, plans: list[Plan], outlook: Outlook, score: int, depth: int
) -> list[Plan]:
    """The best FIRST plans valued ``depth`` rolls ahead instead of one; the others
    keep their order after them, shifted by the smallest change the deeper look made
    (so that the values stay comparable in rollouts)."""
    head, shifts = [], []
    for chosen in plans[:FIRST]:
        move = chosen.drop
        if chosen.value >= WIN or chosen.value <= -FALLS:
            head.append(chosen)
            continue
        kept = [b for b in state.banks[state.current] if b != move.piece]
        after = board.with_piece(move.piece, move.cells)
        future = _next_turn(outlook, after, move.cells, kept, score + chosen.points, depth)
        head.append(Plan(move, chosen.points, chosen.points + future))
        shifts.append(head[-1].value - chosen.value)
    head.sort(key=lambda p: -p.value)
    shift = min(shifts, default=0.0)
    rest = [replace(p, value=p.value + shift) for p in plans[FIRST:]]
    return head + rest


def _last_cells(state: LotsState) -> frozenset[Cell] | None:
    last = state.last_block
    if not state.solo or last is None or last not in state.tower:
        return None
    return frozenset((r, c) for r, c in state.tower[last])


def _reaches(move: Drop, last: frozenset[Cell] | None, sides: bool) -> bool:
    """Solo: the move surely touches the last block (drops always stay in bounds)."""
    if last is None:
        return True
    return edge_touch(move.cells, last) and touches(move.cells, last, sides)


def _next_turn(
    outlook: Outlook,
    board: Board,
    last: frozenset[Cell],
    kept: list[str],
    score: int,
    depth: int,
) -> float:
    """The expected value of the best placement on the next turn, ``depth`` turns
    deep (1: the shape of the tower after it stands in for what follows)."""
    ending = game_content().empty_piles_to_end
    values: dict[str, float] = {}
    # The blocks kept in the bank are placed on the same tower whatever the roll brings.
    moves: dict[str, list[_Move]] = {}
    for colour, pile in outlook.supply.items():
        if pile:
            after = outlook.taking(colour)
            final = after.empty() >= ending
            values[colour] = _best_turn(
                after,
                board,
                last if outlook.solo else None,
                [*kept, pile[-1]],
                score,
                final,
                depth,
                moves,
            )
    if not values:
        return 0.0
    faces = _face_values(outlook, values)
    return sum(faces) / len(faces)


@dataclass
class _Move:
    """One drop of a block on a tower, with what it scores and leaves."""

    move: Drop
    now: int
    after: Board
    steady: float
    _shape: float | None = None

    @property
    def shape(self) -> float:
        if self._shape is None:
            self._shape = shape_value(self.after, self.steady)
        return self._shape


def _moves(outlook: Outlook, board: Board, last: frozenset[Cell] | None, block: str) -> list[_Move]:
    out = []
    for move in drops(board, block):
        if move.cells in outlook.blocked or not _reaches(move, last, outlook.sides):
            continue
        after = board.with_piece(block, move.cells)
        floors, matches = points(board, block, move.cells, outlook.sides, after)
        out.append(_Move(move, turn_points(floors, matches), after, _steadiness(after)))
    return out


def _best_turn(
    outlook: Outlook,
    board: Board,
    last: frozenset[Cell] | None,
    bank: list[str],
    score: int,
    final: bool,
    depth: int,
    known: dict[str, list[_Move]] | None = None,
) -> float:
    """The best value of placing one of ``bank`` (final: on the game's last turn);
    ``known``: each block's moves on ``board``, filled in as they are needed."""
    known = {} if known is None else known
    scored = []
    for block in dict.fromkeys(bank):
        if block not in known:
            known[block] = _moves(outlook, board, last, block)
        for m in known[block]:
            if score + m.now >= outlook.target:
                value = WIN + m.now + m.steady
            else:
                value = m.now + (m.steady if final else m.shape)
            scored.append((value, m.now, block, m.move, m.after))
    if not scored:
        return -STUCK if outlook.solo else 0.0
    if depth <= 1 or final:
        return max(v for v, *_ in scored)
    scored.sort(key=lambda s: -s[0])
    values = []
    for value, now, block, move, after in scored[:NEXT]:
        if value >= WIN or value <= -FALLS:
            values.append(value)
            continue
        kept = list(bank)
        kept.remove(block)
        values.append(now + _next_turn(outlook, after, move.cells, kept, score + now, depth - 1))
    return max(values)


def _face_values(outlook: Outlook, values: dict[str, float]) -> list[float]:
    """The value of each face of the next roll, by the rules of the mode."""
    content = game_content()
    out = []
    for face in content.die_faces:
        if outlook.solo:
            colour = solo_colour(outlook, face)
        elif face == content.wild_face:
            out.append(max(values.values()))  # the roller chooses
            continue
        else:
            colour = content.shape_colour[face]
        # an empty pile: solo, the marker's pile; competitive, the left player's pick
        out.append(values[colour] if colour in values else min(values.values()))
    return out


def solo_colour(outlook: Outlook, face: str) -> str:
    """The pile a solo roll takes from (supply.solo_resolve_roll, without taking)."""
    content = game_content()
    order = content.pile_order

    def settle(colour: str) -> str:
        for _ in order:
            if outlook.supply[colour]:
                return colour
            colour = order[(order.index(colour) + 1) % len(order)]
        return colour

    marker = settle(outlook.marker or order[0])
    if face == content.wild_face:
        return settle(order[(order.index(marker) + 1) % len(order)])
    colour = content.shape_colour[face]
    return colour if outlook.supply[colour] else marker
