"""The LOTS tower as the bots plan it: grid cells, where a piece would land, what it
would score and how sound the tower it leaves would stand. Pure Python, no physics:
the plans are checked by rollouts in the physics afterwards (bots.py).

A piece touches another *on top* when one of its cells lies right above one of the
other's. Only such contacts are sure to count: the bots' hand keeps air beside a
neighbour (bots_aim), so side contacts count only for a hand steady enough to aim
within the rules' touching gap (``sides``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from rules.footprints import Footprint
from rules.lots import spec_of
from rules.lots.content import game_content
from rules.lots.instances import colour_of
from rules.pieces import Cell, transform_cells
from simulator.games.lots.landing import drop

GROUND = ""  # owner of the lot's raised ground cells


Span = tuple[str, float, float]  # what carries a piece under one of its cells: (owner, x0, x1)


@dataclass(frozen=True)
class Board:
    width: int
    owner: Mapping[Cell, str]  # every solid cell: a piece, or GROUND
    pieces: Mapping[str, frozenset[Cell]]
    heights: tuple[int, ...]  # per column, the first row above everything in it
    # What carries each piece (its cells' supports, left to right) and what rests on it:
    # kept as pieces are added, since a piece dropped on the grid lands above every
    # cell of its columns and so never changes what carries the pieces below it.
    # (Empty: worked out here from the cells.)
    supports: Mapping[str, tuple[Span, ...]] = field(default_factory=dict, compare=False)
    loaders: Mapping[str, frozenset[str]] = field(default_factory=dict, compare=False)
    # each piece's own weight (cells) and the column its centre stands over
    weights: Mapping[str, tuple[float, float]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.weights:
            weights = {p: _weight(cells) for p, cells in self.pieces.items()}
            object.__setattr__(self, "weights", weights)
        if not self.supports or not self.loaders:
            supports = {p: _spans(self.owner, p, cells) for p, cells in self.pieces.items()}
            loaders: dict[str, set[str]] = {p: set() for p in self.pieces}
            for piece, spans in supports.items():
                for below, _, _ in spans:
                    if below != GROUND:
                        loaders[below].add(piece)
            object.__setattr__(self, "supports", supports)
            object.__setattr__(self, "loaders", {p: frozenset(ls) for p, ls in loaders.items()})

    @classmethod
    def of(cls, footprint: Footprint, tower: Mapping[str, Iterable[Iterable[int]]]) -> Board:
        owner: dict[Cell, str] = dict.fromkeys(footprint.ground_cells(), GROUND)
        pieces = {}
        for piece, raw in tower.items():
            cells = frozenset((int(r), int(c)) for r, c in raw)
            pieces[piece] = cells
            owner.update(dict.fromkeys(cells, piece))
        return cls(footprint.width, owner, pieces, _heights(owner, footprint.width))

    def with_heights(self, heights: tuple[int, ...]) -> Board:
        """The same pieces with columns standing as high as ``heights`` says."""
        return Board(
            self.width, self.owner, self.pieces, heights, self.supports, self.loaders, self.weights
        )

    def with_piece(self, piece: str, cells: frozenset[Cell]) -> Board:
        owner = {**self.owner, **dict.fromkeys(cells, piece)}
        heights = list(self.heights)
        for r, c in cells:
            heights[c] = max(heights[c], r + 1)
        pieces = {**self.pieces, piece: cells}
        if piece in self.pieces or any((r + 1, c) in self.owner for r, c in cells):
            # not a drop from above: work out every support again
            return Board(self.width, owner, pieces, tuple(heights))
        spans = _spans(owner, piece, cells)
        loaders = dict(self.loaders)
        for below in {s[0] for s in spans} - {GROUND}:
            loaders[below] = loaders[below] | {piece}
        loaders[piece] = frozenset()
        supports = {**self.supports, piece: spans}
        weights = {**self.weights, piece: _weight(cells)}
        return Board(self.width, owner, pieces, tuple(heights), supports, loaders, weights)

    def row_complete(self, row: int) -> bool:
        return all((row, c) in self.owner for c in range(self.width))


def _weight(cells: frozenset[Cell]) -> tuple[float, float]:
    return float(len(cells)), sum(c + 0.5 for _, c in cells) / len(cells)


def _spans(owner: Mapping[Cell, str], piece: str, cells: frozenset[Cell]) -> tuple[Span, ...]:
    """What carries ``piece`` under each of its cells, left to right."""
    spans = []
    for r, c in sorted(cells, key=lambda cell: cell[1]):
        below = GROUND if r == 0 else owner.get((r - 1, c))
        if below is None or below == piece:
            continue
        spans.append((below, float(c), float(c + 1)))
    return tuple(spans)


def _heights(owner: Mapping[Cell, str], width: int) -> tuple[int, ...]:
    heights = [0] * width
    for r, c in owner:
        if 0 <= c < width:
            heights[c] = max(heights[c], r + 1)
    return tuple(heights)


@dataclass(frozen=True)
class Drop:
    piece: str
    col: int
    turns: int
    mirror: bool
    cells: frozenset[Cell]
    holes: int  # empty cells it covers


@cache
def orientations(colour: str) -> tuple[tuple[int, bool, frozenset[Cell]], ...]:
    """(quarter turns, mirror, cells) of a colour's piece, each distinct shape once."""
    cells = spec_of(f"{colour}-1").cells
    seen: dict[frozenset[Cell], tuple[int, bool]] = {}
    for turns in range(4):
        for mirror in (False, True):
            seen.setdefault(transform_cells(cells, turns, mirror), (turns, mirror))
    return tuple((t, m, shape) for shape, (t, m) in seen.items())


