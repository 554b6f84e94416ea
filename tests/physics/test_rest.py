"""Rest 2 (docs/physics.md, "Resting"): a quiet tower sleeps as one group while the hand
carries a piece through free air and wakes as one when touched; a settle does not end
while a slow body is gaining energy; rest 1 stays as it was."""

from __future__ import annotations

import copy
import math
from pathlib import Path

import pytest

from rules.lots.setup import LotsOptions
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.placement import Placement
from simulator.games.record import pinned_physics
from simulator.physics.geometry import box_polygon
from simulator.physics.hand import Hand, HandPath
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor
from simulator.physics.profile import load_profile
from simulator.physics.settle import body_speed, settle
from simulator.physics.world import Pose, World
from simulator.replay import load_scenario
from simulator.scenario.errors import ScenarioError

WOOD = materials()["wood"]
FELT = materials()["felt"]


def _tower(rest: int, boxes: int = 4) -> World:
    """A felt table and a settled column of ``boxes`` wooden boxes 6 x 1 cm on it."""
    world = World(load_profile(rest=rest))
    world.add_static("table", [[(-60, -5), (60, -5), (60, 0), (-60, 0)]], FELT, is_table=True)
    for i in range(boxes):
        world.add_body(f"b{i}", [box_polygon(6, 1)], Pose(0, 0.5 + i, 0), WOOD)
    assert settle(world).settled
    return world


def _tower_bodies(world: World) -> list[bool]:
    return [world.entry(f"b{i}").body.is_sleeping for i in range(4)]


def test_a_quiet_tower_sleeps_as_one_group_while_a_piece_travels_and_wakes_at_a_touch() -> None:
    world = _tower(rest=2)
    world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
    hand = Hand(world)
    hand.grab("new")
    assert _tower_bodies(world) == [True] * 4
    assert world.rest_group is not None and world.rest_group.members == {"b0", "b1", "b2", "b3"}
    woke: list[bool] = []

    def look() -> None:
        woke.append(not any(_tower_bodies(world)))

    report = hand.carry(HandPath(x=0.0), on_step=look)
    assert report.contact
    first = woke.index(True)  # all four woke at once, on the step the piece touched
    assert not any(woke[:first]) and first > 500
    assert world.entry("new").body.position.y == pytest.approx(4.5, abs=0.05)


def test_a_piece_that_touches_the_tower_leaves_it_awake() -> None:
    world = _tower(rest=2)
    for i in range(4):
        world.entry(f"b{i}").body.activate()
    Hand(world).grab("b3")  # pulled out of the tower: never a sleeping neighbour
    assert world.rest_group is None and _tower_bodies(world)[:3] == [False] * 3
    world.step(100)  # and stepping on is safe


def test_a_moving_body_keeps_every_body_awake() -> None:
    world = _tower(rest=2)
    world.entry("b2").body.activate()
    world.entry("b2").body.velocity = (2.0, 0.0)  # faster than the idle speed
    world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
    assert not world.rest_others(world.entry("new"))
    assert not any(_tower_bodies(world))


def test_rest_1_never_puts_a_tower_to_sleep_as_a_group() -> None:
    world = _tower(rest=1)
    for i in range(4):
        world.entry(f"b{i}").body.activate()
    world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
    Hand(world).grab("new")
    assert world.rest_group is None and not any(_tower_bodies(world))


def _slope(rest: int, past: float) -> World:
    """A wooden block on a wooden floor tilted ``past`` degrees beyond its slide angle
    (gravity turned instead of the floor), starting at rest."""
    world = World(load_profile(rest=rest))
    world.add_static("floor", [[(-80, -5), (80, -5), (80, 0), (-80, 0)]], WOOD)
    world.add_body("block", [box_polygon(4, 2)], Pose(0, 1, 0), WOOD)
    angle = math.atan(WOOD.friction * WOOD.friction) + math.radians(past)
    g = world.profile.gravity
    world.space.gravity = (g * math.sin(angle), -g * math.cos(angle))
    return world


