"""The monitor's skip of sleeping bodies changes nothing it reports: the same events at
the same times as a monitor that looks at every body at every check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from simulator.physics.geometry import box_polygon
from simulator.physics.materials import materials
from simulator.physics.monitor import Monitor, MotionEvent
from simulator.physics.profile import load_profile
from simulator.physics.world import Pose, World
from simulator.replay import load_scenario
from simulator.scenario.sandbox import build_world, run_sandbox

WOOD = materials()["wood"]
FELT = materials()["felt"]
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


# The sleep threshold the check intervals below are chosen around (pinned: the default
# profile's may change).
SLEEP_AFTER = 0.25


def _table_and_shelf() -> World:
    """A felt table at y = 0 and a wooden shelf from x = -20 to 0 with its top at 10."""
    world = World(load_profile().with_overrides(sleep_time_threshold=SLEEP_AFTER))
    world.add_static("table", [[(-60, -5), (60, -5), (60, 0), (-60, 0)]], FELT, is_table=True)
    world.add_static("shelf", [[(-20, 9), (0, 9), (0, 10), (-20, 10)]], WOOD)
    return world


def _stack(world: World) -> None:
    """Three boxes standing over the shelf's edge (a quarter of each beyond it), and one
    far from it."""
    for i in range(3):
        world.add_body(f"s{i}", [box_polygon(4, 1)], Pose(-1.0, 10.5 + i, 0), WOOD)
    world.add_body("far", [box_polygon(2, 2)], Pose(-15, 11, 0), WOOD)


def _watched(world: World, skip: bool, floor_y: float | None = None) -> Monitor:
    return Monitor(world, support=(-20, 0), floor_y=floor_y, skip_sleeping=skip)


def _run(world: World, monitor: Monitor, seconds: float, every: int) -> None:
    for _ in range(round(seconds / world.profile.dt) // every):
        world.step(every)
        monitor.check()


def _sleeps_then_woken(skip: bool, every: int) -> tuple[list[MotionEvent], Monitor]:
    """The stack falls asleep; a box dropped on its overhanging end wakes it and knocks
    it off the shelf onto the table."""
    world = _table_and_shelf()
    _stack(world)
    monitor = _watched(world, skip)
    _run(world, monitor, 1.5, every)
    assert monitor.resting  # every body sleeps before the hammer comes
    world.add_body("hammer", [box_polygon(3, 3)], Pose(0.5, 16, 0), WOOD)
    world.entry("hammer").body.velocity = (0, -300)
    monitor.watch_falls("hammer")
    _run(world, monitor, 3.0, every)
    return monitor.events, monitor


def _moves_then_sleeps(skip: bool, every: int) -> tuple[list[MotionEvent], Monitor]:
    """A box pushed along the shelf slides, slows and falls asleep where it stopped; the
    stack never moves; a box pushed off its top falls to the table."""
    world = _table_and_shelf()
    _stack(world)
    world.add_body("slider", [box_polygon(2, 1)], Pose(-10, 10.5, 0), WOOD)
    world.add_body("leaver", [box_polygon(2, 1)], Pose(-2, 13.5, 0.0), WOOD)
    world.entry("slider").body.velocity = (-40, 0)
    world.entry("leaver").body.velocity = (150, 0)
    monitor = _watched(world, skip, floor_y=5.0)
    _run(world, monitor, 3.0, every)
    return monitor.events, monitor


# Checks every 0.02 s (the sandbox's and the settle loop's interval), every 0.1 s, and
# every 0.5 s and 1 s: longer than SLEEP_AFTER, where a body may wake, move and sleep
# again between two checks, so the skip must not be trusted.
EVERY = (18, 90, 450, 900)


@pytest.mark.parametrize("every", EVERY)
@pytest.mark.parametrize("case", [_sleeps_then_woken, _moves_then_sleeps])
def test_skipping_sleeping_bodies_gives_the_same_events(
    case: Callable[[bool, int], tuple[list[MotionEvent], Monitor]], every: int
) -> None:
    skipped, monitor = case(True, every)
    looked, _ = case(False, every)
    assert skipped == looked
    assert {e.type for e in looked} == {"moved", "fell"}  # the case shows both
    assert monitor.resting  # everything sleeps at the end, and the skip saw it


def test_the_woken_stack_falls_off_the_shelf_onto_the_table() -> None:
    events, _ = _sleeps_then_woken(True, 18)
    fell = {e.body_id for e in events if e.type == "fell"}
    assert fell == {"s0", "s1", "s2", "hammer"}
    assert "far" not in {e.body_id for e in events}
    assert all(e.reason == "touched the table" for e in events if e.type == "fell")


def _resting_stack() -> Monitor:
    world = _table_and_shelf()
    _stack(world)
    monitor = _watched(world, True)
    _run(world, monitor, 1.0, 18)
    assert monitor.resting and not monitor.events
    return monitor


def test_a_resting_body_is_judged_again_against_a_new_reference() -> None:
    monitor = _resting_stack()
    monitor.reference["s0"] = Pose(-1.0, 30.0, 0.0)  # far from where s0 lies
    monitor.watch("far")  # a new reference for "far" is where it lies: no move
    _run(monitor.world, monitor, 0.02, 18)
    assert [(e.body_id, e.type) for e in monitor.events] == [("s0", "moved")]


def test_resting_bodies_are_judged_again_under_new_rules() -> None:
    monitor = _resting_stack()
    monitor.floor_y = 12.0  # s0, s1 and "far" now lie below what should carry them
    _run(monitor.world, monitor, 0.02, 18)
    assert [(e.body_id, e.reason) for e in monitor.events] == [
        ("s0", "dropped below its support"),
        ("s1", "dropped below its support"),
        ("far", "dropped below its support"),
    ]


@pytest.mark.parametrize(
    "name",
    [
        "calibration/harmonic-12-stands.toml",
        "calibration/harmonic-12-falls.toml",
        "sandbox/edge-block-falls.toml",
        "calibration/incline-topple-1x3-topples.toml",
    ],
)
def test_a_sandbox_run_reports_what_a_monitor_looking_at_everything_sees(name: str) -> None:
    sandbox = load_scenario(SCENARIOS / name).scenario
    report = run_sandbox(sandbox)
    world = build_world(sandbox)
    plain = Monitor(
        world,
        tolerance=sandbox.run.tolerance,
        rotation_tolerance=sandbox.run.rotation_tolerance,
        skip_sleeping=False,
    )
    every = max(1, round(0.02 / sandbox.profile.dt))
    steps = round(sandbox.run.seconds / sandbox.profile.dt)
    while world.steps < steps:
        world.step(min(every, steps - world.steps))
        plain.check()
    assert report["events"] == [e.as_dict() for e in plain.events]
    assert report["state_hash"] == world.state_hash()
