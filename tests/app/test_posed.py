"""The pose table the posed shader reads (simulator/render/posed.py): a slot a drawn
thing, freed and handed out again, and a clear sentence when a scene runs out."""

from __future__ import annotations

import math

import pytest

from simulator.demo import build_tower
from simulator.render.posed import PoseTable


def test_a_slot_holds_its_pose_and_is_handed_out_again_once_given_back():
    table = PoseTable(4)
    first = table.take((1.0, 2.0, math.pi / 2))
    second = table.take((0.0, 0.0, 0.0))
    assert (first, second) == (1, 2)  # slot 0 is the origin, never handed out
    assert table.poses[first] == (1.0, 2.0, math.pi / 2)
    assert list(table._data[4:8]) == pytest.approx([1.0, 2.0, 0.0, 1.0], abs=1e-7)
    table.give_back(first)
    table.give_back(0)  # the origin stays
    assert first not in table.poses and table.poses[0] == (0.0, 0.0, 0.0)
    assert table.take((3.0, 4.0, 0.0)) == first  # the lowest free slot first
    table.take((0.0, 0.0, 0.0))
    with pytest.raises(RuntimeError, match="more than 3 moving things"):
        table.take((0.0, 0.0, 0.0))


def test_a_scene_frees_every_slot_it_took():
    from simulator.render.offscreen import offscreen, use_headless
    from simulator.render.scene import WorldScene

    use_headless()
    world, lot, _ = build_tower(3, 1, "1A")
    with offscreen(64, 64, (255, 255, 255)):
        scene = WorldScene(world, lot=lot, wood=True, keep_gone=True)
        bodies = len(world.entries)
        assert len(scene.table.poses) == 1 + bodies  # the origin and a slot a body
        moved = world.dynamic_entries[0]
        world.remove(moved.id)
        scene.sync()
        assert len(scene.table.poses) == 1 + bodies  # a fallen piece is still drawn
        scene.forget_gone()
        assert len(scene.table.poses) == bodies
        scene.delete()
        assert scene.table.poses == {0: (0.0, 0.0, 0.0)}
