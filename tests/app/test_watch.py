"""The replay viewer (the app's Watch and ``replay --watch``): it steps by move, seeks
on the timeline, plays and changes speed, and says each move's verdict."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from pyglet.window import key

from simulator.app.watch import BAR, ReplayViewer, watch_film
from simulator.app.window import AppWindow
from simulator.replay import FilmedMoves, film_caption, film_moves, replay
from tests.app.helpers import frames, pixel, send

SOLO_FALL = "scenarios/lots/solo-fall.toml"
ROOT = Path(__file__).resolve().parents[2]


def near(rgb: tuple[int, int, int], tone: tuple[int, int, int], by: int = 8) -> bool:
    return all(abs(a - b) <= by for a, b in zip(rgb, tone, strict=True))


def _viewer(path: str = SOLO_FALL) -> tuple[AppWindow, ReplayViewer]:
    filmed = film_moves(path)
    viewer = ReplayViewer(filmed, film_caption(filmed.report, path))
    return AppWindow(viewer, visible=False, schedule=False), viewer


def test_the_film_marks_each_move_and_ends_where_the_report_does():
    filmed = film_moves(SOLO_FALL)
    assert [m.action["type"] for m in filmed.moves] == ["roll", "place"] * 5
    marks = [m.frame for m in filmed.moves]
    assert marks == sorted(marks) and marks[0] == 0
    # a roll has no physics: it shares its boundary with the placement after it
    assert all(marks[i] == marks[i + 1] for i in range(0, 10, 2))
    assert all(marks[i + 1] < marks[i + 2] for i in range(0, 8, 2))
    assert filmed.report["ok"] and filmed.film.every == 16  # 30 frames a simulated second


def test_stepping_by_move_lands_on_its_boundary_and_says_its_verdict():
    window, viewer = _viewer()
    try:
        frames(window, 1)
        first = viewer.text
        assert first.startswith("Move 1 of 10: Ann rolled")
        send(window, "on_key_press", key.RIGHT, 0)
        assert viewer.move == 1 and viewer.index == viewer.moves[1].frame
        assert viewer.text.startswith("Move 2 of 10: Ann placed the orange")
        for _ in range(8):
            send(window, "on_key_press", key.RIGHT, 0)
        assert viewer.move == 9 and viewer.index == viewer.moves[9].frame
        assert "fell" in viewer.text and "solo game is lost" in viewer.text
        send(window, "on_key_press", key.RIGHT, 0)  # the last move stays the last
        assert viewer.move == 9
        send(window, "on_key_press", key.LEFT, 0)
        assert viewer.move == 8 and viewer.index == viewer.moves[8].frame
        before = viewer.text
        frames(window, 1)  # the buttons are laid out on a draw
        next_button = next(b for b in viewer.hud.buttons if b.label.startswith("Next move"))
        send(window, "on_mouse_press", next_button.x + 4, next_button.y + 4, 1, 0)
        assert viewer.move == 9 and viewer.text != before
    finally:
        window.close()


def test_the_timeline_seeks_proportionally_and_draws_where_it_stands():
    window, viewer = _viewer()
    try:
        x, y, w, h = BAR
        send(window, "on_mouse_press", x + 0.25 * w, y + h / 2, 1, 0)
        assert viewer.index == round(0.25 * viewer.last_frame)
        assert viewer.moves[viewer.move].frame <= viewer.index
        assert viewer.move == len([m for m in viewer.marks if m <= viewer.index]) - 1
        send(window, "on_mouse_motion", x + 0.75 * w, y + h / 2, 0, 0)  # a drag goes on
        assert viewer.index == round(0.75 * viewer.last_frame)
        window.dispatch_event("on_mouse_release", 0, 0, 1, 0)
        send(window, "on_mouse_motion", x + 0.1 * w, y + h / 2, 0, 0)  # released: no seek
        assert viewer.index == round(0.75 * viewer.last_frame)
        viewer.playing = False
        frames(window, 1)
        played, ahead = pixel(window, x + 0.5 * w, y + h / 2), pixel(window, x + 0.9 * w, y + h / 2)
        assert near(played, (70, 110, 170)) and near(ahead, (200, 204, 214))
        assert near(pixel(window, x + 0.75 * w, y + h / 2), (200, 90, 20))  # the cursor
    finally:
        window.close()


def test_play_pause_and_speed():
    window, viewer = _viewer()
    try:
        assert viewer.playing and viewer.speed == 1.0
        frames(window, 120)
        assert viewer.index > 0 and viewer.move >= 1  # it plays on through the moves
        send(window, "on_key_press", key.SPACE, 0)
        assert not viewer.playing
        at = viewer.index
        frames(window, 30)
        assert viewer.index == at  # paused
        send(window, "on_key_press", key.PLUS, 0)
        send(window, "on_key_press", key.PLUS, 0)
        assert viewer.speed == 4.0
        send(window, "on_key_press", key.MINUS, 0)
        assert viewer.speed == 2.0
        send(window, "on_key_press", key.SPACE, 0)
        clock = viewer.clock
        viewer.hold = 0.0
        frames(window, 10)
        assert viewer.clock - clock > 10 / 60 * 1.5  # twice as fast as real time
    finally:
        window.close()


def test_a_game_without_a_table_steps_through_its_moves():
    window, viewer = _viewer("scenarios/filled-in/shared-win.toml")
    try:
        frames(window, 1)
        assert viewer.world is None and len(viewer.moves) == 76
        send(window, "on_key_press", key.END, 0)
        assert "share the win" in viewer.text
        send(window, "on_key_press", key.HOME, 0)
        send(window, "on_key_press", key.RIGHT, 0)
        assert viewer.text.startswith("Move 2 of 76:")
        x, y, w, h = BAR
        send(window, "on_mouse_press", x + w, y + h / 2, 1, 0)
        assert viewer.move == 75
        viewer.playing = False
        frames(window, 1)
        # each player's sheet as the last move left it: Ann's bottom-left box is drawn
        from simulator.app.filled_in.sheet_view import SheetGeometry
        from simulator.app.watch import SHEETS
        from simulator.render.palette import BACKGROUND

        ann = viewer.filmed.states[-1].players[0]
        sx, sy, sw, sh = SHEETS
        geo = SheetGeometry.fit(ann.tower.spec, (sx, sy, sw / 2 - 8, sh - 30), max_cell=30.0)
        bx, by = geo.corner((0, 0))
        inside = pixel(window, bx + geo.cell * 0.1, by + geo.cell * 0.1)
        assert not near(inside, BACKGROUND, 6)
        assert near(pixel(window, sx + sw / 2 - 4, sy + 4), BACKGROUND, 6)  # between sheets
    finally:
        window.close()


def test_replay_watch_opens_the_same_viewer():
    shown: list[FilmedMoves] = []

    def watch(filmed: FilmedMoves, err) -> bool:
        shown.append(filmed)
        viewer = ReplayViewer(filmed, film_caption(filmed.report, filmed.report["file"]))
        window = AppWindow(viewer, visible=False, schedule=False)
        try:
            frames(window, 2)
        finally:
            window.close()
        return True

    out = io.StringIO()
    assert (
        replay(["scenarios/sandbox/careless-hand.toml"], as_json=False, out=out, watch=watch) == 0
    )
    assert len(shown) == 1 and shown[0].kind == "sandbox" and len(shown[0].film.frames) > 50
    # The last frame is the final state the report describes.
    last = {entry.id: pose for entry, pose in shown[0].film.frames[-1].bodies}
    for body in shown[0].report["bodies"]:
        x, y, _ = last[body["id"]]
        assert abs(x - body["end"][0]) < 1e-9 and abs(y - body["end"][1]) < 1e-9
    assert "PASS" in out.getvalue()


def test_watch_without_a_display_says_so(monkeypatch):
    monkeypatch.setattr("simulator.app.watch.display_available", lambda: False)
    err = io.StringIO()
    assert not watch_film(film_moves(SOLO_FALL), err)
    assert "needs a display" in err.getvalue()


def test_a_game_with_no_moves_yet(tmp_path):
    from simulator.app.lots import session

    path = tmp_path / "fresh.toml"
    session.save(session.new_match(["Ann", "Ben"], "1A", 2), 2, path)
    window, viewer = _viewer(str(path))
    try:
        assert viewer.moves == [] and viewer.text.startswith("No moves yet")
        for symbol in (key.RIGHT, key.LEFT, key.END, key.SPACE):
            send(window, "on_key_press", symbol, 0)
        x, y, w, h = BAR
        send(window, "on_mouse_press", x + w / 2, y + h / 2, 1, 0)
        frames(window, 5)
        assert viewer.move == 0 and viewer.text.startswith("No moves yet")
    finally:
        window.close()


def test_a_long_film_is_thinned_and_its_moves_still_start_on_their_frames(monkeypatch):
    full = film_moves(SOLO_FALL)
    monkeypatch.setattr("simulator.replay.MAX_FRAMES", 60)
    thin = film_moves(SOLO_FALL)
    assert len(full.film.frames) > 150 and len(thin.film.frames) <= 60 + 40
    assert thin.film.every >= 4 * full.film.every
    assert thin.report["state_hash"] == full.report["state_hash"]

    def poses(film):
        return [(entry.id, pose) for entry, pose in film.frames[-1].bodies]

    assert poses(thin.film) == poses(full.film)  # the same end
    dt = thin.film.world.profile.dt
    for before, after in zip(full.moves, thin.moves, strict=True):
        if before.frame < len(full.film.frames):  # a move with frames of its own
            was = full.film.frames[before.frame].time
            now = thin.film.frames[after.frame].time
            assert was - 1e-9 <= now <= was + thin.film.every * dt + 1e-9


def test_the_transport_plays_a_replay_without_pyglet():
    """Where the replay stands is the transport's, which no window needs: a fresh
    process steps, plays, pauses at the end and seeks with pyglet never imported."""
    script = """
import sys
from simulator.app.watch_transport import Transport
from simulator.replay import film_moves
t = Transport(film_moves("scenarios/lots/solo-fall.toml"))
t.step(3)
assert (t.move, t.index) == (3, t.marks[3]) and t.text.startswith("Move 4 of 10: Ann placed")
for _ in range(2000):
    t.advance(1, 0.1)
assert not t.playing and t.move == 9 and t.index == t.last_frame
t.toggle()
assert t.playing and (t.move, t.index) == (0, 0)  # played again from the start
t.seek(0.5)
assert t.index == round(0.5 * t.last_frame) and t.time_words().endswith(" s of 7.4 s")
assert "pyglet" not in sys.modules, "the transport imported pyglet"
"""
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, timeout=120)
