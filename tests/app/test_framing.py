"""The camera of the game screens: the tower fills the view, the framing changes only
between moves and eases there, floor cards are drawn thick enough to read, and a fall
shakes the drawn view a moment (never the mouse's mapping)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyglet.window import key

from simulator.app.crazy_tower.screen import load_screen
from simulator.app.crazy_tower.view import WORLD_VIEW as CT_VIEW
from simulator.app.framing import EASE_SECONDS, Framing, frame
from simulator.app.window import AppWindow
from simulator.games.crazy_tower.bodies import add_block, card_half_length
from simulator.games.lots.live import HOLDING
from simulator.physics.world import Pose
from simulator.render.palette import BOX_TONES
from tests.app.crazy_tower_helpers import open_ct
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    until_my_placement,
    world_to_window,
)

VIEW = (0.0, 100.0, 800.0, 600.0)


def test_a_framing_keeps_the_aspect_with_the_table_at_the_bottom():
    assert frame((-10.0, -1.0, 20.0, 60.0), 4 / 3) == (-40.0, -1.0, 80.0, 60.0)
    x, y, w, h = frame((-10.0, -1.0, 40.0, 10.0), 4 / 3)
    assert (x, y, w) == (-10.0, -1.0, 40.0) and h == pytest.approx(30.0)


def test_a_short_towers_spare_height_goes_down_to_the_floor_then_up():
    # 40 cm wide at 4:3 needs 30 cm of height; the tower needs 10 (from -1 cm)
    x, y, w, h = frame((-10.0, -1.0, 40.0, 10.0), 4 / 3, floor=-5.0)
    assert (x, w) == (-10.0, 40.0) and y == pytest.approx(-5.0) and h == pytest.approx(30.0)
    # a floor within reach takes only what it needs; a view the tower fills is as before
    assert frame((-10.0, -1.0, 40.0, 29.0), 4 / 3, floor=-5.0)[1] == pytest.approx(-2.0)
    assert frame((-10.0, -1.0, 20.0, 60.0), 4 / 3, floor=-5.0) == (-40.0, -1.0, 80.0, 60.0)


def test_a_new_aim_is_eased_towards_and_a_hold_stops_it():
    framing = Framing(VIEW)
    framing.aim((-10.0, 0.0, 40.0, 30.0))
    first = framing.region
    assert first == (-10.0, 0.0, 40.0, 30.0)  # the first aim is shown at once
    framing.aim((-20.0, 0.0, 80.0, 60.0))
    framing.step(EASE_SECONDS / 2)
    middle = framing.region
    assert first[2] < middle[2] < 80.0  # on its way
    framing.step(EASE_SECONDS)
    assert framing.region == (-20.0, 0.0, 80.0, 60.0) and not framing.moving
    framing.aim((-10.0, 0.0, 40.0, 30.0))
    framing.step(EASE_SECONDS / 4)
    held = framing.region
    framing.hold()  # a piece picked up mid-ease: the view stops where it is
    framing.step(1.0)
    assert framing.region == held


def test_the_lots_camera_stays_put_from_pick_to_release():
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        frames(window, 30)  # any ease after the computer's move is over
        before = screen.camera().world
        send(window, "on_key_press", key._1, 0)
        lot = match.lot
        seen = set()
        for x, y in ((lot.left, 20.0), (0.0, 12.0), (lot.right, 9.0)):
            send(window, "on_mouse_motion", *world_to_window(window, screen, x, y), 0, 0)
            for _ in range(20):
                frames(window)
                seen.add(screen.camera().world)
        send(window, "on_key_press", key.DOWN, 0)  # lowering does not re-zoom either
        for _ in range(200):
            frames(window)
            seen.add(screen.camera().world)
            if not screen.turns.lowering:
                break
        assert screen.live.stage == HOLDING
        assert seen == {before}
    finally:
        close(window)


def _tall_tower():
    screen = load_screen(Path("scenarios/crazy-tower/saboteur-architect-last-block.toml"))
    window = AppWindow(screen, visible=False, schedule=False)
    frames(window, 3)
    return window, screen


def test_a_tall_crazy_tower_fills_most_of_the_view():
    window, screen = _tall_tower()
    try:
        world = screen.match.world
        assert len(screen.match.state.floors) >= 10
        top = max(s.bb.top for e in world.entries if not e.is_table for s in e.shapes)
        camera = screen.camera()
        _, table = camera.to_screen(0.0, 0.0)
        _, roof = camera.to_screen(0.0, top)
        # Of the view under the message strip (the framed part), the tower fills most.
        x, y, w, h = screen.view.framing.viewport
        assert (x, y, w) == CT_VIEW[:3] and h < CT_VIEW[3]
        assert (roof - table) / h > 0.65
        assert y <= table < y + 0.05 * h  # the table at the bottom
        assert roof < y + h  # and room above for the hand
    finally:
        close(window)


def test_a_tall_lots_tower_fills_most_of_the_view():
    from simulator.app.lots.screen import load_screen as load_lots
    from simulator.app.lots.view import WORLD_VIEW as LOTS_VIEW

    screen = load_lots(Path("scenarios/lots/accident.toml"))
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        frames(window, 3)
        world = screen.match.world
        top = max(s.bb.top for e in world.entries if not e.is_table for s in e.shapes)
        assert top > 40.0
        camera = screen.camera()
        table, roof = camera.to_screen(0.0, 0.0)[1], camera.to_screen(0.0, top)[1]
        x, y, w, h = screen.view.framing.viewport
        assert (x, y, w) == LOTS_VIEW[:3] and h < LOTS_VIEW[3]
        assert (roof - table) / h > 0.65 and roof < y + h
    finally:
        close(window)


def test_a_floor_card_is_drawn_thick_enough_to_read_its_boxes():
    window, screen = open_ct()
    try:
        frames(window, 2)
        card = screen.match.world.entry("fc-00")
        tone = BOX_TONES[screen_box_kind(card.id)][0]
        # Between the box's symbol and its edge, count the rows of the box's tone.
        x = card.pose.x - card_half_length() + 0.7
        wx, bottom = world_to_window(window, screen, x, -1.2)
        _, top = world_to_window(window, screen, x, 1.0)
        rows = [pixel(window, wx, y) for y in range(bottom, top + 1)]
        thick = sum(
            1 for rgb in rows if all(abs(a - b) <= 12 for a, b in zip(rgb, tone, strict=True))
        )
        assert thick >= 12  # a 3 mm card was 4 or 5 pixels, its boxes a hairline
    finally:
        close(window)


def screen_box_kind(card: str) -> str:
    from rules.crazy_tower import get_card

    return get_card(card).boxes[0]


def test_a_fall_shakes_the_drawn_view_a_moment_and_not_the_mouse():
    window, screen = open_ct()
    try:
        frames(window, 2)
        assert screen.view.framing.shake_offset() == (0.0, 0.0)
        # A block dropped beside the tower lands on the table: a fall.
        world = screen.match.world
        add_block(world, "red-1a", Pose(-card_half_length() - 4.0, 3.0, 0.0))
        while not any(t.body_id == "red-1a" for t in world.table_touches):
            world.step()
        frames(window)
        dx, dy = screen.view.framing.shake_offset()
        assert abs(dx) + abs(dy) > 1.0
        drawn, steady = screen.view.framing.drawn_camera(), screen.camera()
        assert drawn.world == steady.world and drawn.offset != steady.offset
        assert steady.viewport == screen.view.framing.viewport  # the mouse maps through it, still
        frames(window, 40)  # two thirds of a second later: still
        assert screen.view.framing.shake_offset() == (0.0, 0.0)
    finally:
        close(window)


def test_a_fall_in_a_computer_move_shakes_when_its_playback_shows_it():
    from types import SimpleNamespace

    from simulator.app.dust import SECONDS as DUST_SECONDS
    from simulator.app.framing import FallFeel, shown_time
    from simulator.games.crazy_tower.bodies import build_table
    from simulator.physics.profile import load_profile
    from simulator.physics.world import World
    from simulator.render.film import Frame

    world = World(load_profile())
    build_table(world)
    world.step()  # the ground card settles on the table at once: not a fall
    framing, feel = Framing(VIEW), FallFeel()
    framing.aim((-20.0, -1.0, 40.0, 30.0))
    feel.feel(world, shown_time(world, None), framing)
    start = world.time
    # A computer's move: it runs to its end at once (a block falls beside the tower),
    # then its film plays back from the world time the move began.
    add_block(world, "red-1a", Pose(-card_half_length() - 4.0, 3.0, 0.0))
    while not any(t.body_id == "red-1a" for t in world.table_touches):
        world.step()
    world.step(60)
    fell = next(t.time for t in world.table_touches if t.body_id == "red-1a") - start
    frames = [Frame(t, ()) for t in (0.0, fell - 0.01, fell + 0.01, world.time - start)]
    playback = SimpleNamespace(frames=frames, frame=frames[0])  # the frame on screen
    for shown in frames[:2]:
        playback.frame = shown
        feel.feel(world, shown_time(world, playback), framing)
        assert framing.shake_offset() == (0.0, 0.0)  # not yet on screen
    assert feel.dust.grains == 0  # no dust before the fall is on screen either
    playback.frame = frames[2]
    feel.feel(world, shown_time(world, playback), framing)
    assert framing.shake_offset() != (0.0, 0.0)
    # dust where it hit the table, rising from the table's top, gone once it has faded
    x = next(t.x for t in world.table_touches if t.body_id == "red-1a")
    grains = feel.dust._grains
    table = grains[0].y if grains else None
    assert grains and all(g.y == table and abs(g.x - x) < 1e-9 for g in grains)
    feel.feel(world, shown_time(world, playback), framing, seconds=0.2)
    assert all(g.y > table and g.circle.opacity < 150 for g in feel.dust._grains)
    feel.feel(world, shown_time(world, playback), framing, seconds=DUST_SECONDS)
    assert feel.dust.grains == 0


def test_a_reset_framing_shows_its_next_aim_at_once():
    framing = Framing(VIEW)
    framing.aim((-10.0, 0.0, 40.0, 30.0))
    framing.reset()
    assert framing.region is None
    framing.aim((-10.0, 0.0, 40.0, 30.0))  # the same aim again: shown, not skipped
    assert framing.region == (-10.0, 0.0, 40.0, 30.0) and not framing.moving
