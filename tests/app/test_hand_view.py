"""The simulated hand is drawn: a gripper over the piece where the hand holds it, in the
live world and in filmed frames (a computer's move played back), gone once it lets go."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image
from pyglet.window import key, mouse

from simulator.demo import build_tower
from simulator.physics.hand import Hand
from simulator.physics.world import Pose
from simulator.render.camera import Camera
from simulator.render.film import FIRM, SLIPPING, STRAINED, Film, grips
from simulator.render.hand_view import ARM_WIDTH, GRIPPER, SLIP_SECONDS, STRAIN_TONES
from simulator.render.offscreen import Surface, offscreen, render_world_png
from simulator.render.palette import BACKGROUND
from simulator.render.scene import WorldScene
from simulator.replay import load_scenario
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    until_my_placement,
    world_to_window,
)

SIZE = (800, 600)
REGION = (-20.0, -1.0, 40.0, 30.0)  # cm: the tower and the hand above it


def _near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _gripper_pixels(image: Image.Image) -> int:
    return sum(count for count, rgb in image.getcolors(1 << 20) if _near(rgb, GRIPPER))


def _at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    px, py = Camera(REGION, (0, 0, *SIZE)).to_screen(x, y)
    return image.getpixel((round(px), SIZE[1] - 1 - round(py)))


def _held_tower():
    """A small tower and a hand lifting one more piece above it."""
    world, lot, _ = build_tower(2, 1, "1A")
    spec = world.dynamic_entries[0].piece
    world.add_piece("lifted", spec, Pose(0.0, 16.0, 0.0), world.material(spec.material))
    hand = Hand(world)
    hand.grab("lifted")
    hand.move_to(1.0, 18.0, 0.3, 20.0)
    return world, lot, hand


def _png(world, lot) -> Image.Image:
    data = render_world_png(world, size=SIZE, lot=lot, region=REGION)
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_the_gripper_is_drawn_where_the_hand_holds_the_piece_until_it_lets_go():
    world, lot, hand = _held_tower()
    (grip,) = grips(world)
    assert grip.held.id == "lifted" and grip.pose == (*hand.body.position, hand.body.angle)
    held = _png(world, lot)
    assert _near(_at(held, *hand.body.position), GRIPPER)
    assert _gripper_pixels(held) > 400  # the fingers and the arm, not a speck
    hand.release()
    assert grips(world) == ()
    let_go = _png(world, lot)
    assert _gripper_pixels(let_go) == 0


def test_a_filmed_frame_keeps_the_grip_and_draws_it():
    world, lot, hand = _held_tower()
    film = Film(4)
    with film.watching(world):
        hand.move_to(-2.0, 20.0, 0.0, 20.0)
        world.step(4)  # holding still there: a frame
        hand.release()
        world.step(8)
    holding = [f for f in film.frames if f.grips]
    assert holding and not film.frames[-1].grips
    frame = holding[-1]
    x, y, _ = frame.grips[0].pose
    assert abs(x + 2.0) < 1e-6 and abs(y - 20.0) < 1e-6
    with offscreen(*SIZE, BACKGROUND) as target:
        scene = WorldScene(world, lot=lot)
        target.window.view = Camera(REGION, (0, 0, *SIZE)).matrix()
        scene.sync(frame)  # the world has let go; the frame still holds
        scene.batch.draw()
        scene.delete()
    image = Image.open(io.BytesIO(target.png())).convert("RGB")
    assert _near(_at(image, x, y), GRIPPER)


def test_a_replayed_run_films_its_hand_for_replay_watch():
    film = Film(8)
    load_scenario("scenarios/sandbox/careless-hand.toml").run(on_world=film.attach)
    film.close()
    held = [frame for frame in film.frames if frame.grips]
    assert len(held) > 20 and not film.frames[-1].grips
    for frame in held:
        (grip,) = frame.grips
        assert any(entry is grip.held for entry, _ in frame.bodies)


def _world_gripper_pixels(window) -> int:
    """Gripper-coloured pixels in the world's view of the window."""
    from pyglet import gl

    window.switch_to()
    width, height = window.get_framebuffer_size()
    data = (gl.GLubyte * (width * height * 4))()
    gl.glReadPixels(0, 0, width, height, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
    image = Image.frombytes("RGBA", (width, height), bytes(data)).convert("RGB")
    return _gripper_pixels(image.crop((0, 0, int(width * 0.6), height)))


def test_the_app_draws_your_hand_and_the_computers_hand():
    window, screen, match = open_lots()  # You and Computer 2, who moves first
    try:
        # A computer's placement, mid-playback: the hand is drawn at the filmed grip.
        for _ in range(600):
            frames(window)
            playback = screen.playback
            if playback is not None and playback.frame.grips and playback.index > 10:
                break
        else:
            raise AssertionError("no computer placement played back with the hand")
        x, y, _ = playback.frame.grips[0].pose
        assert _near(pixel(window, *world_to_window(window, screen, x, y)), GRIPPER)
        # Your placement: the gripper follows the hand; a release drops it.
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        lot = match.lot
        wx, wy = world_to_window(window, screen, (lot.left + lot.right) / 2, 18.0)
        send(window, "on_mouse_motion", wx, wy, 0, 0)
        frames(window, 40)
        hand = match.hand.body.position
        assert _near(pixel(window, *world_to_window(window, screen, *hand)), GRIPPER)
        assert _world_gripper_pixels(window) > 200
        send(window, "on_mouse_press", wx, wy, mouse.LEFT, 0)
        frames(window, 2)
        assert grips(match.world) == ()
        assert _world_gripper_pixels(window) == 0
    finally:
        close(window)


def _held_at(angle: float):
    """A lifted piece held at ``angle`` radians, still, above a small tower."""
    world, lot, _ = build_tower(2, 1, "1A")
    spec = world.dynamic_entries[0].piece
    world.add_piece("lifted", spec, Pose(0.0, 18.0, angle), world.material(spec.material))
    hand = Hand(world)
    hand.grab("lifted")
    hand.move_to(0.0, 18.0, angle, 20.0)
    world.step(30)  # held still: the piece hangs at the hand
    return world, lot, hand


@pytest.mark.parametrize("quarters", [0, 1, 2, 3])
def test_the_arm_hangs_straight_down_from_above_and_the_fingers_turn(quarters):
    """At every quarter turn the arm rises straight up from the grip point (never through
    the table below, never across the screen); the hand turns with the piece."""
    angle = quarters * math.pi / 2
    world, lot, _ = _held_at(angle)
    (grip,) = grips(world)
    gx, gy, turned = grip.pose
    assert abs(turned - angle) < 0.05
    scene = WorldScene(world, lot=lot)
    try:
        _, (hand_list, hand_slot), (arm_list, arm_slot) = scene._hands["lifted"]
        assert scene.drawn_pose(arm_slot) == pytest.approx((gx, gy, 0.0))  # never turned
        xs, ys = arm_list.position[0::2], arm_list.position[1::2]
        assert min(ys) >= -1e-6 and max(ys) >= 60.0  # from the grip point up out of view
        assert max(abs(x) for x in xs) <= (ARM_WIDTH / 2 + 0.2)  # a vertical bar
        assert set(arm_list.slot) == {arm_slot} and set(hand_list.slot) == {hand_slot}
        assert scene.drawn_pose(hand_slot) == pytest.approx((gx, gy, turned))  # it turns
    finally:
        scene.delete()
    image = _png(world, lot)
    top = max(y for poly in grip.held.world_polygons() for _, y in poly)
    bottom = min(y for poly in grip.held.world_polygons() for _, y in poly)
    assert _near(_at(image, gx, top + 3.0), GRIPPER, 40)  # the arm above the piece
    assert _at(image, gx, bottom - 1.5) == BACKGROUND  # and nothing of it below


def test_the_hand_shows_a_strained_grip_then_a_slip_and_opens_where_it_let_go():
    """Pushed down into the tower the pinch works at its limit (amber), then the fingers
    slide along the piece (red) until it slips out: an open red hand stays there for
    SLIP_SECONDS of the world's time. A free piece is held firm."""
    world, lot, hand = _held_at(0.0)
    assert grips(world)[0].strain == FIRM
    top = max(s.bb.top for e in world.dynamic_entries if e.id != "lifted" for s in e.shapes)
    surface = Surface(64, 64)  # a GL context for the scene's vertex lists
    try:
        scene = WorldScene(world, lot=lot)
        hand.move_to(0.0, top + 1.2, 0.0, 20.0)  # lowered onto the tower
        seen = []
        for _ in range(400):  # then pushed down into it, a step at a time
            hand.drive_towards(0.0, top - 3.0, 0.0, 20.0)
            scene.sync()
            if hand.held is None:
                break
            seen.append(grips(world)[0].strain)
        assert hand.dropped and {STRAINED, SLIPPING} <= set(seen) and seen[-1] == SLIPPING
        assert list(scene._slips) == ["lifted"] and not scene._hands  # the open hand
        world.step(round(SLIP_SECONDS / world.profile.dt) + 1)
        scene.sync()
        assert not scene._slips  # gone after its moment
        scene.delete()
    finally:
        surface.close()
    assert STRAIN_TONES[STRAINED] != STRAIN_TONES[FIRM] != STRAIN_TONES[SLIPPING]
