import pytest

from rules.pieces import get_piece
from simulator.physics.contacts import touching_pairs
from simulator.physics.grid import Grid, snap
from simulator.physics.materials import materials
from simulator.physics.world import Pose, World

WOOD = materials()["wood"]
GRID = Grid(origin=(0.0, 0.0), cell=2.5)


def _place(
    world: World,
    body_id: str,
    piece: str,
    left: float,
    bottom: float,
    angle: float = 0.0,
    mirror: bool = False,
) -> None:
    """Put a piece so its unturned bounding box's lower-left corner is at (left, bottom)."""
    from simulator.physics.geometry import piece_polygons

    spec = get_piece(piece)
    polys = piece_polygons(spec, mirror)
    min_x = min(x for p in polys for x, _ in p)
    min_y = min(y for p in polys for _, y in p)
    world.add_piece(body_id, spec, Pose(left - min_x, bottom - min_y, angle), WOOD, mirror)


def test_pieces_snap_to_their_cells(world: World) -> None:
    _place(world, "i", "lots-I", 0.0, 0.0)
    _place(world, "t", "lots-T", 2.5, 2.5)
    view = snap(world.dynamic_entries, GRID)
    assert view.cells["i"] == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert view.cells["t"] == {(1, 1), (1, 2), (1, 3), (2, 2)}
    assert view.off_grid == {}
    assert view.occupancy()[(2, 2)] == "t"


def test_mirrored_and_turned_pieces_snap_to_the_transformed_cells(world: World) -> None:
    _place(world, "l", "lots-L", 0.0, 0.0, mirror=True)
    view = snap(world.dynamic_entries, GRID)
    assert view.cells["l"] == {(0, 0), (0, 1), (0, 2), (1, 0)}


def test_a_tilted_or_shifted_piece_is_off_grid_with_a_reason() -> None:
    from simulator.physics.profile import load_profile

    w = World(load_profile())
    w.add_piece("tilted", get_piece("lots-O"), Pose(2.5, 2.5, 0.4), WOOD)
    w.add_piece("shifted", get_piece("lots-O"), Pose(11.25, 2.5, 0.0), WOOD)
    view = snap(w.dynamic_entries, GRID)
    assert "off a quarter turn" in view.off_grid["tilted"]
    assert "off the grid" in view.off_grid["shifted"]
    assert view.cells == {}


def test_edge_contact_counts_and_corner_contact_does_not(world: World) -> None:
    _place(world, "a", "lots-O", 0.0, 0.0)
    _place(world, "b", "lots-O", 5.0, 0.0)  # shares a 5 cm edge with a
    _place(world, "c", "lots-O", 10.0, 5.0)  # meets b only at a corner
    _place(world, "d", "lots-O", 20.0, 0.0)  # alone
    assert touching_pairs(world.dynamic_entries) == {frozenset({"a", "b"})}


@pytest.mark.parametrize(("gap", "touch"), [(0.05, True), (0.3, False)])
def test_a_visible_gap_is_not_a_touch(world: World, gap: float, touch: bool) -> None:
    _place(world, "a", "lots-O", 0.0, 0.0)
    _place(world, "b", "lots-O", 5.0 + gap, 0.0)
    assert (frozenset({"a", "b"}) in touching_pairs(world.dynamic_entries)) is touch


def _lean_upright(world: World, body_id: str, piece: str, corner: tuple[float, float], lean: float):
    """Stand a piece on its end, leaning ``lean`` degrees away to the right, with its
    lower-left corner at ``corner``."""
    import math

    from simulator.physics.geometry import piece_polygons

    spec = get_piece(piece)
    angle = math.radians(90.0 - lean)
    c, s = math.cos(angle), math.sin(angle)
    turned = [
        (c * x - s * y, s * x + c * y) for poly in piece_polygons(spec, False) for x, y in poly
    ]
    x0, y0 = min(sorted(turned, key=lambda p: p[1])[:2])
    world.add_piece(body_id, spec, Pose(corner[0] - x0, corner[1] - y0, angle), WOOD)


@pytest.mark.parametrize("i_first", [True, False])
@pytest.mark.parametrize(("lean", "touch"), [(1.4, True), (3.5, False)])
def test_a_leaning_piece_is_judged_on_the_length_it_shares(
    world: World, i_first: bool, lean: float, touch: bool
) -> None:
    # Held in the air (geometry alone): an upright I leaning away from a cube, 0.02 cm
    # from it at the bottom, 0.08 cm at the cube's top at 1.4 degrees (0.27 cm at the
    # I's own top, which touches nothing), 0.17 cm at 3.5 degrees. Either may come first.
    if i_first:
        _lean_upright(world, "i", "lots-I", (2.52, 1.0), lean)
    _place(world, "cube", "lots-cube", 0.0, 1.0)
    if not i_first:
        _lean_upright(world, "i", "lots-I", (2.52, 1.0), lean)
    assert (frozenset({"cube", "i"}) in touching_pairs(world.dynamic_entries)) is touch
