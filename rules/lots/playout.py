"""A random legal player: plays a game to the end with outcomes from a caller's function.

The caller supplies ``outcome_fn(state, block, cube, chance)`` returning the
PlacementOutcome of putting ``block`` (and ``cube``) on the tower -- a physics run in
the simulator, or ``grid_outcome`` below, which invents one as plain data. Every other
decision is a uniform choice among ``legal_moves``, drawn from the playout's own seeded
Chance (not the game's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.chance import Chance
from rules.footprints import Footprint
from rules.lots.grid import Cell, as_cell, edge_touch, touching_pairs
from rules.lots.instances import spec_of
from rules.lots.moves import apply_move, legal_moves, placement_choices
from rules.lots.outcome import PlacementOutcome
from rules.lots.state import LotsState
from rules.pieces import transform_cells

OutcomeFn = Callable[[LotsState, str | None, str | None, Chance], PlacementOutcome]


def random_move(state: LotsState, outcome_fn: OutcomeFn, chance: Chance) -> dict[str, Any]:
    """One random legal move (a placement counts as one option among the moves)."""
    moves: list[dict[str, Any] | None] = list(legal_moves(state))
    choices = placement_choices(state)
    if choices:
        moves.append(None)  # stands for "place a block now"
    if not moves:
        raise RuntimeError(f"no legal move in phase {state.phase}")
    move = chance.choice(moves)
    if move is None:
        block, cube = chance.choice(choices)
        outcome = outcome_fn(state, block, cube, chance)
        move = {"type": "place", "player": state.current, "outcome": outcome}
    return move


def random_step(state: LotsState, outcome_fn: OutcomeFn, chance: Chance) -> LotsState:
    return apply_move(state, random_move(state, outcome_fn, chance))


def random_playout(
    state: LotsState,
    outcome_fn: OutcomeFn,
    seed: int = 0,
    max_moves: int = 5000,
    on_step: Callable[[LotsState, LotsState], None] | None = None,
) -> LotsState:
    """Play random legal moves until the game is over; ``on_step(before, after)`` lets
    callers check invariants along the way. Raises if ``max_moves`` is not enough."""
    chance = Chance.from_seed(seed)
    for _ in range(max_moves):
        if state.over:
            return state
        after = random_step(state, outcome_fn, chance)
        if on_step is not None:
            on_step(state, after)
        state = after
    if state.over:
        return state
    raise RuntimeError(f"game not over after {max_moves} moves")


# --- invented outcomes: a piece dropped Tetris-style, now and then a fall ------------


def orientations(piece: str) -> list[frozenset[Cell]]:
    cells = spec_of(piece).cells
    found = {transform_cells(cells, q, m) for q in range(4) for m in (False, True)}
    return sorted(found, key=sorted)


def drop(
    footprint: Footprint, solid: set[Cell], shape: frozenset[Cell], col: int
) -> frozenset[Cell] | None:
    """Cells of ``shape`` dropped straight down with its left edge at ``col``."""
    if any(not 0 <= c + col < footprint.width for _, c in shape):
        return None
    row = max((r for r, _ in solid), default=-1) + 1
    while row > 0 and not any((r + row - 1, c + col) in solid for r, c in shape):
        row -= 1
    return frozenset((r + row, c + col) for r, c in shape)


def drop_options(
    state: LotsState, piece: str, tower: Mapping[str, Iterable[Cell]]
) -> list[frozenset[Cell]]:
    fp = state.footprint_spec()
    solid = {as_cell(c) for cells in tower.values() for c in cells} | set(fp.ground_cells())
    out = []
    for shape in orientations(piece):
        for col in range(fp.width):
            cells = drop(fp, solid, shape, col)
            if cells is not None:
                out.append(cells)
    return out


def grid_outcome(
    state: LotsState, block: str | None, cube: str | None, chance: Chance, fall_rate: float = 0.06
) -> PlacementOutcome:
    """A plausible outcome as plain data: ``block`` (and ``cube``) dropped onto the grid
    (a crude stand-in for the physics), and at ``fall_rate`` one or two pieces off."""
    tower = {k: frozenset(v) for k, v in state.tower_cells().items()}
    fallen: list[str] = []
    if block is not None:
        options = drop_options(state, block, tower)
        last = state.last_block
        if state.solo and last in tower:
            options = [o for o in options if edge_touch(o, tower[last])]
        if options:
            tower[block] = chance.choice(options)
        else:
            fallen.append(block)  # nowhere to put it: it falls
    if cube is not None:
        tower[cube] = chance.choice(drop_options(state, cube, tower))
    if tower and chance.uniform() < fall_rate:
        for piece in chance.shuffled(sorted(tower))[: 1 + chance.below(2)]:
            fallen.append(piece)
            del tower[piece]
    return PlacementOutcome(
        placed=block, cube=cube, fallen=tuple(fallen), cells=tower, touching=touching_pairs(tower)
    )
