"""The LOTS screen's hand profile, the fall risk on the ghost, and computer placements
played back on screen."""

from __future__ import annotations

import pytest
from pyglet.window import key, mouse

from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.window import AppWindow
from simulator.bots.dexterity import get_profile
from simulator.games.lots.bots_risk import fall_risk
from simulator.games.lots.live import SETTLED
from simulator.games.lots.match import Placement
from simulator.replay import replay_file
from tests.app.helpers import close, frames, pixel, send, until_my_placement, world_to_window


def overlaps(a, b):
    """Two boxes (x, y, w, h) share some area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _open(**options):
    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, **options)
    window = AppWindow(screen, visible=False, schedule=False)
    return window, screen, match


def _hold_over_the_middle(window, screen, match, height=14.0):
    until_my_placement(window, screen)
    send(window, "on_key_press", key._1, 0)
    frames(window)
    lot = match.lot
    x, y = world_to_window(window, screen, (lot.left + lot.right) / 2, height)
    send(window, "on_mouse_motion", x, y, 0, 0)
    frames(window, 60)
    return x, y


def test_the_ghost_shows_the_fall_risk_of_its_spot():
    window, screen, match = _open()
    try:
        until_my_placement(window, screen)
        base = match.scratch_copy()
        _hold_over_the_middle(window, screen, match)
        screen.turns.risk.wait(30)
        frames(window, 2)
        risk = screen.turns.ghost_risk()
        assert risk is not None and 0.0 <= risk <= 1.0
        # Whose hand and what it means, beside the ghost and the piece, never over them.
        said = f"Chance of a fall here: {round(risk * 100)}% for a steady hand (K hides this)"
        assert screen.view.ghost_label.text == said
        label, ghost, held = (
            screen.view.ghost_label.box,
            screen.view.ghost_box(),
            screen.view.held_box(),
        )
        assert not overlaps(label, ghost) and not overlaps(label, held)
        # The number is fall_risk of the ghost's spot, for the steady hand, on the
        # match as it was before the pick: the same in any process for this seed.
        live = screen.live
        spot = screen.turns.ghost_spot()
        col, turns = spot.col, spot.turns
        spot = Placement(block=live.block, col=col, turns=turns, mirror=live.mirrored)
        assert risk == fall_risk(base, spot, get_profile("steady"), rollouts=6, seed=3)
        send(window, "on_key_press", key.K, 0)  # K hides it
        frames(window)
        assert screen.turns.ghost_risk() is None and "off" in screen.message
    finally:
        close(window)


@pytest.mark.parametrize("model", [1, 2])
def test_a_shaky_hand_misses_the_mouse_and_its_save_replays(model, monkeypatch):
    # The game's hand model draws the chosen hand: model 1 the old profile (with a
    # release jolt), model 2 its alias "older" (a position and angle miss, no jolt).
    monkeypatch.setattr("simulator.physics.profile.new_games_hand_model", lambda: model)
    window, screen, match = _open(dexterity="shaky")
    try:
        assert match.profile.hand_model == model
        x, y = _hold_over_the_middle(window, screen, match, height=12.0)
        jitter = screen.turns.jitter
        assert jitter.any and jitter.dx and jitter.angle
        assert (jitter.release != (0.0, 0.0)) == (model == 1)
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
        for _ in range(900):
            frames(window)
            if screen.live.stage == SETTLED:
                break
        assert screen.live.stage == SETTLED
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        action = match.actions[-1]
        assert action.get("release_vx", 0.0) == screen.turns.jitter.release[0]
        # model 2's chosen hand trembles while it holds the piece, as the save records
        assert ("tremor" in action) == (model == 2)
        if model == 2:
            assert action["tremor"] == list(jitter.tremor) and action["tremor"][0] > 0
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == match.state_hash()
    finally:
        close(window)


def test_a_computer_placement_is_played_back_on_screen():
    window, screen, _ = _open(humans=set())  # two computer players
    try:
        for _ in range(200):
            frames(window, 3)
            if screen.playback is not None:
                break
        playback = screen.playback
        assert playback is not None and len(playback.frames) > 30
        assert "is placing a piece" in screen.message
        first = dict((e.id, pose) for e, pose in playback.frames[0].bodies)
        last = dict((e.id, pose) for e, pose in playback.frames[-1].bodies)
        moved = [i for i in first if i in last and first[i] != last[i]]
        assert moved  # the frames show the piece travelling
        frames(window, 10)
        assert screen.playback is playback and 0 < playback.index < len(playback.frames) - 1
        send(window, "on_key_press", key.SPACE, 0)  # Space skips to the end
        frames(window)
        assert screen.playback is None and "placed" in screen.message
    finally:
        close(window)


def test_off_the_lot_the_ghost_stays_red_with_the_reason_beside_it():
    window, screen, match = _open()
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        lot = match.lot
        for x in (lot.right + 1.0, lot.right + 6.0):  # partly, then wholly off the lot
            send(window, "on_mouse_motion", *world_to_window(window, screen, x, 9.0), 0, 0)
            frames(window, 90)
            cells, problem = screen.turns.ghost()
            assert cells and problem == "the piece is not over the footprint"
            assert max(c for _, c in cells) >= lot.footprint.width  # beside the lot
            said = "Cannot release here: the piece is not over the footprint."
            assert screen.view.ghost_label.text == said
            label = screen.view.ghost_label.box
            assert not overlaps(label, screen.view.ghost_box())
            assert not overlaps(label, screen.view.held_box())
            # Red where the ghost's outermost cell lies (a quarter in: clear of its cross).
            row, col = max(cells, key=lambda cell: cell[1])
            size, (ox, oy) = lot.grid.cell, lot.grid.origin
            spot = (ox + (col + 0.2) * size, oy + (row + 0.2) * size)
            r, g, b = pixel(window, *world_to_window(window, screen, *spot))
            assert r > g + 60 and r > b + 60
        send(window, "on_key_press", key.SPACE, 0)  # the release is refused, saying why
        frames(window)
        assert screen.live.stage == "holding" and "not over the footprint" in screen.message
    finally:
        close(window)


def test_a_piece_flat_on_the_empty_base_shows_no_risk():
    match = session.new_match(["You", "Computer 2"], "1A", 2)  # You place first
    screen = LotsScreen(match, seed=2)
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        until_my_placement(window, screen)
        assert not match.state.tower
        _hold_over_the_middle(window, screen, match, height=8.0)
        screen.turns.risk.wait(30)
        frames(window, 2)
        cells, problem = screen.turns.ghost()
        assert problem is None and min(r for r, _ in cells) == 0  # flat on the base
        assert screen.turns.ghost_risk() == 0.0
        assert screen.view.ghost_label.text.startswith("Chance of a fall here: 0%")
    finally:
        close(window)