def test_rest_2_does_not_call_a_slow_start_of_a_slide_settled() -> None:
    # 0.1 degrees past the slide angle the block gains under 2 cm/s each second: under
    # the settle speed for a quarter of a second, and sliding all the while.
    early = settle(_slope(rest=1, past=0.1), cap=3.0)
    assert early.settled and early.seconds < 0.25  # rest 1 stops on the slow start
    world = _slope(rest=2, past=0.1)
    monitor = Monitor(world)
    result = settle(world, monitor, cap=3.0)
    assert not result.settled or result.seconds > 0.5
    assert monitor.moved == ["block"]


def test_rest_2_settles_a_block_that_holds_on_its_slope_at_once() -> None:
    result = settle(_slope(rest=2, past=-1.0))
    assert result.settled and result.seconds < 0.15


SANDBOX = """format = "towersim/1"
kind = "sandbox"
{physics}
[[static]]
id = "table"
polygon = [[-50, -5], [50, -5], [50, 0], [-50, 0]]

[[body]]
id = "box"
box = [4.0, 2.0]
at = [0.0, 1.0]
"""


@pytest.mark.parametrize(
    ("physics", "rest"),
    [("", 1), ("[physics]\n", 1), ("[physics]\nrest = 2\n", 2), ("[physics]\nrest = 3\n", 3)],
)
def test_a_file_that_names_no_rest_replays_at_rest_1(
    tmp_path: Path, physics: str, rest: int
) -> None:
    path = tmp_path / "box.toml"
    path.write_text(SANDBOX.format(physics=physics))
    assert load_scenario(path).scenario.profile.rest == rest


def test_new_games_use_rest_4_and_record_it() -> None:
    assert load_profile().rest == 4
    assert pinned_physics(load_profile())["rest"] == 4
    assert (
        load_profile().resting.names_taken_back
        and not load_profile(rest=3).resting.names_taken_back
    )


def test_a_rest_out_of_range_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "box.toml"
    path.write_text(SANDBOX.format(physics="[physics]\nrest = 5\n"))
    with pytest.raises(ScenarioError, match="rest"):
        load_scenario(path)


def test_the_monitor_skipping_a_sleeping_group_sees_what_a_full_look_sees() -> None:
    world = _tower(rest=2)
    world.add_body("new", [box_polygon(4, 1)], Pose(-30, 3, 0), WOOD)
    both = [Monitor(world, support=(-20, 20), skip_sleeping=skip) for skip in (True, False)]
    for monitor in both:
        monitor.watch_falls("new")
    hand = Hand(world)
    hand.grab("new")
    assert world.rest_group is not None
    steps = [0]

    def check() -> None:
        steps[0] += 1
        if steps[0] % 10 == 0:
            for monitor in both:
                monitor.check()

    # A careless sweep at the height of the tower's second box knocks it off.
    hand.carry(HandPath(x=30.0, travel_height=2.0), on_step=check)
    for _ in range(100):  # two seconds after the release, both looking every 18 steps
        world.step(18)
        for monitor in both:
            monitor.check()
    skipping, full = both
    assert skipping.events == full.events
    assert skipping.moved and skipping.fallen


def test_a_copy_sleeps_its_tower_only_once_chipmunk_has_found_its_contacts() -> None:
    # pymunk copies bodies and shapes, not Chipmunk's contacts: a copy's tower put to
    # sleep at once would wake with no impulses under the touching piece's push.
    world = _tower(rest=2)
    twin = copy.deepcopy(world)
    twin.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
    assert not twin.rest_others(twin.entry("new"))
    steps = twin.steps
    twin.find_contacts()
    assert twin.steps == steps + 1
    assert twin.rest_others(twin.entry("new")) and all(_tower_bodies(twin))
    twin.find_contacts()  # a world that has stepped needs no more
    assert twin.steps == steps + 1


def test_a_body_put_down_and_not_yet_stepped_keeps_the_tower_awake() -> None:
    world = _tower(rest=2)
    world.add_body("b4", [box_polygon(6, 1)], Pose(0, 4.5, 0), WOOD)  # on top, unstepped
    new = world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
    assert not world.rest_others(new)
    world.remove("new")
    assert settle(world).settled
    assert world.rest_others(world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD))


