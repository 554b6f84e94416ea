import math

import pytest

from rules.pieces import get_piece
from simulator.physics.geometry import box_polygon
from simulator.physics.materials import materials
from simulator.physics.world import PlacementRefused, Pose, World

WOOD = materials()["wood"]


def test_a_body_overlapping_another_is_refused_with_a_reason(world: World) -> None:
    world.add_body("a", [box_polygon(4, 2)], Pose(0, 1, 0), WOOD)
    with pytest.raises(PlacementRefused, match=r"overlap 'a' by 1\.00 cm"):
        world.add_body("b", [box_polygon(4, 2)], Pose(3, 1, 0), WOOD)
    assert "b" not in world
    assert [e.id for e in world.entries] == ["table", "a"]


@pytest.mark.parametrize(
    ("size", "at"),
    [((4, 2), (0, 1)), ((2, 1), (0, 1)), ((8, 4), (0, 2.5)), ((4, 2), (0.01, 1.0))],
    ids=["identical", "inside", "around", "almost-identical"],
)
def test_identical_and_nested_bodies_are_refused(
    world: World, size: tuple[float, float], at: tuple[float, float]
) -> None:
    world.add_body("a", [box_polygon(4, 2)], Pose(0, 1, 0), WOOD)
    with pytest.raises(PlacementRefused, match="'a'"):
        world.add_body("b", [box_polygon(*size)], Pose(*at, 0), WOOD)
    assert "b" not in world


def test_a_piece_on_a_piece_of_the_same_shape_is_refused(world: World) -> None:
    spec = get_piece("lots-T")
    world.add_piece("t1", spec, Pose(0, 5, 0), WOOD)
    with pytest.raises(PlacementRefused, match="'t1'"):
        world.add_piece("t2", spec, Pose(0, 5, 0), WOOD)


def test_touching_bodies_are_allowed(world: World) -> None:
    world.add_body("a", [box_polygon(4, 2)], Pose(0, 1, 0), WOOD)
    world.add_body("b", [box_polygon(4, 2)], Pose(4, 1, 0), WOOD)  # shares an edge
    world.add_body("c", [box_polygon(4, 2)], Pose(0, 3, 0), WOOD)  # resting on a
    assert [e.id for e in world.dynamic_entries] == ["a", "b", "c"]


def test_out_of_bounds_is_refused(world: World) -> None:
    with pytest.raises(PlacementRefused, match="outside the play area"):
        world.add_body("far", [box_polygon(2, 2)], Pose(1000, 10, 0), WOOD)


def test_duplicate_ids_are_refused(world: World) -> None:
    world.add_body("a", [box_polygon(1, 1)], Pose(0, 0.5, 0), WOOD)
    with pytest.raises(PlacementRefused, match="already exists"):
        world.add_body("a", [box_polygon(1, 1)], Pose(5, 0.5, 0), WOOD)


def test_concave_shape_is_refused(world: World) -> None:
    concave = [(0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)]
    with pytest.raises(PlacementRefused, match="concave"):
        world.add_body("v", [concave], Pose(0, 5, 0), WOOD)


def test_a_piece_is_one_body_with_its_mass_from_density() -> None:
    from simulator.physics.profile import load_profile

    w = World(load_profile())
    spec = get_piece("lots-T")
    entry = w.add_piece("t", spec, Pose(0, 10, 0), WOOD)
    assert len(entry.shapes) == 2  # the T as two rectangles
    area = 4 * spec.cell_size**2
    # Rounded edges shave a sliver off each corner.
    assert entry.body.mass == pytest.approx(area * WOOD.density, rel=2e-3)
    assert entry.shapes[0].radius == pytest.approx(spec.edge_radius)
    assert entry.body.center_of_gravity.length == pytest.approx(0, abs=1e-3)


def test_state_hash_reflects_exact_pose_and_velocity(world: World) -> None:
    entry = world.add_body("a", [box_polygon(2, 2)], Pose(0, 1, 0), WOOD)
    first = world.state_hash()
    assert world.state_hash() == first
    entry.body.position = (math.nextafter(0.0, 1.0), 1.0)
    moved = world.state_hash()
    assert moved != first
    entry.body.velocity = (0.0, 1e-12)
    assert world.state_hash() != moved


def test_two_identical_builds_step_bit_for_bit_alike() -> None:
    from simulator.physics.profile import load_profile

    def run() -> str:
        w = World(load_profile())
        w.add_static("table", [[(-20, -1), (20, -1), (20, 0), (-20, 0)]], WOOD)
        for i in range(6):
            w.add_body(f"b{i}", [box_polygon(3, 1)], Pose(0.4 * i, 0.6 + 1.2 * i, 0.05 * i), WOOD)
        w.step(500)
        return w.state_hash()

    assert run() == run()


def test_threads_stay_one(world: World) -> None:
    assert world.space.threads == 1
