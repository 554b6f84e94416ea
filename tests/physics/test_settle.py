from simulator.physics.geometry import box_polygon
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World

WOOD = materials()["wood"]


def test_a_resting_stack_settles_quickly(world: World) -> None:
    for i in range(5):
        world.add_body(f"b{i}", [box_polygon(3, 1)], Pose(0, 0.5 + i, 0), WOOD)
    result = settle(world)
    assert result.settled
    assert result.seconds < 1.0


def test_a_cap_reports_an_unsettled_tower_instead_of_hanging(world: World) -> None:
    # A tall thin plank on its end, tipped: still falling after 0.05 s.
    world.add_body("plank", [box_polygon(1, 20)], Pose(0, 10.2, 0.2), WOOD)
    result = settle(world, cap=0.05)
    assert not result.settled
    assert 0.05 <= result.seconds < 0.1


def test_fall_events_name_the_body_and_the_reason(world: World) -> None:
    world.add_static("shelf", [[(-5, 10), (0, 10), (0, 11), (-5, 11)]], WOOD)
    world.add_body("over", [box_polygon(4, 1)], Pose(1.5, 11.5, 0), WOOD)  # mostly off
    world.add_body("safe", [box_polygon(2, 1)], Pose(-3, 11.5, 0), WOOD)
    monitor = Monitor(world, support=(-5, 0))
    result = settle(world, monitor)
    assert result.settled
    assert monitor.fallen == ["over"]
    assert monitor.moved == ["over"]
    (fell,) = [e for e in monitor.events if e.type == "fell"]
    # It tips off the shelf edge and drops about 10 cm, in the order of the free-fall time
    # sqrt(2h/g) = 0.14 s (a tumbling corner can land a little sooner).
    assert fell.reason == "touched the table"
    assert 0.1 < fell.time < 0.6
