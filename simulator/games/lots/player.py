"""Computer players for LOTS.

``RandomPlayer`` is the legal random player: every discrete decision is a uniform
choice among the legal moves; a placement is a random spot among those the rules allow
that the grid predicts to be balanced and to leave no hole (falling back to any legal
spot), lowered gently by the hand. Physics-aware players: simulator/games/lots/bots.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.lots import LotsState, check_candidate, legal_moves, placement_choices, spec_of
from rules.pieces import Cell
from simulator.games.computer_seat import ComputerPlayer
from simulator.games.lots.landing import Spot, spots
from simulator.games.lots.match import LotsMatch, Placement

Decision = tuple[str, Any]  # ("move", dict) or ("place", Placement)


# A LOTS computer player (RandomPlayer, bots.LotsBot).
LotsPlayer = ComputerPlayer[LotsMatch, Decision]


# cm a bounding box must reach into a column to count there (neighbours touch edges).
BB_MARGIN = 0.1
# After its block fell, the player picks among this many of the lowest safe spots.
REPLACE_CHOICES = 3


@dataclass
class RandomPlayer:
    seed: int

    def __post_init__(self) -> None:
        # Its own stream: the game's chance (dice, cards) must not depend on the players.
        self.chance = Chance.from_seed(self.seed).fork(0x107)

    def decide(self, match: LotsMatch) -> Decision:
        state = match.state
        moves: list[Any] = list(legal_moves(state))
        choices = placement_choices(state)
        if choices:
            moves.append(None)  # stands for "place now"
        if not moves:
            raise IllegalMove(f"no legal decision in phase {state.phase}")
        move = self.chance.choice(moves)
        if move is not None:
            return "move", move
        for block, cube in self.chance.shuffled(choices):
            placement = self._placement(match, block, cube)
            if placement is not None:
                return "place", placement
        raise IllegalMove("no legal spot for any block in the bank")

    def _placement(self, match: LotsMatch, block: str | None, cube: str | None) -> Placement | None:
        state = match.state
        width = match.lot.footprint.width
        filled = standing_fill(match, BB_MARGIN, BB_MARGIN / match.lot.grid.cell)
        block_spot = None
        if block is not None:
            block_spot = self._spot(state, block, filled, width)
            if block_spot is None:
                return None
            filled |= block_spot.cells
        cube_spot = self._spot(state, cube, filled, width) if cube is not None else None
        if cube is not None and cube_spot is None:
            return None
        base = block_spot or cube_spot
        assert base is not None
        return Placement(
            block=block,
            col=base.col,
            turns=base.turns,
            mirror=base.mirror,
            cube=cube,
            cube_col=cube_spot.col if cube_spot is not None and block is not None else None,
        )

    def _spot(self, state: Any, piece: str, filled: set, width: int) -> Spot | None:
        legal = rule_legal(state, piece, spots(spec_of(piece).cells, filled, width))
        if not legal:
            return None
        if state.phase == "replace":
            # The block fell last time: play safe, as low and as snug as the tower allows.
            legal.sort(key=lambda s: (not s.balanced, max(r for r, _ in s.cells), s.holes))
            return self.chance.choice(legal[:REPLACE_CHOICES])
        tidy = [s for s in legal if s.balanced and s.holes == 0]
        return self.chance.choice(tidy or legal)


class _Candidate(Protocol):
    @property
    def cells(self) -> frozenset[Cell]: ...


CandidateT = TypeVar("CandidateT", bound=_Candidate)


def rule_legal(state: LotsState, piece: str, candidates: Iterable[CandidateT]) -> list[CandidateT]:
    """The ``candidates`` (spots, drops) whose cells the rules accept for ``piece``, in
    their order."""
    legal = []
    for candidate in candidates:
        try:
            check_candidate(state, piece, candidate.cells)
        except IllegalMove:
            continue
        legal.append(candidate)
    return legal


def standing_fill(match: LotsMatch, reach: float, tilt: float) -> set[tuple[int, int]]:
    """The grid as the bodies really stand: each column filled up to the highest point of
    anything reaching ``reach`` cm into it, a top less than ``tilt`` cells above a whole
    row counting as that row. Tilted pieces make the rules' cells a poor guide to where a
    new piece will land; the random player reads it with bounding boxes barely inside a
    column (conservative), the bots with INTRUDE and TILT (simulator/games/lots/bots_aim.py)."""
    lot = match.lot
    cell = lot.grid.cell
    base = lot.grid.origin[1]
    filled = set(lot.footprint.ground_cells())
    for col in range(lot.footprint.width):
        left, right = lot.column_x(col), lot.column_x(col + 1)
        tops = [
            shape.bb.top
            for entry in match.world.dynamic_entries
            for shape in entry.shapes
            if shape.bb.right > left + reach and shape.bb.left < right - reach
        ]
        rows = math.ceil((max(tops, default=base) - base) / cell - tilt)
        filled |= {(row, col) for row in range(rows)}
    return filled


def apply_decision(match: LotsMatch, decision: Decision) -> None:
    """Apply a LOTS player's decision (IllegalMove: refused, the match unchanged)."""
    kind, what = decision
    if kind == "move":
        match.perform(what)
    else:
        match.place(what)
