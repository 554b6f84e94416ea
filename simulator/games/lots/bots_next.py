"""What a LOTS solo placement leaves the next turn, rehearsed physically.

The grid planner looks a roll or two ahead on the grid, where every planned drop lands
as planned; the rollouts test only the placement at hand. A placement can stand and
still leave a tower on which every good drop of the next block falls (an upright I
beside an L on a lot three cells wide: LOTS solo 3B, seed 0). So the finalists'
next turn is rehearsed too: in a copy where the placement stood, each block the next
roll can bring (by the purple marker's rules, weighted by its faces) is aimed at its
best planned drops and lowered under the hand's noise; the share of faces on which no
drop stood is the risk the placement leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.errors import IllegalMove
from rules.lots.content import game_content
from simulator.bots.dexterity import Jitter
from simulator.games.lots.bots_aim import aim
from simulator.games.lots.bots_candidates import hugged, planning_board
from simulator.games.lots.bots_plan import Outlook, plan, solo_colour
from simulator.games.lots.bots_risk import deciding_falls, noisy
from simulator.games.lots.match import Fell, LotsMatch, Placement, PlannedDrop

# The next block's best planned drops that are lowered (a drop that stands is enough).
DROPS = 2


@dataclass(frozen=True)
class Left:
    """What a placement leaves the next turn (bots_next): the share of the next roll's
    faces (0 to 1) whose block, and every block kept in the bank, has no drop that stood
    in its rehearsal; how many kept blocks have none; the simulated steps it took."""

    faces: float
    stuck: int
    steps: int


def next_turn_risk(
    match: LotsMatch,
    placement: Placement,
    first: Jitter,
    noise: Callable[[int], Jitter],
    margin: float,
    sides: bool,
) -> Left:
    """What ``placement`` made with ``first`` leaves the next turn (nothing, if it fell
    or was refused there: the rollouts count that). ``noise(i)``: the hand's noise for
    the i-th drop rehearsed. A block kept in the bank must go somewhere some day: one
    with no drop that stands is counted apart."""
    twin = match.scratch_copy()
    steps = twin.world.steps
    twin.stop_at_fall = deciding_falls(twin, placement)
    try:
        outcome = twin.place(noisy(placement, first))
    except (IllegalMove, Fell):
        return Left(0.0, 0, twin.world.steps - steps)
    twin.stop_at_fall = None
    state = twin.state
    if outcome.fallen or state.over or not state.solo:
        return Left(0.0, 0, twin.world.steps - steps)
    board = planning_board(twin)
    outlook = Outlook.of(state, sides)
    work = [twin.world.steps - steps]
    safe: dict[str, bool] = {}

    def stands(block: str) -> bool:
        """Whether one of the block's DROPS best planned drops stood when lowered."""
        if block in safe:
            return safe[block]
        safe[block] = False
        for chosen in plan(state, board, [block], sides, ahead=False)[:DROPS]:
            move = chosen.drop
            hug = hugged(state, board, move, sides)
            nudge = aim(twin, move.piece, move, margin, hug, board).nudge
            trial = Placement(
                block=move.piece, col=move.col, turns=move.turns, mirror=move.mirror, nudge=nudge
            )
            drop = PlannedDrop(
                move.piece, move.col, move.turns, move.mirror, min(r for r, _ in move.cells)
            )
            scratch = twin.scratch_copy()
            before = scratch.world.steps
            # Physics alone: the block is not in the bank yet, and only a fall matters.
            scratch.stop_at_fall = frozenset(state.tower) | {block}
            try:
                fell = bool(scratch._run_physics(noisy(trial, noise(len(work))), [drop]).fallen)
            except Fell:
                fell = True
            work.append(scratch.world.steps - before)
            if not fell:
                safe[block] = True
                break
        return safe[block]

    kept = [block for block in state.banks[state.current] if not stands(block)]
    faces = game_content().die_faces
    blocked = 0
    for face in faces:
        pile = outlook.supply.get(solo_colour(outlook, face)) or ()
        if len(kept) == len(state.banks[state.current]) and (not pile or not stands(pile[-1])):
            blocked += 1
    return Left(blocked / len(faces), len(kept), sum(work))
