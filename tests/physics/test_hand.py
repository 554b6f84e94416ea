import contextlib
import io
import json
import math
from pathlib import Path
from typing import Any

import pymunk
import pytest

from rules.pieces import get_piece
from simulator.cli import main
from simulator.games.record import pinned_physics
from simulator.physics.geometry import box_polygon
from simulator.physics.hand import Hand, HandPath
from simulator.physics.hand_settings import FILE_GRIP, hand_settings, new_games_grip
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.profile import load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World
from simulator.scenario.load import open_scenario

WOOD = materials()["wood"]


def _tower(world: World) -> None:
    """Two stacked blocks standing at x = 0 on the table."""
    world.add_body("base", [box_polygon(5, 2.5)], Pose(0, 1.25, 0), WOOD)
    world.add_body("top", [box_polygon(5, 2.5)], Pose(0, 3.75, 0), WOOD)


def _held_beside_the_tower(
    world: World, name: str, piece: str, height: float
) -> tuple[Monitor, Hand]:
    """``_tower``, a monitor of its support, and a hand holding ``piece`` (called
    ``name``) 30 cm to its left at ``height``."""
    _tower(world)
    world.add_piece(name, get_piece(piece), Pose(-30, height, 0), WOOD)
    monitor = Monitor(world, support=(-2.5, 2.5))
    hand = Hand(world)
    hand.grab(name)
    return monitor, hand


def test_careful_path_puts_the_piece_on_top_and_moves_nothing(world: World) -> None:
    monitor, hand = _held_beside_the_tower(world, "o", "lots-O", 20)
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
    monitor, hand = _held_beside_the_tower(world, "i", "lots-I", 4.0)
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
    w = World(load_profile(), play_area=(-50, -10, 50, 60))
    w.add_piece("o", get_piece("lots-O"), Pose(0, 20, 0), WOOD)
    hand = Hand(w)
    hand.grab("o")
    report = hand.carry(HandPath(x=5.0))
    assert not report.contact
    assert w.entry("o").pose.y == pytest.approx(-10, abs=0.5)


# -- the grip (docs/physics.md, "The grip") ------------------------------------------------

SWEEP = Path(__file__).parents[2] / "scenarios" / "hand" / "sweep-knocks-pieces.toml"


def _replay(path: Path) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", "--json", str(path)]) in (0, 1)
    return json.loads(out.getvalue())


def _ends(report: dict[str, Any]) -> dict[str, list[float]]:
    return {b["id"]: b["end"] for b in report["bodies"]}


def test_a_low_sweep_with_the_yielding_grip_knocks_pieces_off_the_tower() -> None:
    report = _replay(SWEEP)
    assert report["ok"] and report["physics"]["grip"] == 2
    end = _ends(report)
    assert abs(end["base"][0]) < 0.1  # the base, under the sweep, stays
    for knocked in ("middle", "top"):  # knocked off a cell or more, not carried along
        assert 2.5 < abs(end[knocked][0]) < 20.0
    assert end["middle"][1] < 2.6  # the O lies on the table
    assert end["sweeper"][0] < 10.0  # slipped out of the fingers: never got to x = 40


def test_the_same_sweep_with_the_first_grip_carries_the_tower_on(tmp_path: Path) -> None:
    path = tmp_path / "first-grip.toml"
    path.write_text(SWEEP.read_text().replace("grip = 2", "grip = 1"))
    end = _ends(_replay(path))
    assert end["middle"][0] > 40.0  # shoved along to where the hand put its piece down


def test_a_piece_that_slips_out_of_the_fingers_is_let_go(world: World) -> None:
    world.add_static("wall", [[(-1.25, 0), (1.25, 0), (1.25, 10), (-1.25, 10)]], WOOD)
    world.add_piece("i", get_piece("lots-I"), Pose(-30, 3, 0), WOOD)
    hand = Hand(world)
    assert world.profile.grip == new_games_grip() and hand.settings == hand_settings(2)
    hand.grab("i")
    report = hand.carry(HandPath(x=30.0, travel_height=3.0))
    assert report.dropped and not report.contact
    assert hand.held is None and not world.space.constraints
    assert hand.slid > hand.settings.slip
    assert world.entry("i").pose.x < -5.0  # left against the wall, not pushed through


def test_the_yielding_grip_still_lifts_turns_and_places(tmp_path: Path) -> None:
    # The shipped hand scenarios, made with the first grip, give the same verdicts with
    # the grip new games use: gentle placements stand, a careless one knocks the cube.
    sandbox = SWEEP.parents[1] / "sandbox"
    for name in ("hand-placement.toml", "careless-hand.toml"):
        path = tmp_path / name
        path.write_text(
            (sandbox / name).read_text().replace("[run]", "[physics]\ngrip = 2\n\n[run]")
        )
        report = _replay(path)
        assert report["physics"]["grip"] == 2
        assert report["ok"], report["expect"]


def test_files_that_name_no_grip_keep_the_first_and_new_games_record_theirs(
    tmp_path: Path,
) -> None:
    head = 'format = "towersim/1"\nkind = "sandbox"\n'
    for extra in ("", '[physics]\nprofile = "classic"\n'):
        path = tmp_path / "old.toml"
        path.write_text(head + extra)
        assert open_scenario(path, ("sandbox",)).profile.grip == FILE_GRIP == 1
    assert load_profile().grip == new_games_grip() == 2
    assert pinned_physics(load_profile())["grip"] == 2
    assert load_profile(grip=1).hand == hand_settings(1)
    assert math.isinf(hand_settings(1).slip)  # the first grip never lets go
