"""The one LOTS landing: the cells a state fills (from the engine's ``describe``) and
where a piece dropped in a column comes to rest, on and beside the lot."""

from __future__ import annotations

from rules.engine import GameOptions
from rules.footprints import get_footprint
from rules.pieces import transform_cells
from simulator.games.lots.landing import column_heights, drop, landing, occupied
from simulator.games.registry import GAMES

L = transform_cells(frozenset({(0, 0), (0, 1), (1, 0), (2, 0)}), 0, False)


def test_occupied_is_the_footprints_ground_and_the_tower() -> None:
    lots = GAMES.get("lots").load("engine")
    state = lots.new_game(GameOptions(("Ann", "Ben"), settings={"footprint": "2A"}), 1)
    described = dict(lots.describe(state))
    ground = set(get_footprint("2A").ground_cells())
    assert occupied(described) == ground
    described["tower"] = {"red-1": [[5, 1], [5, 2]]}
    assert occupied(described) == ground | {(5, 1), (5, 2)}


def test_a_piece_lands_on_the_highest_column_under_it() -> None:
    filled = {(0, 0), (1, 0), (0, 2)}
    assert landing(L, 0, filled, 4) == frozenset({(2, 0), (2, 1), (3, 0), (4, 0)})
    assert landing(L, 1, filled, 4) == frozenset({(1, 1), (1, 2), (2, 1), (3, 1)})
    assert landing(L, 2, filled, 4) == drop(L, 2, column_heights(filled, 4))[0]


def test_beside_the_lot_a_piece_rests_on_bare_ground() -> None:
    filled = {(0, 0), (1, 0), (0, 1)}
    # half off the left edge: column 0's stack still carries it
    assert landing(L, -1, filled, 3) == frozenset({(2, -1), (2, 0), (3, -1), (4, -1)})
    # wholly off the right edge: the ground, row 0
    assert landing(L, 4, filled, 3) == frozenset({(0, 4), (0, 5), (1, 4), (2, 4)})
