"""A random legal player: plays a game to the end with outcomes from a caller's function.

The caller supplies ``outcome_fn(state, block, cube, chance)`` returning the
PlacementOutcome of putting ``block`` (and ``cube``) on the tower -- a physics run in
the simulator, a fake in the tests. Every other decision is a uniform choice among
``legal_moves``, drawn from the playout's own seeded Chance (not the game's).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.chance import Chance
from rules.lots.moves import apply_move, legal_moves, placement_choices
from rules.lots.outcome import PlacementOutcome
from rules.lots.state import LotsState

OutcomeFn = Callable[[LotsState, str | None, str | None, Chance], PlacementOutcome]


def random_step(state: LotsState, outcome_fn: OutcomeFn, chance: Chance) -> LotsState:
    """One random legal move (a placement counts as one option among the moves)."""
    moves: list[dict | None] = list(legal_moves(state))
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
    return apply_move(state, move)


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
