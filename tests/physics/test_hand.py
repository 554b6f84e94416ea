import pymunk
import pytest

from rules.pieces import get_piece
from simulator.physics.geometry import box_polygon
from simulator.physics.hand import Hand, HandPath
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World

WOOD = materials()["wood"]


def _tower(world: World) -> None:
    """Two stacked blocks standing at x = 0 on the table."""
    world.add_body("base", [box_polygon(5, 2.5)], Pose(0, 1.25, 0), WOOD)
    world.add_body("top", [box_polygon(5, 2.5)], Pose(0, 3.75, 0), WOOD)


def test_careful_path_puts_the_piece_on_top_and_moves_nothing(world: World) -> None:
    _tower(world)
    world.add_piece("o", get_piece("lots-O"), Pose(-30, 20, 0), WOOD)
    monitor = Monitor(world, support=(-2.5, 2.5))
    hand = Hand(world)
    hand.grab("o")
    report = hand.carry(HandPath(x=0.0, angle=90.0))
    monitor.watch("o")
    result = settle(world, monitor)
    assert report.contact
    assert result.settled
    assert monitor.fallen == [] and monitor.moved == []
    pose = world.entry("o").pose
    assert pose.x == pytest.approx(0.0, abs=0.05)
    assert pose.y == pytest.approx(5.0 + 2.5, abs=0.05)  # resting on "top"
    assert hand.held is None and not world.space.constraints


def test_careless_low_path_knocks_the_top_block_off(world: World) -> None:
    _tower(world)
    world.add_piece("i", get_piece("lots-I"), Pose(-30, 4.0, 0), WOOD)
    monitor = Monitor(world, support=(-2.5, 2.5))
    hand = Hand(world)
    hand.grab("i")
    # Travelling at 4 cm, the I sweeps through the upper block.
    hand.carry(HandPath(x=20.0, travel_height=4.0), on_step=monitor.check)
    settle(world, monitor)
    assert "top" in monitor.fallen
    fell = [e for e in monitor.events if e.type == "fell" and e.body_id == "top"]
    assert fell[0].reason == "touched the table"
    times = [e.time for e in monitor.events]
    assert times == sorted(times)


def test_the_grip_is_force_limited(world: World) -> None:
    world.add_piece("i", get_piece("lots-I"), Pose(0, 20, 0), WOOD)
    hand = Hand(world)
    hand.grab("i")
    weight = world.entry("i").body.mass * world.profile.gravity
    pivot = next(c for c in world.space.constraints if c.b is world.entry("i").body)
    assert isinstance(pivot, pymunk.PivotJoint)
    assert pivot.max_force == pytest.approx(hand.settings.grip_force * weight)


def test_lowering_into_nothing_stops_at_the_floor_without_hanging() -> None:
    from simulator.physics.profile import load_profile

    w = World(load_profile(), play_area=(-50, -10, 50, 60))
    w.add_piece("o", get_piece("lots-O"), Pose(0, 20, 0), WOOD)
    hand = Hand(w)
    hand.grab("o")
    report = hand.carry(HandPath(x=5.0))
    assert not report.contact
    assert w.entry("o").pose.y == pytest.approx(-10, abs=0.5)