def test_a_bots_scratch_copy_judges_a_placement_as_the_game_does() -> None:
    # An O lowered beside an S on lot 1A: a scratch copy whose S slept without its
    # contacts knocked the S over, where the game itself keeps it standing.
    def beside() -> LotsMatch:
        match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=3))
        match.perform({"type": "roll", "player": "Ben"})
        match.place(Placement(block="blue-2", col=3))
        match.perform({"type": "roll", "player": "Ann"})
        return match

    placement = Placement(block="orange-1", col=1, nudge=-0.24)
    game = beside()
    assert game.place(placement).fallen == ()
    assert beside().scratch_copy().place(placement).fallen == ()


def _knocked_off(rest: int) -> tuple[World, Monitor]:
    """A settled column of four boxes, and a piece falling past it to the table beside
    the lot (the support is the column's base), sliding on as it lands."""
    world = _tower(rest)
    piece = world.add_body("off", [box_polygon(4, 1)], Pose(12, 8, 0.3), WOOD)
    piece.body.velocity = (30.0, 0.0)
    monitor = Monitor(world, support=(-4, 4))
    monitor.watch_falls("off")
    return world, monitor


def test_rest_2_lets_the_tower_sleep_while_a_fallen_piece_rolls_on() -> None:
    world, monitor = _knocked_off(rest=2)
    result = settle(world, monitor)
    assert result.settled and monitor.fallen == ["off"] and monitor.moved == ["off"]
    assert all(_tower_bodies(world))  # the column slept as a group of its own
    assert world.rest_group is not None and world.rest_group.members == {"b0", "b1", "b2", "b3"}
    # the fallen piece still moved when the settle ended: where it stops decides nothing
    assert body_speed(world.entry("off")) >= world.profile.settle_speed
    old_world, old_monitor = _knocked_off(rest=1)
    old = settle(old_world, old_monitor)
    assert old.settled and old_monitor.fallen == ["off"] and old.seconds > result.seconds


def test_a_fallen_piece_against_the_tower_is_judged_with_it() -> None:
    # Judged fallen (its foot touched the table outside the support), but leaning on the
    # column: it rests, and sleeps, with the column; the piece falling past is apart.
    world, monitor = _knocked_off(rest=2)
    # a 1 x 4 plank turned 0.35 rad: its foot on the table, its top on the column's side
    world.add_body("leaner", [box_polygon(1, 4)], Pose(4.16, 2.06, 0.35), WOOD)
    world.step()
    monitor.watch_falls("leaner")
    result = settle(world, monitor)
    assert result.settled and monitor.fallen == ["leaner", "off"]
    assert world.rest_group is not None
    assert world.rest_group.members == {"b0", "b1", "b2", "b3", "leaner"}
    assert world.entry("leaner").body.is_sleeping


def test_a_rehearsal_skips_the_trip_and_lands_where_the_whole_path_does() -> None:
    landed = []
    for rehearsal in (False, True):
        world = _tower(rest=2)
        world.add_body("new", [box_polygon(4, 1)], Pose(-30, 20, 0), WOOD)
        hand = Hand(world)
        hand.grab("new")
        start = world.steps
        report = hand.carry(HandPath(x=1.0, angle=90.0, rehearsal=rehearsal))
        assert report.contact
        assert settle(world).settled
        pose = world.entry("new").pose
        landed.append((pose, world.steps - start))
    (whole, whole_steps), (rehearsed, rehearsed_steps) = landed
    assert math.hypot(whole.x - rehearsed.x, whole.y - rehearsed.y) < 0.05  # cm
    assert abs(whole.angle - rehearsed.angle) < math.radians(0.5)
    assert rehearsed_steps < whole_steps / 2


def test_a_careless_path_is_never_rehearsed_through_the_tower() -> None:
    # Flown low, the piece knocks the column: a rehearsal may not skip that trip.
    fell = []
    for rehearsal in (False, True):
        world = _tower(rest=2)
        world.add_body("new", [box_polygon(4, 1)], Pose(-30, 3, 0), WOOD)
        monitor = Monitor(world, support=(-20, 20))
        hand = Hand(world)
        hand.grab("new")
        hand.carry(HandPath(x=30.0, travel_height=2.0, rehearsal=rehearsal))
        settle(world, monitor)
        fell.append(monitor.moved)
    assert fell[0] == fell[1] and fell[0]