def drops(board: Board, piece: str) -> list[Drop]:
    """Every column, turn and flip ``piece`` can be dropped at."""
    out = []
    heights = list(board.heights)
    for turns, mirror, shape in orientations(colour_of(piece)):
        span = max(c for _, c in shape) + 1
        for col in range(board.width - span + 1):
            cells, holes = drop(shape, col, heights)
            out.append(Drop(piece, col, turns, mirror, cells, holes))
    return out


def rests_on(cells: Iterable[Cell], other: frozenset[Cell]) -> bool:
    return any((r - 1, c) in other for r, c in cells)


def side_by_side(cells: frozenset[Cell], other: frozenset[Cell]) -> bool:
    return any((r, c - 1) in other or (r, c + 1) in other for r, c in cells)


def touches(cells: frozenset[Cell], other: frozenset[Cell], sides: bool) -> bool:
    """Whether a piece at ``cells`` surely touches ``other`` (see the module's note)."""
    if rests_on(cells, other) or rests_on(other, cells):
        return True
    return sides and side_by_side(cells, other)


def points(
    board: Board, piece: str, cells: frozenset[Cell], sides: bool, after: Board | None = None
) -> tuple[int, int]:
    """(floors completed, same-colour pieces touched) by ``piece`` landing at ``cells``
    (``after``: the board with it, if the caller has it already)."""
    if after is None:
        after = board.with_piece(piece, cells)
    floors = sum(1 for row in {r for r, _ in cells} if after.row_complete(row))
    colour = colour_of(piece)
    near = {board.owner.get((r + dr, c + dc)) for r, c in cells for dr, dc in _NEIGHBOURS}
    matches = sum(
        1
        for other in near
        if other and colour_of(other) == colour and touches(cells, board.pieces[other], sides)
    )
    return floors, matches


_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def turn_points(floors: int, matches: int) -> int:
    content = game_content()
    return content.floor_points * floors + content.match_points * matches


def dead_rows(board: Board) -> int:
    """Rows that can never be completed: an empty cell in them is covered."""
    dead = set()
    for c, height in enumerate(board.heights):
        for r in range(height):
            if (r, c) not in board.owner:
                dead.add(r)
    return len(dead)


