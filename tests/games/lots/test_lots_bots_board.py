"""The bots' grid board keeps what carries each piece as pieces are added: the same as
working it out from scratch, and the same tower steadiness as the first, from-scratch
load_margin (kept here as the reference: its supports, loads and order worked out anew,
handed to the same lever-rule pass)."""

from __future__ import annotations

import random

from rules.footprints import footprints
from simulator.games.lots.bots_grid import GROUND, Board, drops, lever_margin, load_margin

COLOURS = ("red", "blue", "green", "yellow", "purple")


def _reference_margin(board: Board) -> float:
    """load_margin as first written: supports, loaders and order from scratch, then the
    lever rule the bots use."""
    supports: dict[str, list[tuple[str, float, float]]] = {}
    loaders: dict[str, set[str]] = {p: set() for p in board.pieces}
    for piece, cells in board.pieces.items():
        spans = []
        for r, c in sorted(cells, key=lambda cell: cell[1]):
            below = GROUND if r == 0 else board.owner.get((r - 1, c))
            if below is None or below == piece:
                continue
            spans.append((below, float(c), float(c + 1)))
            if below != GROUND:
                loaders[below].add(piece)
        supports[piece] = spans
    loads = {
        p: [(float(len(cells)), sum(c + 0.5 for _, c in cells) / len(cells))]
        for p, cells in board.pieces.items()
    }
    waiting = {p: set(ls) for p, ls in loaders.items()}
    order: list[str] = []
    ready = sorted(p for p, ls in waiting.items() if not ls)
    done: set[str] = set()
    while len(order) < len(waiting):
        if not ready:
            ready = sorted(p for p in waiting if p not in done)[:1]
        piece = ready.pop(0)
        if piece in done:
            continue
        done.add(piece)
        order.append(piece)
        for other, ls in waiting.items():
            if piece in ls:
                ls.discard(piece)
                if not ls and other not in done:
                    ready.append(other)
    return lever_margin(order, supports, loads)


def test_boards_built_piece_by_piece_match_boards_built_at_once() -> None:
    rng = random.Random(7)
    checked = 0
    for footprint in footprints().values():
        for _ in range(12):
            board = Board.of(footprint, {})
            for n in range(rng.randint(4, 14)):
                piece = f"{rng.choice(COLOURS)}-{n + 1}"
                move = rng.choice(drops(board, piece))
                board = board.with_piece(piece, move.cells)
                fresh = Board(board.width, board.owner, board.pieces, board.heights)
                assert fresh.supports == board.supports
                assert fresh.loaders == board.loaders
                assert fresh.weights == board.weights
                assert list(fresh.loaders) == list(board.loaders)  # the order counts too
                assert load_margin(board) == _reference_margin(board)  # bit for bit
                checked += 1
    assert checked > 300
