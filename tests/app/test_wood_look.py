"""The app's table look: painted wood with grain and bevels, a wooden table top; the
flat look stays for the research frames and replay pictures."""

from __future__ import annotations

import copy

import pytest

from simulator.demo import build_tower
from simulator.render.bodies import entry_mesh
from simulator.render.wood import TABLE_FRONT, TABLE_TOP
from tests.app.helpers import close, frames, open_lots, pixel, world_to_window


def _vertices(mesh) -> list[tuple[float, float]]:
    p = mesh.positions
    return [(p[i], p[i + 1]) for i in range(0, len(p), 2)]


def test_a_wooden_piece_has_grain_and_bevels_inside_its_outline_and_the_same_every_time():
    world, _, _ = build_tower(3, 1, "1A")
    entry = world.dynamic_entries[0]
    flat, wood = entry_mesh(entry), entry_mesh(entry, wood=True)
    assert wood.count > flat.count  # grain and bevels on top of the flat drawing
    assert entry_mesh(entry, wood=True) == wood  # the same grain in every frame
    xs = [x for poly in entry.local_polygons for x, _ in poly]
    ys = [y for poly in entry.local_polygons for _, y in poly]
    for x, y in _vertices(wood):
        assert min(xs) - 1e-6 <= x <= max(xs) + 1e-6 and min(ys) - 1e-6 <= y <= max(ys) + 1e-6
    twin = copy.copy(entry)  # the same piece under another id: its own grain
    twin.id = entry.id + "-twin"
    assert entry_mesh(twin, wood=True) != wood and entry_mesh(twin).count == flat.count


def test_the_app_draws_a_wooden_table():
    window, screen, match = open_lots()
    try:
        frames(window, 2)
        assert screen._scene is not None and screen._scene.wood
        lot = match.lot
        top = max(s.bb.top for e in match.world.entries if e.is_table for s in e.shapes)
        x = lot.right + 10.0
        seen = pixel(window, *world_to_window(window, screen, x, top - 0.2))
        below = pixel(window, *world_to_window(window, screen, x, top - 1.2))
        assert max(abs(a - b) for a, b in zip(seen, TABLE_TOP, strict=True)) <= 10
        assert max(abs(a - b) for a, b in zip(below, TABLE_FRONT, strict=True)) <= 10
    finally:
        close(window)


def test_each_piece_casts_a_soft_shadow_that_follows_it_and_stays_when_it_falls():
    import pyglet

    from simulator.render.offscreen import offscreen, use_headless
    from simulator.render.scene import SHADOWS, WorldScene
    from simulator.render.wood import SHADOW_OFFSET

    use_headless()
    world, lot, _ = build_tower(3, 1, "1A")
    with offscreen(64, 64, (255, 255, 255)):
        flat = WorldScene(world, lot=lot)
        wood = WorldScene(world, lot=lot, wood=True, keep_gone=True)
        pieces = {e.id for e in world.dynamic_entries}
        assert flat._shadows == {} and set(wood._shadows) == pieces
        entry = world.dynamic_entries[0]
        world.step(30)  # the tower settles a little: every pose is written again
        wood.sync()
        shadow = wood._shadows[entry.id]
        _, body, slot, _ = wood._lists[entry.id]
        x, y = entry.body.position
        # the shadow shares the body's pose, shifted by the light's offset in the shader
        assert set(shadow.slot) == set(body.slot) == {slot}
        assert wood.drawn_pose(slot) == pytest.approx((x, y, entry.body.angle), abs=1e-9)
        assert wood.groups[SHADOWS].shift == SHADOW_OFFSET
        assert len(shadow.position) > 0 and isinstance(wood.batch, pyglet.graphics.Batch)
        world.remove(entry.id)  # it fell and was taken off the table
        wood.sync()
        assert entry.id not in wood._shadows and len(wood._gone[entry.id]) == 2
        wood.forget_gone()
        flat.delete()
        wood.delete()
        assert wood._shadows == {}
