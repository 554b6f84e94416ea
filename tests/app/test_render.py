"""The renderer draws every body at its real pose in its colour, with its symbol."""

from __future__ import annotations

import io
import math

from PIL import Image

from simulator.demo import build_tower
from simulator.physics.geometry import piece_cell_centres
from simulator.render.camera import Camera, fit_region
from simulator.render.offscreen import render_world_png
from simulator.render.palette import colour, colour_name_of
from simulator.render.scene import world_bounds

SIZE = (800, 600)


def _image(world, lot):
    return Image.open(io.BytesIO(render_world_png(world, size=SIZE, lot=lot))).convert("RGB")


def _near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_each_piece_is_drawn_in_its_colour_where_its_body_is():
    world, lot, _ = build_tower(10, 1, "1A")
    image = _image(world, lot)
    camera = Camera(fit_region(world_bounds(world), SIZE[0] / SIZE[1]), (0, 0, *SIZE))
    checked = 0
    for entry in world.dynamic_entries:
        pose = entry.pose
        rgb = colour(colour_name_of(entry)).rgb
        # A point inside a cell, off its symbol: a quarter cell from the centre, turned
        # with the body.
        cell = entry.piece.cell_size
        cx, cy = next(iter(piece_cell_centres(entry.piece, entry.mirror).values()))
        c, s = math.cos(pose.angle), math.sin(pose.angle)
        lx, ly = cx + 0.36 * cell, cy + 0.36 * cell
        wx, wy = pose.x + c * lx - s * ly, pose.y + s * lx + c * ly
        px, py = camera.to_screen(wx, wy)
        got = image.getpixel((round(px), SIZE[1] - 1 - round(py)))
        assert _near(got, rgb), (entry.id, got, rgb)
        checked += 1
    assert checked == 10


def test_symbols_mark_the_colours_for_colour_blind_players():
    world, lot, _ = build_tower(1, 0, "1A")
    image = _image(world, lot)
    camera = Camera(fit_region(world_bounds(world), SIZE[0] / SIZE[1]), (0, 0, *SIZE))
    entry = world.dynamic_entries[0]
    pose = entry.pose
    cx, cy = next(iter(piece_cell_centres(entry.piece, entry.mirror).values()))
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    px, py = camera.to_screen(pose.x + c * cx - s * cy, pose.y + s * cx + c * cy)
    centre = image.getpixel((round(px), SIZE[1] - 1 - round(py)))
    # The symbol (contrasting ink) sits on the cell centre, not the fill colour.
    assert not _near(centre, colour(colour_name_of(entry)).rgb, 40)


def test_replay_png_draws_a_scenario_final_state(tmp_path):
    from simulator.replay import replay

    out = io.StringIO()
    target = tmp_path / "final.png"
    code = replay(["scenarios/lots/award-cube.toml"], as_json=False, out=out, png=str(target))
    assert code == 0, out.getvalue()
    image = Image.open(target).convert("RGB")
    assert image.size == (1200, 900)
    colours = {rgb for _, rgb in image.getcolors(1_000_000)}
    assert any(_near(c, colour("red").rgb, 3) for c in colours)


def test_floor_cards_show_their_boxes(tmp_path):
    from simulator.replay import replay

    target = tmp_path / "ct.png"
    code = replay(
        ["scenarios/crazy-tower/competitive-last-block.toml"],
        as_json=False,
        out=io.StringIO(),
        png=str(target),
    )
    assert code == 0
    image = Image.open(target).convert("RGB")
    colours = {rgb for _, rgb in image.getcolors(1_000_000)}
    # The red box tone of a floor card (palette BOX_TONES["red"]).
    assert (214, 60, 50) in colours
