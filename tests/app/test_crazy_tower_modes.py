"""The Crazy Tower screen's other flows: the saboteur's hidden role on a shared screen,
the timed solo challenge's countdown, a diamonds removal pulled with the mouse, and
saving and loading."""

from __future__ import annotations

from pyglet.window import key, mouse

from simulator.app.crazy_tower import session
from simulator.app.crazy_tower.cover import PASS, ROLE
from simulator.app.crazy_tower.screen import load_screen
from simulator.app.window import AppWindow
from simulator.replay import replay_file
from tests.app.crazy_tower_helpers import diamonds_scenario, open_ct, settle
from tests.app.helpers import close, frames, pixel, send, world_to_window

SHADE = (26, 30, 40)
SABOTEUR_SEATS = (("Ann", "human"), ("Bob", "human"), ("Cy", "human"))


def _shaded(rgb: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 4 for a, b in zip(rgb, SHADE, strict=True))  # dithering


def _labels(hud) -> list[str]:
    return [item.text for item in hud._items if hasattr(item, "text")]


def test_the_saboteur_role_is_shown_only_to_its_owner_after_a_click():
    window, screen = open_ct(SABOTEUR_SEATS, seed=3, mode="saboteur")
    state = screen.match.state
    try:
        frames(window)
        cover = screen.turn.covers.queue[0]
        assert (cover.player, cover.stage) == ("Ann", PASS)
        words = " ".join(_labels(screen.view.cover_hud))
        assert "Pass the device to Ann" in words
        assert "SABOTEUR" not in words and "ARCHITECT" not in words
        # The cover hides everything: the panel and the world are not drawn.
        assert _shaded(pixel(window, 1000, 500)) and _shaded(pixel(window, 300, 200))
        send(window, "on_mouse_press", 640, 400, mouse.LEFT, 0)
        frames(window)
        assert screen.turn.covers.queue[0].stage == ROLE
        words = " ".join(_labels(screen.view.cover_hud))
        role = "SABOTEUR" if state.saboteur == "Ann" else "ARCHITECT"
        assert f"Ann, you are {'the' if role == 'SABOTEUR' else 'an'} {role}" in words
        # Every player sees their own role in turn, then the game shows, naming nobody.
        for _ in range(40):
            if not screen.turn.covers:
                break
            send(window, "on_key_press", key.SPACE, 0)
            frames(window)
        assert not screen.turn.covers
        frames(window)
        shown = _labels(screen.view.hud) + _labels(screen.view.banner.hud)
        named = [t for t in shown if state.saboteur in t]
        assert named and not any("saboteur" in t.lower() for t in named)
        assert not _shaded(pixel(window, 1000, 500))
        # R shows the current player's own role again, on a cover.
        send(window, "on_key_press", key.R, 0)
        frames(window)
        assert screen.turn.covers and screen.turn.covers.queue[0].player == state.current_player
        assert screen.turn.covers.queue[0].stage == ROLE
    finally:
        close(window)


def test_a_timed_challenge_counts_down_and_time_running_out_ends_the_game():
    window, screen = open_ct((("Solo", "human"),), seed=4, mode="solo", challenge=9)
    try:
        frames(window, 20, seconds=1.0)
        assert abs(screen.turn.time_left() - 40.0) < 1e-6
        assert "0:40" in _labels(screen.view.hud)
        send(window, "on_key_press", key.V, 0)  # a move carries the app's clock
        frames(window)
        assert screen.match.actions[-1] == {
            "type": "reveal_card",
            "player": "Solo",
            "elapsed": 20.0,
        }
        frames(window, 45, seconds=1.0)
        state = screen.match.state
        assert state.result and state.result["reason"] == "out_of_time"
        assert screen.live is None and "Time is up" in screen.message
        assert screen.match.actions[-1]["type"] == "clock"
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == screen.match.state_hash()
        assert report["end_reason"] == "out_of_time"
    finally:
        close(window)


def test_a_diamonds_removal_pulled_out_with_the_mouse_replays(tmp_path):
    screen = load_screen(diamonds_scenario(tmp_path))
    window = AppWindow(screen, visible=False, schedule=False)
    match = screen.match
    try:
        frames(window)
        assert match.state.phase == "diamonds" and match.state.current_player == "Ann"
        pose = match.world.entry("blue-1a").pose
        x, y = world_to_window(window, screen, pose.x + 0.3, pose.y)
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)  # grip it where it lies
        frames(window)
        assert screen.live is not None and screen.live.pulling
        for step in range(1, 40):  # drag it out to the right, level
            x, y = world_to_window(window, screen, pose.x + 0.3 + 0.6 * step, pose.y)
            send(window, "on_mouse_drag", x, y, 0, 0, mouse.LEFT, 0)
            frames(window, 3)
            if screen.live.stage != "holding":
                break
        settle(window, screen)
        assert "pulled the blue 1-cube block out of the ground floor" in screen.message
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert "blue-1a" in match.state.hands["Ann"] and "blue-1a" not in match.world
        action = match.actions[-1]
        assert action["type"] == "remove_block" and action["path"]
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == match.state_hash()
    finally:
        close(window)


def test_save_and_load_round_trip_and_a_bad_file_changes_nothing(tmp_path):
    window, screen = open_ct((("Ann", "human"), ("Bob", "easy")), seed=5)
    try:
        send(window, "on_key_press", key.V, 0)  # reveal: the card comes into the hand
        frames(window, 20)
        path = tmp_path / "game.toml"
        screen.save(path)  # not with a move in the hand: the file could not replay it
        assert not path.exists() and "Finish the move first" in screen.message
        send(window, "on_key_press", key.BACKSPACE, 0)  # drop the unconfirmed lay
        screen.save(path)
        before = screen.match.state_hash()
        screen.load(path)
        assert screen.match.state_hash() == before
        assert screen.game.controllers == ["human", "easy"]
        assert screen.match.state.phase == "lay_card"
        bad = tmp_path / "bad.toml"
        bad.write_text('format = "towersim/1"\nkind = "crazy-tower"\n')
        screen.load(bad)
        assert screen.message.startswith(f"Cannot load {bad}") and "\n" not in screen.message
        assert screen.match.state_hash() == before
    finally:
        close(window)
