"""A LOTS turn played with dispatched mouse and key events on a headless window."""

from __future__ import annotations

from pyglet.window import key, mouse

from simulator.app.lots import session
from simulator.games.lots.live import HOLDING, SETTLED
from simulator.replay import replay_file
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    until_my_placement,
    world_to_window,
)


def _hold_first_block(window, screen):
    until_my_placement(window, screen)
    send(window, "on_key_press", key._1, 0)
    frames(window)
    assert screen.live is not None and screen.live.stage == HOLDING


def test_a_turn_end_to_end_with_mouse_and_keys(tmp_path):
    window, screen, match = open_lots()
    try:
        _hold_first_block(window, screen)
        block = screen.live.piece
        lot = match.lot
        # Above the footprint's middle, well clear of the tower, then lower with Down.
        x, y = world_to_window(window, screen, (lot.left + lot.right) / 2, 14.0)
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 60)
        send(window, "on_key_press", key.DOWN, 0)
        for _ in range(300):
            frames(window)
            if not screen.turns.lowering:
                break
        assert "rests on the tower" in screen.message
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)  # a click releases
        for _ in range(600):
            frames(window)
            if screen.live.stage == SETTLED:
                break
        assert screen.live.stage == SETTLED
        assert screen.message.startswith("Verdict:")
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert screen.live is None
        action = match.actions[-1]
        assert action["type"] == "place" and action["block"] == block and action["path"]
        place = [e for e in match.state.events if e["type"] == "place"][-1]
        assert place["block"] == block
        # The autosave is a scenario that replays headless to the same state.
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == match.state_hash()
    finally:
        close(window)


def test_undo_takes_back_an_unconfirmed_placement():
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        before = match.state_hash()
        actions = len(match.actions)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert screen.live is not None
        x, y = world_to_window(window, screen, 0.0, 2.0)  # into the tower: a careless push
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 90)
        send(window, "on_key_press", key.BACKSPACE, 0)
        frames(window)
        assert screen.live is None and len(match.actions) == actions
        assert match.state_hash() == before
    finally:
        close(window)


def test_a_refused_placement_says_why_and_the_ghost_turns_red():
    window, screen, match = open_lots()
    try:
        _hold_first_block(window, screen)
        # Far right of the footprint: not over it.
        x, y = world_to_window(window, screen, match.lot.right + 6.0, 12.0)
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 90)
        send(window, "on_key_press", key.SPACE, 0)
        frames(window)
        assert screen.live.stage == HOLDING  # not released
        assert screen.message.startswith("Refused:") and "footprint" in screen.message
    finally:
        close(window)


def test_the_ghost_shows_where_the_piece_would_land():
    window, screen, match = open_lots()
    try:
        _hold_first_block(window, screen)
        lot = match.lot
        x, y = world_to_window(window, screen, (lot.left + lot.right) / 2, 20.0)
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 90)
        cells, problem = screen.turns.ghost()
        assert cells
        row, col = min(cells)
        size = lot.grid.cell
        gx = lot.grid.origin[0] + (col + 0.5) * size
        gy = lot.grid.origin[1] + (row + 0.5) * size
        px, py = world_to_window(window, screen, gx + 0.3 * size, gy + 0.3 * size)
        got = pixel(window, px, py)
        # A translucent tint over the background (or over the piece below): not plain.
        assert got != (236, 240, 244)
        assert problem is None or "refuse" not in problem
    finally:
        close(window)


def test_help_overlay_lists_every_shortcut():
    window, screen, _ = open_lots()
    try:
        frames(window)
        before = pixel(window, 640, 400)
        send(window, "on_key_press", key.H, 0)
        frames(window)
        assert window.help_visible
        assert pixel(window, 200, 100) != before or pixel(window, 640, 400) != before
        assert any("release" in what for _, what in screen.shortcuts)
    finally:
        close(window)


def test_the_window_keeps_its_aspect_when_resized():
    window, _screen, _ = open_lots()
    try:
        window.on_resize(1600, 800)
        box = window.box
        assert box.scale == 1.0 and box.offset == (160.0, 0.0)
        assert box.to_logical(160, 0) == (0.0, 0.0)
    finally:
        close(window)


def test_save_and_load_round_trip(tmp_path):
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        path = tmp_path / "game.toml"
        screen.save(path)
        screen.load(path)
        assert screen.match.state_hash() == match.state_hash()
    finally:
        close(window)


def _careless_push(window, screen) -> None:
    """The block pushed into the lot until it slips out of the fingers and falls."""
    until_my_placement(window, screen)
    send(window, "on_key_press", key._1, 0)
    frames(window)
    x, y = world_to_window(window, screen, 0.0, 2.0)
    send(window, "on_mouse_motion", x, y, 0, 0)
    frames(window, 90)
    assert screen.match.world.table_touches, "the block did not fall"


def test_a_table_without_undo_after_an_accident_keeps_the_move():
    window, screen, match = open_lots()
    try:
        screen.undo_accidents = False
        _careless_push(window, screen)
        actions = len(match.actions)  # the move in the hand is not in the log yet
        assert screen.message.startswith("Verdict:")
        assert screen.message.endswith("Enter confirms it: at this table an accident stands.")
        send(window, "on_key_press", key.BACKSPACE, 0)
        frames(window)
        assert screen.live is not None  # not taken back
        assert screen.message.startswith("At this table an accident stands")
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert screen.live is None and len(match.actions) == actions + 1
    finally:
        close(window)


def test_a_table_with_undo_takes_an_accident_back():
    window, screen, match = open_lots()
    try:
        _careless_push(window, screen)
        actions = len(match.actions)
        assert screen.message.endswith("Enter confirms it; Backspace takes it back.")
        send(window, "on_key_press", key.BACKSPACE, 0)
        frames(window)
        assert screen.live is None and len(match.actions) == actions
    finally:
        close(window)
