"""The LOTS screen's saves keep what the player chose and refuse what would not replay;
a failing bot or a tampered save says so and the game goes on; the cube's ghost stands on
the block placed just before it; leaving the screen stops its worker."""

from __future__ import annotations

import dataclasses

from pyglet.window import key

from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen, load_screen
from simulator.app.window import AppWindow
from simulator.games.lots.live import HOLDING, SETTLING
from tests.app.helpers import close, frames, send, until_my_placement, world_to_window


def _open(**options):
    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, **options)
    return AppWindow(screen, visible=False, schedule=False), screen, match


def test_saving_is_refused_while_a_piece_is_unconfirmed(tmp_path):
    window, screen, _ = _open()
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        target = tmp_path / "held.toml"
        screen.save(target)
        assert not target.exists() and "then save" in screen.message
        send(window, "on_key_press", key.N, key.MOD_CTRL)  # no home here: nothing happens
        assert window.page is screen
    finally:
        close(window)


def test_a_save_keeps_the_hand_and_a_tampered_one_is_refused(tmp_path):
    window, screen, match = _open(dexterity="clumsy")
    try:
        until_my_placement(window, screen)
        path = tmp_path / "game.toml"
        screen.save(path)
        assert 'hand = "clumsy"' in path.read_text(encoding="utf-8")
        again = load_screen(path)
        assert again.turns.hand is not None and again.turns.hand.name == "clumsy"
        assert again.match.state_hash() == match.state_hash()
        text = path.read_text(encoding="utf-8")
        start = text.index('state_hash = "') + len('state_hash = "')
        tampered = tmp_path / "tampered.toml"
        tampered.write_text(text[:start] + "0" * 64 + text[start + 64 :], encoding="utf-8")
        before = match.state_hash()
        screen.load(tampered)
        assert "do not lead to the state_hash" in screen.message
        assert screen.message.count(str(tampered)) == 1
        assert screen.match is match and match.state_hash() == before
    finally:
        close(window)


def test_a_failing_bot_hands_its_seat_to_the_random_player():
    window, screen, match = _open(levels={"Computer 2": "normal"})

    class Broken:
        def decide(self, *args, **kwargs):
            raise RuntimeError("out of ideas")

    try:
        screen.turns.seats.seats["Computer 2"].player = Broken()
        for _ in range(400):
            frames(window, 3)
            if "failed" in screen.message:
                break
            state = match.state
            if state.to_act == 0 and state.phase == "roll":
                send(window, "on_key_press", key.R, 0)
            elif state.to_act == 0:
                break
        assert (
            "out of ideas" in screen.message and screen.turns.seats.levels["Computer 2"] == "random"
        )
    finally:
        close(window)


def test_the_cube_ghost_stands_on_the_block_just_placed():
    window, screen, match = _open()
    try:
        until_my_placement(window, screen)
        state = match.state
        cubes = [list(c) for c in state.cubes]
        cubes[state.current] = ["purple-1"]
        match._set_state(dataclasses.replace(state, cubes=cubes))  # a cube to place with it
        screen._changed()
        send(window, "on_key_press", key.C, 0)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        lot = match.lot
        x, y = world_to_window(window, screen, lot.left + 5 * lot.grid.cell, 14.0)
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 40)
        block_cells = screen.turns.ghost()[0]
        send(window, "on_key_press", key.DOWN, 0)
        for _ in range(300):
            frames(window)
            if not screen.turns.lowering:
                break
        send(window, "on_key_press", key.SPACE, 0)
        for _ in range(600):
            frames(window)
            if screen.live.stage != SETTLING:
                break
        assert screen.live.stage == HOLDING and screen.live.piece == "purple-1"
        send(window, "on_mouse_motion", x, y, 0, 0)
        frames(window, 60)
        cube_cells, problem = screen.turns.ghost()
        top = max(r for r, _ in block_cells)
        assert problem is None and min(r for r, _ in cube_cells) > top  # on it, not in it
    finally:
        close(window)


def test_leaving_the_screen_stops_the_risk_worker():
    window, screen, _ = _open()
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window, 30)
        screen.close()
        screen.close()  # twice is fine
        assert screen.turns.risk.estimate(("x",), None) is None
        assert screen._scene is None
    finally:
        close(window)
