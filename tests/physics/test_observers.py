"""Step observers: they see every step, in order, and stop when detached; a copy of a
world starts unobserved; a world's materials and hand settings are its profile's."""

from __future__ import annotations

import copy
from dataclasses import replace

from simulator.physics.geometry import box_polygon
from simulator.physics.hand import Hand
from simulator.physics.profile import load_profile
from simulator.physics.world import Pose, World, new_worlds


def _block(world: World) -> None:
    world.add_body("b", [box_polygon(2, 2)], Pose(0, 5, 0), world.material("wood"))


def test_observers_see_every_step_with_its_count_until_detached(world: World) -> None:
    _block(world)
    seen: list[tuple[int, int]] = []
    other: list[int] = []
    first = world.observe(lambda w, n: seen.append((n, w.steps)))
    second = world.observe(lambda w, n: other.append(n))
    world.step()
    world.step(5)
    first.detach()
    world.step(2)
    second.detach()
    second.detach()  # twice is harmless
    world.step(3)
    assert seen == [(1, 1), (5, 6)]  # called after the steps, with the world and the count
    assert other == [1, 5, 2]
    assert world.steps == 11


def test_an_observer_may_detach_itself_and_a_with_block_detaches(world: World) -> None:
    calls: list[int] = []

    def once(w: World, n: int) -> None:
        calls.append(n)
        handle.detach()

    handle = world.observe(once)
    with world.observe(lambda w, n: calls.append(-n)):
        world.step(2)
    world.step(4)
    assert calls == [2, -2]


def test_a_copy_of_a_world_starts_unobserved(world: World) -> None:
    _block(world)
    seen: list[World] = []
    world.observe(lambda w, n: seen.append(w))
    twin = copy.deepcopy(world)  # what a bot's rollout does
    twin.step(3)
    assert seen == []
    world.step(1)
    assert seen == [world]


def test_observing_changes_nothing_in_the_run() -> None:
    def run(observed: bool) -> str:
        w = World(load_profile())
        w.add_static("table", [[(-60, -5), (60, -5), (60, 0), (-60, 0)]], w.material("felt"))
        _block(w)
        if observed:
            w.observe(lambda world, n: world.state_hash())
        w.step(200)
        return w.state_hash()

    assert run(True) == run(False)


def test_new_worlds_hands_each_world_once() -> None:
    handed: list[World] = []
    a, b = World(load_profile()), World(load_profile())
    hand_over = new_worlds(handed.append)
    for w in (a, a, b, b, a):
        hand_over(w)
    assert handed == [a, b, a]
    new_worlds(None)(a)  # no callback: nothing to do


def test_a_world_reads_materials_and_hand_from_its_profile() -> None:
    base = load_profile()
    grippy = base.materials.with_values("wood", friction=0.9)
    profile = replace(base, materials=grippy, hand=replace(base.hand, grip_force=9.0))
    world = World(profile)
    assert world.material("wood").friction == 0.9
    assert World(base).material("wood").friction == base.materials["wood"].friction
    assert Hand(world).settings.grip_force == 9.0
    assert Hand(World(base)).settings == base.hand
