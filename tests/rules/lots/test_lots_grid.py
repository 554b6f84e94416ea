import pytest

from rules.errors import IllegalMove
from rules.footprints import get_footprint
from rules.lots import check_placement, complete_floors, edge_touch, placement_problem
from rules.lots.grid import touching_pairs


def test_floor_complete_needs_every_column_ground_counts():
    ridge = get_footprint("3B")  # ground [1, 0, 1]
    assert complete_floors(ridge, []) == frozenset()
    assert complete_floors(ridge, [(0, 1)]) == {0}
    # row 1 needs all three columns; cells outside the footprint do not help
    assert complete_floors(ridge, [(0, 1), (1, 0), (1, 1), (1, 3)]) == {0}
    assert complete_floors(ridge, [(0, 1), (1, 0), (1, 1), (1, 2)]) == {0, 1}
    # a hole below does not stop a floor above from being complete
    assert complete_floors(ridge, [(1, 0), (1, 1), (1, 2)]) == {1}


def test_edge_touch_not_corners():
    assert edge_touch([(0, 0)], [(0, 1)])
    assert edge_touch([(0, 0)], [(1, 0)])
    assert not edge_touch([(0, 0)], [(1, 1)])
    pairs = touching_pairs({"a": [(0, 0), (0, 1)], "b": [(1, 1)], "c": [(1, 2), (2, 2)]})
    assert pairs == {frozenset({"a", "b"}), frozenset({"b", "c"})}


def test_placement_refuses_outside_columns_ground_and_overlap():
    hill = get_footprint("2A")  # width 5, ground [1, 0, 0, 0, 0]
    assert placement_problem(hill, [(1, 0), (1, 1), (1, 2), (1, 3)]) is None
    assert "past the right edge of footprint 2A" in placement_problem(
        hill, [(0, 2), (0, 3), (0, 4), (0, 5)]
    )
    assert "left edge of footprint 2A, whose columns are 1 to 5" in placement_problem(
        hill, [(3, -1)]
    )
    assert "raised ground" in placement_problem(hill, [(0, 0), (0, 1)])
    assert "below the ground" in placement_problem(hill, [(-1, 2)])
    assert "already taken" in placement_problem(hill, [(2, 2)], occupied=[(2, 2)])
    assert "at least one" in placement_problem(hill, [])
    with pytest.raises(IllegalMove, match="past the right edge"):
        check_placement(hill, [(0, 7)])
