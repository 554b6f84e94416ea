"""Test helpers for the LOTS engine: hand-written outcomes and state arranging.

(Random games take their invented outcomes from ``rules.lots.playout.grid_outcome``.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.chance import Chance
from rules.lots import PlacementOutcome, touching_pairs
from rules.lots.content import crew_cards, game_content
from rules.lots.engine import piece_locations
from rules.lots.instances import block_ids
from rules.lots.moves import apply_move
from rules.lots.setup import LotsOptions, new_game
from rules.lots.state import LotsState

Cell = tuple[int, int]


# --- arranging hand-written positions ----------------------------------------------


def all_pieces() -> set[str]:
    c = game_content()
    ids = [b for colour in c.pile_order for b in block_ids(colour, c.blocks_per_pile)]
    return set(ids) | set(block_ids(c.cube_colour, c.purple_cubes))


def where(state: LotsState) -> list[str]:
    """Every piece location, one entry per piece (duplicates reveal a bug)."""
    return [piece for pieces in piece_locations(state).values() for piece in pieces]


def assert_conserved(state: LotsState) -> None:
    located = where(state)
    assert len(located) == len(set(located)), "a piece is in two places"
    assert set(located) == all_pieces(), "a piece was created or lost"
    cards = [c for hand in state.crew_hands for c in hand] + state.crew_deck + state.crew_discard
    expected = [] if state.solo else sorted(crew_cards())
    assert sorted(cards) == expected


def take_out(state: LotsState, piece: str) -> None:
    for pile in state.supply.values():
        if piece in pile:
            pile.remove(piece)
    for group in (*state.banks, *state.cubes, state.removed, state.box):
        if piece in group:
            group.remove(piece)
    state.tower.pop(piece, None)
    for spot, cube in list(state.track_cubes.items()):
        if cube == piece:
            del state.track_cubes[spot]


def put_tower(state: LotsState, piece: str, cells: Iterable[Cell]) -> None:
    take_out(state, piece)
    state.tower[piece] = sorted([r, c] for r, c in cells)


def set_bank(state: LotsState, seat: int, blocks: list[str]) -> None:
    for block in state.banks[seat]:
        state.supply[block.rsplit("-", 1)[0]].append(block)
    state.banks[seat] = []
    for block in blocks:
        take_out(state, block)
        state.banks[seat].append(block)


def set_hand(state: LotsState, seat: int, cards: list[str]) -> None:
    for card in state.crew_hands[seat]:
        state.crew_deck.insert(0, card)
    state.crew_hands[seat] = []
    for card in cards:
        for group in (state.crew_deck, state.crew_discard, *state.crew_hands):
            if card in group:
                group.remove(card)
        state.crew_hands[seat].append(card)


def roll_resolved(state: LotsState) -> LotsState:
    """Roll for the current player and settle any supply choice with the first pile."""
    return settle(apply_move(state, {"type": "roll", "player": state.current}))


def outcome_with(
    state: LotsState,
    placed: str | None,
    new_cells: Mapping[str, Iterable[Cell]],
    cube: str | None = None,
    fallen: Iterable[str] = (),
) -> PlacementOutcome:
    """The tower as it stands plus ``new_cells``, minus the fallen, touching from cells."""
    fallen = tuple(fallen)
    cells = {k: frozenset(v) for k, v in state.tower_cells().items()}
    cells.update({k: frozenset(v) for k, v in new_cells.items()})
    for piece in fallen:
        cells.pop(piece, None)
    return PlacementOutcome(
        placed=placed, cube=cube, fallen=fallen, cells=cells, touching=touching_pairs(cells)
    )


def settle(state: LotsState) -> LotsState:
    """Resolve pending supply choices (setup wild rolls) with the first pile offered."""
    while state.phase == "supply":
        decision = state.pending[0]
        state = apply_move(
            state,
            {"type": "pick_supply", "player": decision["player"], "colour": decision["options"][0]},
        )
    return state


def face_state(face: str) -> int:
    """A chance state whose next die roll shows ``face``."""
    faces = game_content().die_faces
    for k in range(10_000):
        if Chance(k).choice(faces) == face:
            return k
    raise AssertionError("no such chance state")


# --- a standard hand-written position (footprint 2B, four flat columns) ----------

Y1 = [(0, 1), (0, 2), (0, 3), (1, 2)]
Y2 = [(0, 0), (1, 0), (2, 0), (1, 1)]
Y3_CORNER = [(2, 2), (3, 1), (3, 2), (3, 3)]  # touches yellow-2 only at corners
CUBE = [(2, 1)]


def game(players=("Ann", "Ben"), footprint="2B", seed=7, start=0):
    """``start`` to place, yellow-1 on the tower, yellow-2 and red-3 in that bank, no crew cards."""
    state = settle(
        new_game(LotsOptions(players=players, footprint=footprint, seed=seed, start_player=start))
    )
    for seat in range(len(players)):
        set_hand(state, seat, [])
    state = roll_resolved(state)
    put_tower(state, "yellow-1", Y1)
    set_bank(state, start, ["yellow-2", "red-3"])
    state.turn_info["floors_before"] = []
    assert state.phase == "place"
    assert_conserved(state)
    return state
