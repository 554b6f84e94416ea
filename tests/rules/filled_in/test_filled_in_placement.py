"""Phase three: where a block may go, and the reasons a placement is refused."""

import pytest
from fi_helpers import WILD, draw, game, row, square, to_placement

from rules.errors import IllegalMove
from rules.filled_in import apply_move, get_sheet, legal_placements, new_game, place
from rules.filled_in.config import rules_config
from rules.filled_in.placement import has_placement, touches
from rules.filled_in.playout import play_random_game
from rules.filled_in.shapes import orientations


@pytest.fixture
def placing():
    """Ann holds two "?" dice (any block); Bob holds die 2 and die 4 (orange or green I)."""
    state = game(2)
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    return to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])


def test_on_the_floor_or_touching_a_block_is_legal(placing):
    on_floor = place(placing, "Ann", "O", "blue", square(0, 4))
    assert on_floor.player("Ann").tower.blocks[-1].cells == ((0, 4), (0, 5), (1, 4), (1, 5))
    on_top = place(placing, "Ann", "I", "blue", row(1, 1, 4))
    assert len(on_top.player("Ann").tower.blocks) == 2


def test_rotated_and_flipped_shapes_are_legal(placing):
    # An L standing up and mirrored: the foot points left, above the red I.
    cells = [(1, 0), (1, 1), (2, 1), (3, 1)]
    state = place(placing, "Ann", "L", "green", cells)
    assert state.player("Ann").tower.blocks[-1].shape == "L"
    s_flipped = [(1, 0), (2, 0), (2, 1), (3, 1)]  # a vertical S (or Z): one shape
    place(placing, "Ann", "S", "green", s_flipped)


@pytest.mark.parametrize(
    ("shape", "cells", "reason"),
    [
        ("I", [(3, 0), (3, 1), (3, 2), (3, 3)], "must touch another block orthogonally"),
        ("O", [(2, 4), (2, 5), (3, 4), (3, 5)], "must touch another block orthogonally"),
        ("I", [(1, 3), (1, 4), (1, 5), (1, 6)], "outside the tower"),
        ("I", [(0, 4), (0, 5), (1, 5), (1, 6)], "do not draw the I shape"),
        ("L", [(1, 0), (1, 1), (1, 2), (0, 2)], "already filled"),
        ("I", [(1, 0), (1, 1), (1, 2)], "four different boxes"),
    ],
)
def test_illegal_placements_are_refused_with_a_reason(placing, shape, cells, reason):
    before = placing.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        place(placing, "Ann", shape, "blue", cells)
    assert placing.to_dict() == before


def test_a_diagonal_touch_is_not_enough(placing):
    # (1, 4) touches the red I at (0, 3) only corner to corner.
    with pytest.raises(IllegalMove, match="must touch"):
        place(placing, "Ann", "I", "blue", [(1, 4), (2, 4), (3, 4), (4, 4)])


def test_the_setback_sheet_refuses_the_sky_beside_the_tower():
    state = game(2, sheet=2)
    draw(state, "Ann", "I", "red", row(4, 1, 4))  # hand-drawn, standing on nothing
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    with pytest.raises(IllegalMove, match="the box at row 5, column 1 is outside the tower"):
        place(state, "Ann", "I", "red", [(4, 0), (5, 0), (6, 0), (7, 0)])


def test_legal_placements_on_an_empty_sheet_are_those_on_the_floor():
    sheet = get_sheet(1)  # 6 wide
    # Lying I: 3 positions; standing I: 6 columns.
    assert len(legal_placements(sheet, frozenset(), "I")) == 9
    assert len(legal_placements(sheet, frozenset(), "O")) == 5
    # T: flat, pointing up (4) or down (4, its stem on the floor), on its side (5 + 5).
    assert len(legal_placements(sheet, frozenset(), "T")) == 18


def test_legal_placements_count_touching_on_a_drawn_sheet():
    sheet = get_sheet(1)
    filled = frozenset(square(0, 0))  # an O at the bottom left
    spots = legal_placements(sheet, filled, "O")
    # Floor: columns 2-4 (3); on top of the O: (2,0), (2,1) (2); beside it at (1,2): 1.
    assert len(spots) == 6
    assert all(not set(s) & filled for s in spots)


def test_every_enumerated_placement_is_accepted(placing):
    ann = placing.player("Ann")
    for cells in legal_placements(ann.tower.spec, ann.tower.filled(), "T"):
        place(placing, "Ann", "T", "red", cells)


def _reference_placements(spec, filled, shape, free=False):
    """The plain enumeration ``legal_placements`` must equal: every offset of every
    orientation, checked box by box (as the rules read)."""
    empty = spec.boxes - filled
    out = set()
    for base in orientations(shape):
        rows = max(r for r, _ in base) + 1
        cols = max(c for _, c in base) + 1
        for dr in range(spec.height - rows + 1):
            for dc in range(spec.width - cols + 1):
                cells = [(r + dr, c + dc) for r, c in base]
                if all(c in empty for c in cells) and (free or touches(cells, filled)):
                    out.add(tuple(sorted(cells)))
    return sorted(out)


@pytest.mark.parametrize("sheet", [1, 2, 3, 4, 5])
def test_legal_placements_match_the_plain_enumeration_through_whole_games(sheet):
    start = new_game(3, sheet=sheet, seed=sheet, variant="standard")
    _, moves = play_random_game(start, seed=sheet)
    state, checked = start, 0
    for move in moves:
        state = apply_move(state, move)
        if move["type"] != "place":
            continue
        tower = state.player(move["player"]).tower
        spec, filled = tower.spec, tower.filled()
        for shape in rules_config().shape_letters:
            for free in (False, True):
                expected = _reference_placements(spec, filled, shape, free)
                assert legal_placements(spec, filled, shape, free=free) == expected
                assert has_placement(spec, filled, shape, free=free) == bool(expected)
                checked += 1
    assert checked > 100
