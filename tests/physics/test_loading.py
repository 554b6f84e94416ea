"""World.load_gradually: bodies that start a world resting on others take up their
weight over the profile's load_time; bodies touching nothing fall freely."""

from __future__ import annotations

import math

import pytest

from simulator.physics.geometry import box_polygon
from simulator.physics.materials import materials
from simulator.physics.profile import load_profile
from simulator.physics.world import Pose, World
from simulator.scenario.sandbox import build_world
from simulator.tuning.cases import Family

WOOD = materials()["wood"]


def test_a_body_in_the_air_falls_freely_from_the_first_step(world: World) -> None:
    world.add_body("drop", [box_polygon(2, 2)], Pose(0, 50, 0), WOOD)
    world.load_gradually()
    assert not world.loading  # nothing rests on anything: nothing to load
    steps = round(0.2 / world.profile.dt)
    world.step(steps)
    fallen = 50 - world.entry("drop").pose.y
    t = world.time  # Chipmunk moves by the velocity before the step: g t (t - dt) / 2
    assert fallen == pytest.approx(world.profile.gravity * t * (t - world.profile.dt) / 2, rel=1e-9)


def test_a_resting_body_takes_up_its_weight_then_the_world_runs_as_usual(world: World) -> None:
    world.add_body("block", [box_polygon(4, 2)], Pose(0, 1, 0), WOOD)
    world.add_body("drop", [box_polygon(2, 2)], Pose(20, 150, 0), WOOD)
    world.load_gradually()
    assert world.loading
    profile = world.profile
    load_steps = round(profile.load_time / profile.dt)
    world.step(load_steps // 2)
    assert world.loading
    assert world.space.sleep_time_threshold == math.inf  # nothing sleeps half-loaded
    world.step(load_steps - load_steps // 2)
    assert not world.loading
    assert world.space.sleep_time_threshold == profile.sleep_time_threshold
    # The falling body never shared the lift: it fell g t (t - dt) / 2 over the load.
    t = world.time
    assert 150 - world.entry("drop").pose.y == pytest.approx(
        profile.gravity * t * (t - profile.dt) / 2, rel=1e-9
    )
    block = world.entry("block").pose
    assert abs(block.y - 1) < 0.01 and abs(block.x) < 1e-6 and abs(block.angle) < 1e-6
    world.step(round(1.0 / profile.dt))
    assert world.entry("block").body.is_sleeping  # sleeping is back once loaded


def test_the_loading_is_the_same_however_the_steps_are_split(world: World) -> None:
    def build() -> World:
        w = World(world.profile)
        w.add_static("table", [[(-60, -5), (60, -5), (60, 0), (-60, 0)]], WOOD, is_table=True)
        w.add_body("a", [box_polygon(10, 2)], Pose(0, 1, 0), WOOD)
        w.add_body("b", [box_polygon(10, 2)], Pose(4, 3, 0), WOOD)
        w.load_gradually()
        return w

    one, many = build(), build()
    total = round(0.5 / world.profile.dt)
    one.step(total)
    for chunk in (1, 7, 50, total - 58):
        many.step(chunk)
    assert one.steps == many.steps == total
    assert one.state_hash() == many.state_hash()


@pytest.mark.parametrize(("load_time", "stands"), [(0.0, False), (None, True)])
def test_a_tall_stack_of_thick_blocks_stands_at_97_percent_only_when_loaded_gradually(
    load_time: float | None, stands: bool
) -> None:
    """20 blocks 4 cm thick at 97 % of the critical overhang: put down at once, the
    solver's cold start tips them (the default profile before issue 25 flipped at 91 %);
    loaded over the default's load_time, they stand, as statics says."""
    profile = load_profile()
    if load_time is not None:
        profile = profile.with_overrides(load_time=load_time)
    else:
        assert profile.load_time > 0
    world = build_world(Family("harmonic", n=20, block_height=4.0).build(0.97, profile))
    start = {e.id: e.pose for e in world.dynamic_entries}
    world.step(round(4.0 / profile.dt))
    drift = max(
        math.hypot(e.pose.x - start[e.id].x, e.pose.y - start[e.id].y)
        for e in world.dynamic_entries
    )
    assert (drift < 0.5) is stands, f"largest drift {drift:.3f} cm"


def test_every_setting_in_effect_is_reported_and_the_solver_ones_are_recorded() -> None:
    profile = load_profile()
    report = profile.report()
    for key in ("idle_speed_threshold", "load_time", "settle_speed", "sleep_time_threshold"):
        assert report[key] == getattr(profile, key)
    assert "settle_speed" not in profile.recorded()
    assert profile.recorded()["load_time"] == profile.load_time
    with pytest.raises(ValueError, match="load_time"):
        profile.with_overrides(load_time=-1.0)