def bumpiness(board: Board) -> int:
    return sum(abs(a - b) for a, b in itertools.pairwise(board.heights))


def wells(board: Board) -> int:
    """Cells of wells deeper than two rows (only an upright I fills them)."""
    h = board.heights
    total = 0
    for c, height in enumerate(h):
        left = h[c - 1] if c > 0 else None
        right = h[c + 1] if c + 1 < len(h) else None
        walls = [w for w in (left, right) if w is not None]
        if not walls:
            continue
        total += max(0, min(walls) - height - 2)
    return total


def load_margin(board: Board) -> float:
    """How far inside its support the load on the least steady piece stands (cells;
    negative: it tips). Each piece carries its own weight at its centre and the loads
    the pieces resting on it pass down, split between its supports by the lever rule."""
    loads = {p: [own] for p, own in board.weights.items()}
    return lever_margin(_top_down(board), board.supports, loads)


def lever_margin(
    order: Sequence[str],
    supports: Mapping[str, Sequence[Span]],
    loads: dict[str, list[tuple[float, float]]],
) -> float:
    """The least margin of ``load_margin``, the pieces taken top down in ``order``, each
    starting with its own ``loads`` (weight, x), to which those resting on it add theirs."""
    worst = float("inf")
    for piece in order:
        weight = sum(w for w, _ in loads[piece])
        x = sum(w * at for w, at in loads[piece]) / weight
        spans = supports[piece]
        if not spans:
            return -1.0
        low, high = min(s[1] for s in spans), max(s[2] for s in spans)
        worst = min(worst, x - low, high - x)
        for under, at, share in _split(spans, x, weight):
            if under != GROUND:
                loads[under].append((share, at))
    return worst


def _top_down(board: Board) -> list[str]:
    """Pieces in an order where everything resting on a piece comes before it: those
    nothing rests on, by name, then each piece once the last one resting on it is
    placed in the order (pieces freed at once in the board's order)."""
    index = {p: i for i, p in enumerate(board.loaders)}
    waiting = {p: len(ls) for p, ls in board.loaders.items()}
    under = {
        p: sorted({s[0] for s in spans if s[0] != GROUND}, key=index.__getitem__)
        for p, spans in board.supports.items()
    }
    order: list[str] = []
    ready = sorted(p for p, n in waiting.items() if not n)
    done: set[str] = set()
    while len(order) < len(waiting):
        if not ready:  # interlocked pieces: take the rest in a fixed order
            ready = sorted(p for p in waiting if p not in done)[:1]
        piece = ready.pop(0)
        if piece in done:
            continue
        done.add(piece)
        order.append(piece)
        for other in under[piece]:
            waiting[other] -= 1
            if not waiting[other] and other not in done:
                ready.append(other)
    return order


def _split(spans: Sequence[Span], x: float, weight: float) -> list[Span]:
    """Where a load at ``x`` goes: to the span under it, or shared by the nearest span
    on each side in inverse proportion to their distance."""
    carrying = [under for under, a, b in spans if a <= x <= b]
    if carrying:  # on the line between two cells, each takes half
        return [(under, x, weight / len(carrying)) for under in carrying]
    left = [s for s in spans if s[2] <= x]
    right = [s for s in spans if s[1] >= x]
    if not left or not right:
        nearest = min(spans, key=lambda s: min(abs(s[1] - x), abs(s[2] - x)))
        return [(nearest[0], min(max(x, nearest[1]), nearest[2]), weight)]
    lu, la, lb = max(left, key=lambda s: s[2])
    ru, ra, rb = min(right, key=lambda s: s[1])
    # at the middle of each contact: a load spreads over the cell that carries it
    at_left, at_right = (la + lb) / 2, (ra + rb) / 2
    share_left = weight * (at_right - x) / (at_right - at_left)
    return [(lu, at_left, share_left), (ru, at_right, weight - share_left)]
