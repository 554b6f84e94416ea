"""Is a placement allowed? Checks on candidate cells (before the physics runs) and
on placement outcomes (after it ran). Every refusal is an IllegalMove with a reason.

The rulebook: "all blocks and cubes must be played within the set boundaries of the
lot's footprint on every floor" -- a piece's cells must lie in the footprint's
columns, at or above row 0, not inside raised ground and not on another piece.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.errors import IllegalMove
from rules.footprints import Footprint
from rules.lots.grid import Cell, as_cell, edge_touch
from rules.lots.instances import colour_of, is_cube, spec_of
from rules.lots.outcome import PlacementOutcome
from rules.lots.state import LotsState
from rules.pieces import named_piece


def piece_name(piece: str) -> str:
    """A piece as players name it (refusals, the app's words): ``the green L``, ``the purple
    cube``."""
    return named_piece(colour_of(piece), spec_of(piece).shape)


def bounds_problem(footprint: Footprint, cells: Iterable[Cell]) -> str | None:
    """Why these cells are outside the footprint's boundaries, or None."""
    cells = sorted(cells)
    if not cells:
        return "a piece must occupy at least one grid cell"
    for r, c in cells:
        if not 0 <= c < footprint.width:
            return (
                f"the piece reaches past the {'left' if c < 0 else 'right'} edge of footprint "
                f"{footprint.id}, whose columns are 1 to {footprint.width}"
            )
        if r < 0:
            return f"the piece would reach below the ground (at column {c + 1})"
    return None


def placement_problem(
    footprint: Footprint, cells: Iterable[Cell], occupied: Iterable[Cell] = ()
) -> str | None:
    """Why a piece may not occupy ``cells`` (given cells already taken), or None."""
    cells = sorted(set(cells))
    problem = bounds_problem(footprint, cells)
    if problem:
        return problem
    ground = footprint.ground_cells()
    taken = set(occupied)
    for r, c in cells:
        if (r, c) in ground:
            return f"the cell at row {r + 1}, column {c + 1} is inside the lot's raised ground"
        if (r, c) in taken:
            return f"the cell at row {r + 1}, column {c + 1} is already taken by another piece"
    return None


def check_placement(
    footprint: Footprint, cells: Iterable[Cell], occupied: Iterable[Cell] = ()
) -> None:
    problem = placement_problem(footprint, cells, occupied)
    if problem:
        raise IllegalMove(problem)


def placeable(state: LotsState) -> tuple[list[str], list[str]]:
    """(blocks, cubes) the current player may put on the tower in this step."""
    if state.pending or state.stage not in ("place", "replace"):
        return [], []
    if state.stage == "replace":
        rp = state.turn_info["replace"]
        return ([rp["block"]] if rp["block"] else []), ([rp["cube"]] if rp["cube"] else [])
    blocks = list(state.banks[state.current])
    cubes = [] if state.solo else list(state.cubes[state.current])
    return blocks, cubes


def check_candidate(state: LotsState, piece: str, cells: Iterable[Cell]) -> None:
    """Refuse a candidate placement of ``piece`` at ``cells`` before any physics runs:
    not the player's to place now, outside the footprint, overlapping, or (solo) not
    touching the last block played."""
    problem = candidate_problem(state)(piece, cells)
    if problem:
        raise IllegalMove(problem)


def candidate_problem(state: LotsState) -> Callable[[str, Iterable[Cell]], str | None]:
    """``check_candidate``'s judgement as a function of (piece, cells) returning why not
    (None: allowed), with what it needs from ``state`` read once: for judging many
    candidates in one state (the research environments' action mask)."""
    blocks, cubes = placeable(state)
    footprint = state.footprint_spec()
    occupied = [as_cell(c) for v in state.tower.values() for c in v]
    last = state.last_block
    touch = [as_cell(c) for c in state.tower[last]] if state.solo and last in state.tower else None

    def problem(piece: str, cells: Iterable[Cell]) -> str | None:
        if piece not in blocks and piece not in cubes:
            may = ", ".join(dict.fromkeys(piece_name(p) for p in blocks + cubes)) or "nothing"
            return f"{piece_name(piece)} cannot be placed now (you may place {may})"
        cells = frozenset(cells)
        found = placement_problem(footprint, cells, occupied)
        if found:
            return found
        if touch is not None and not edge_touch(cells, touch):
            return (
                "in the solo game every block must touch the last block played, "
                f"{piece_name(str(last))}"
            )
        return None

    return problem


def check_solo_contact(state: LotsState, outcome: PlacementOutcome) -> None:
    """Solo: the placed block must touch the last block played along an edge."""
    last, placed = state.last_block, outcome.placed
    if not state.solo or placed is None:
        return
    taken = dict(outcome.taken_back)
    if placed in taken and set(outcome.fallen) <= set(taken):
        # Not a fall: the block was not played within the lot's boundaries, and the
        # solo game fails only when blocks fall off the tower (lots.txt). As for a
        # missed touch, the placement is refused and the block placed again.
        raise IllegalMove(
            f"{piece_name(placed)} came to rest outside the footprint and is taken back "
            f"({taken[placed]}): place a block again"
        )
    if last is None or last not in state.tower:
        return
    if placed in outcome.fallen or last in outcome.fallen:
        return  # a fall, not a contact question: it loses the solo game anyway
    if frozenset((placed, last)) not in outcome.touching:
        raise IllegalMove(
            f"in the solo game every block must touch the last block played, {piece_name(last)}"
        )


def check_outcome(state: LotsState, outcome: PlacementOutcome) -> None:
    """Refuse an outcome that does not fit the current placement step."""
    if state.pending or state.stage not in ("place", "replace"):
        raise IllegalMove(f"no placement is expected now (phase: {state.phase})")
    _check_what_was_placed(state, outcome)
    new = {p for p in (outcome.placed, outcome.cube) if p is not None}
    before = set(state.tower) | new
    if len(set(outcome.fallen)) != len(outcome.fallen):
        raise IllegalMove("the outcome lists a fallen piece twice")
    for piece in outcome.fallen:
        if piece not in before:
            raise IllegalMove(f"{piece} is listed as fallen but was not on the tower")
    for piece, _ in outcome.taken_back:
        if piece not in new or piece not in outcome.fallen:
            raise IllegalMove(f"{piece} is listed as taken back but was not placed and lost now")
    after = before - set(outcome.fallen)
    for piece in sorted(after):
        if not outcome.cells.get(piece):
            raise IllegalMove(f"the outcome gives no grid cells for {piece}, which is on the tower")
    for piece in sorted(set(outcome.cells) - after):
        raise IllegalMove(f"the outcome gives cells for {piece}, which is not on the tower")
    for piece in sorted(new & after):
        problem = bounds_problem(state.footprint_spec(), outcome.cells[piece])
        if problem:
            raise IllegalMove(f"{piece}: {problem}")
    for pair in outcome.touching:
        if len(pair) != 2 or not pair <= after:
            raise IllegalMove(f"touching pair {sorted(pair)} must name two pieces on the tower")
    check_solo_contact(state, outcome)


def _check_what_was_placed(state: LotsState, outcome: PlacementOutcome) -> None:
    blocks, cubes = placeable(state)
    if state.stage == "replace":
        rp = state.turn_info["replace"]
        if outcome.placed != rp["block"] or outcome.cube != rp["cube"]:
            raise IllegalMove(
                f"this step must re-place exactly what fell: block {rp['block']}, cube {rp['cube']}"
            )
        return
    if outcome.placed is None or outcome.placed not in blocks or is_cube(outcome.placed):
        raise IllegalMove(f"the placed block must be one of the bank's blocks {blocks}")
    if outcome.cube is not None and outcome.cube not in cubes:
        why = "the solo game has no purple cubes to place" if state.solo else f"cubes held: {cubes}"
        raise IllegalMove(f"{outcome.cube} is not a purple cube the player holds ({why})")
