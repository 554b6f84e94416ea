"""A piece that fell stays drawn where it came to rest until the next move begins: it
does not vanish the moment the rules take it off the table (drawing only)."""

from __future__ import annotations

from pyglet.window import key

from rules.lots import spec_of
from simulator.physics.world import Pose
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    until_my_placement,
    world_to_window,
)


def test_a_fallen_piece_lies_on_the_table_until_the_next_piece_is_taken():
    window, screen, match = open_lots()  # you against a computer
    try:
        until_my_placement(window, screen)
        world = match.world
        spec = spec_of("red-1")
        x = match.lot.right + 6.0  # beside the lot, on the table
        world.add_piece("red-1", spec, Pose(x, 3.0, 0.0), world.material(spec.material))
        frames(window, 2)
        at = world_to_window(window, screen, x, 3.0)
        drawn = pixel(window, *at)
        assert drawn[0] > drawn[1] + 60 and drawn[0] > drawn[2] + 60  # the red I is shown
        world.remove("red-1")  # as a verdict takes a fallen piece off the table
        frames(window, 2)
        assert screen._scene is not None and screen._scene.fallen == ("red-1",)
        assert pixel(window, *at) == drawn  # still drawn where it lay
        send(window, "on_key_press", key._1, 0)  # the next piece is taken
        frames(window, 2)
        assert screen.live is not None and screen._scene.fallen == ()
        assert pixel(window, *at) != drawn
    finally:
        close(window)


def test_a_piece_put_back_is_drawn_once_where_it_now_is():
    window, screen, match = open_lots()
    try:
        frames(window)
        world = match.world
        spec = spec_of("red-1")
        world.add_piece("red-1", spec, Pose(30.0, 3.0, 0.0), world.material(spec.material))
        frames(window)
        world.remove("red-1")
        frames(window)
        assert screen._scene.fallen == ("red-1",)
        world.add_piece("red-1", spec, Pose(-30.0, 3.0, 0.0), world.material(spec.material))
        frames(window)
        assert screen._scene.fallen == ()  # the old copy went when it came back
    finally:
        close(window)
