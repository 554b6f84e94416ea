"""A careful hand feels a piece caught on a corner and lets it down where it belongs."""

from __future__ import annotations

import math

import pytest

from rules.pieces import get_piece
from simulator.physics.geometry import box_polygon
from simulator.physics.hand import Hand, HandPath
from simulator.physics.hand_settings import FILE_GRIP
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.profile import load_profile
from simulator.physics.seating import Stretch, caught_side, supports
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World


def _box(x0: float, y0: float, w: float, h: float) -> list[tuple[float, float]]:
    """A counter-clockwise box by its lower left corner."""
    return [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]


WALL = _box(-5.0, 0.0, 5.0, 2.5)  # a block lying on the table, its right face at x = 0


def test_a_piece_on_a_corner_of_its_neighbour_is_caught_and_must_move_away() -> None:
    o = [_box(-0.05, 2.5, 5.0, 5.0)]  # an O 0.05 cm over the wall's top right corner
    assert supports(o, [WALL]) == [Stretch(-0.05, 0.0, -5.0, 0.0)]  # at the top's right end
    assert supports(o, [WALL])[0].off_side == 1
    assert caught_side(o, [WALL], centre_x=2.45, rest_y=0.0) == 1
    mirrored = [_box(-9.95, 2.5, 5.0, 5.0)]  # 0.05 cm over the wall's top left corner
    assert caught_side(mirrored, [WALL], centre_x=-7.45, rest_y=0.0) == -1


def test_a_hooked_piece_moves_off_the_corner_not_towards_its_weight() -> None:
    # An L turned over: its arm lies along the wall's top, its foot should go down beside
    # the wall's left face but sits 0.03 cm onto its top left corner. The weight is over
    # the wall; the way off the corner is to the left.
    foot, arm = _box(-2.47, 2.5, 2.5, 2.5), _box(-2.47, 5.0, 7.5, 2.5)
    wall = _box(0.0, 0.0, 10.0, 2.5)
    assert caught_side([foot, arm], [wall], centre_x=0.655, rest_y=0.0) == -1


def test_a_piece_resting_where_planned_is_not_caught_even_with_its_weight_overhanging() -> None:
    o = [_box(-1.0, 2.5, 5.0, 5.0)]  # on the wall's top right end, its weight beyond it
    assert caught_side(o, [WALL], centre_x=1.5, rest_y=2.5) == 0  # planned up there
    assert caught_side(o, [WALL], centre_x=1.5, rest_y=0.0) == 1  # planned on the table


def test_a_piece_where_it_was_meant_to_rest_or_carried_under_its_weight_is_not() -> None:
    table = _box(-60.0, -5.0, 120.0, 5.0)
    beside = [_box(0.02, 0.0, 5.0, 5.0)]  # on the table beside the wall: its planned spot
    assert caught_side(beside, [WALL, table], centre_x=2.52, rest_y=0.0) == 0
    on_top = [_box(-4.0, 2.5, 5.0, 5.0)]  # on the wall, weight over it: high, but seated
    assert caught_side(on_top, [WALL, table], centre_x=-1.5, rest_y=0.0) == 0
    far_above = [_box(-0.05, 2.6, 5.0, 5.0)]  # still in the air: nothing carries it
    assert caught_side(far_above, [WALL, table], centre_x=2.45, rest_y=0.0) == 0


def _lower_o_over_the_wall_edge(world: World, overlap: float, reseats: int) -> Monitor:
    wood = materials()["wood"]
    world.add_body("wall", [box_polygon(5, 2.5)], Pose(-2.5, 1.25, 0.0), wood)
    world.add_piece("o", get_piece("lots-O"), Pose(-30.0, 20.0, 0.0), wood)
    monitor = Monitor(world, support=(-10.0, 10.0))
    hand = Hand(world)
    hand.grab("o")
    hand.carry(HandPath(x=2.5 - overlap, rest_y=0.0, reseats=reseats))
    monitor.watch("o")
    settle(world, monitor)
    return monitor


@pytest.mark.parametrize("overlap", [0.05, 0.1])
def test_without_feel_a_caught_o_tips_over_with_feel_it_sits_beside_the_block(
    world: World, overlap: float
) -> None:
    _lower_o_over_the_wall_edge(world, overlap, reseats=0)
    tipped = world.entry("o").pose
    assert abs(math.degrees(tipped.angle)) > 45.0  # rolled off the corner onto its side

    careful = World(world.profile)
    careful.add_static("table", [_box(-60.0, -5.0, 120.0, 5.0)], materials()["felt"])
    _lower_o_over_the_wall_edge(careful, overlap, reseats=3)
    pose = careful.entry("o").pose
    assert abs(math.degrees(pose.angle)) < 0.1
    assert pose.y == pytest.approx(2.5, abs=0.02)  # on the table, not on the wall
    assert pose.x == pytest.approx(2.5, abs=0.06)
    assert careful.entry("wall").pose.x == pytest.approx(-2.5, abs=0.02)  # nothing pushed


def test_feel_leaves_a_piece_that_lands_where_it_should_alone(world: World) -> None:
    _lower_o_over_the_wall_edge(world, -0.05, reseats=3)  # 0.05 cm clear of the wall
    pose = world.entry("o").pose
    assert pose.x == pytest.approx(2.55, abs=0.005) and abs(math.degrees(pose.angle)) < 0.1


@pytest.mark.parametrize("overlap", [0.04, 0.08])
def test_with_feel_a_hooked_l_comes_off_the_corner_and_lies_as_planned(
    world: World, overlap: float
) -> None:
    wood = materials()["wood"]
    world.add_body("block", [box_polygon(10, 2.5)], Pose(5.0, 1.25, 0.0), wood)
    world.add_piece("l", get_piece("lots-L"), Pose(-30.0, 20.0, 0.0), wood)
    hand = Hand(world)
    hand.grab("l")
    # Turned over, the L's foot hangs 0.625 cm left of its centre: aimed flush at 0.625,
    # the foot stands beside the block and the arm lies on it.
    hand.carry(HandPath(x=0.625 + overlap, angle=180.0, rest_y=0.0, reseats=3))
    settle(world, Monitor(world, support=(-10.0, 12.0)))
    pose = world.entry("l").pose
    assert math.degrees(pose.angle) == pytest.approx(180.0, abs=0.1)  # not hanging
    assert pose.y == pytest.approx(3.125, abs=0.01)  # the foot on the table
    assert pose.x == pytest.approx(0.625, abs=0.06)
    assert world.entry("block").pose.x == pytest.approx(5.0, abs=0.02)


def test_a_piece_turned_in_the_grip_is_caught_on_the_end_that_turned_up() -> None:
    o = [_box(3.0, 0.0, 5.0, 5.0)]  # low enough and over nothing: only the turn tells
    assert caught_side(o, [WALL], centre_x=5.5, rest_y=0.0, turned=math.radians(-14.6)) == 1
    assert caught_side(o, [WALL], centre_x=5.5, rest_y=0.0, turned=math.radians(14.6)) == -1
    assert caught_side(o, [WALL], centre_x=5.5, rest_y=0.0, turned=math.radians(1.0)) == 0


def _lower_i_beside_a_cube(world: World, overlap: float, reseats: int) -> None:
    wood = materials()["wood"]
    world.add_body("cube", [box_polygon(2.5, 2.5)], Pose(-1.25, 1.25, 0.0), wood)
    world.add_piece("i", get_piece("lots-I"), Pose(-30.0, 20.0, 0.0), wood)
    hand = Hand(world)
    hand.grab("i")
    hand.carry(HandPath(x=5.0 - overlap, rest_y=0.0, reseats=reseats))
    monitor = Monitor(world, support=(-10.0, 12.0))
    monitor.watch("i")
    settle(world, monitor)


@pytest.mark.parametrize("overlap", [0.03, 0.08])
def test_with_feel_an_i_whose_end_came_down_on_a_corner_lies_flat_beside_it(
    world: World, overlap: float
) -> None:
    # An I lying flat, lowered with its left end over a cube's corner: the first grip
    # gives, the I turns 14.6 degrees with its right end on the table, and its lowest
    # point is where it was planned. Only the turn in the grip tells the hand it is caught.
    # (The grip new games use may let the I slip out of the fingers there instead.)
    firm = World(load_profile(grip=FILE_GRIP))
    firm.add_static("table", [_box(-60.0, -5.0, 120.0, 5.0)], materials()["felt"])
    _lower_i_beside_a_cube(firm, overlap, reseats=0)
    assert math.degrees(firm.entry("i").pose.angle) == pytest.approx(-14.6, abs=0.5)

    careful = World(world.profile)
    careful.add_static("table", [_box(-60.0, -5.0, 120.0, 5.0)], materials()["felt"])
    _lower_i_beside_a_cube(careful, overlap, reseats=3)
    pose = careful.entry("i").pose
    assert abs(math.degrees(pose.angle)) < 0.1
    assert pose.y == pytest.approx(1.25, abs=0.01)  # on the table
    assert pose.x == pytest.approx(5.0, abs=0.05)  # beside the cube, touching it
    assert careful.entry("cube").pose.x == pytest.approx(-1.25, abs=0.03)  # barely moved
