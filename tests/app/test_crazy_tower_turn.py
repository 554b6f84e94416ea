"""Crazy Tower turns played with dispatched mouse and key events on a headless window:
a block placed with the hand, then move B (a floor card revealed, laid, and a block put
on it), each confirmed; the autosave replays headless to the same state."""

from __future__ import annotations

import pytest
from pyglet.window import key, mouse

from rules.crazy_tower import get_card
from simulator.app.crazy_tower import session
from simulator.games.crazy_tower.live import HOLDING
from simulator.replay import replay_file
from tests.app.crazy_tower_helpers import (
    holding,
    hover,
    lower_and_release,
    open_ct,
    over_card,
    place,
)
from tests.app.helpers import close, frames, pixel, send, world_to_window


def test_a_block_then_a_floor_card_with_the_hand():
    window, screen = open_ct()
    match = screen.match
    try:
        # Move A twice: Ann's 4-cube block on the ground floor's left half, Bob's right.
        ann = place(window, screen, 7, "fc-00", 4.0 + 1.0)
        bob = place(window, screen, 7, "fc-00", 15.0 - 1.0)
        placed = [e for e in match.state.events if e["type"] == "block_placed"]
        assert [e["block"] for e in placed] == [ann, bob] == ["red-4a", "green-4a"]
        assert all(e["card"] == "fc-00" for e in placed)
        assert match.actions[0]["path"] and "at" not in match.actions[0]
        # Move B: V reveals the deck's top card, which comes into the hand.
        send(window, "on_key_press", key.V, 0)
        frames(window)
        card = match.state.revealed
        assert card is not None and screen.live.piece == card and holding(screen)
        assert get_card(card).name in screen.message
        hover(window, screen, *over_card(screen, "fc-00", 10.0, 8.0))
        lower_and_release(window, screen)
        assert (
            screen.message.startswith("Verdict:")
            and f"laid the {get_card(card).name} card" in screen.message
        )
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert match.state.floors == ["fc-00", card] and match.state.phase == "place"
        # ... then a block on the new floor card, where no red box lies.
        u = next(i * 4.0 + 2.0 for i, k in enumerate(_boxes(card)) if k != "red")
        block = place(window, screen, 1, card, u)
        last = [e for e in match.state.events if e["type"] == "block_placed"][-1]
        assert last["block"] == block and last["card"] == card and last["floor"] == 1
        assert [a["type"] for a in match.actions] == [
            "place_block",
            "place_block",
            "reveal_card",
            "lay_card",
            "place_block",
        ]
        # The block is drawn in its colour where its body is.
        frames(window)
        pose = match.world.entry(block).pose
        got = pixel(window, *world_to_window(window, screen, pose.x - 0.6, pose.y - 0.6))
        assert got[0] > 150 and got[1] < 90 and got[2] < 90  # red
        # The autosave is a scenario that replays headless to the same state.
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == match.state_hash()
    finally:
        close(window)


def _boxes(card: str) -> tuple[str, ...]:
    from rules.crazy_tower import get_card

    return get_card(card).boxes


def test_the_ghost_shows_the_landing_and_a_refused_release_says_why():
    window, screen = open_ct()
    try:
        send(window, "on_key_press", key._3, 0)  # red-2a
        frames(window)
        hover(window, screen, *over_card(screen, "fc-00", 10.0, 6.0), count=90)
        landing, problem = screen.turn.ghost()
        assert landing is not None and problem is None
        x, y, _ = landing
        card_top = over_card(screen, "fc-00", 10.0, 0.0)[1]
        assert abs(y - (card_top + 1.0)) < 0.05  # resting on the card, under the piece
        gx, gy = world_to_window(window, screen, x - 1.5, y)
        tint = pixel(window, gx, gy)
        assert tint != (236, 240, 244) and tint[0] > tint[1], tint  # a translucent red block
        # Beside the card: the ghost turns red and the release is refused with the reason.
        hover(window, screen, 11.5, card_top + 3.0, count=90)  # off the right end
        _, problem = screen.turn.ghost()
        assert problem and "would miss the Ground floor card" in problem
        send(window, "on_key_press", key.SPACE, 0)
        frames(window)
        assert screen.live.stage == HOLDING
        assert (
            screen.message.startswith("Refused:")
            and "would miss the Ground floor card" in screen.message
        )
        shown = [item.text for item in screen.view.banner.hud._items if hasattr(item, "text")]
        assert screen.message in shown  # drawn in the message box
        wx, wy = world_to_window(window, screen, *screen.turn.ghost()[0][:2])
        r, g, b = pixel(window, wx + 3, wy + 3)
        assert r > g + 60 and r > b + 60  # the ghost is red
        # Tilted on its end: the rulebook lays blocks flat.
        hover(window, screen, *over_card(screen, "fc-00", 10.0, 6.0), count=10)
        for _ in range(18):
            send(window, "on_mouse_scroll", 300, 300, 0, 1)
        frames(window, 60)
        at = world_to_window(window, screen, *screen.turn.hand.target)
        send(window, "on_mouse_press", *at, 1, 0)
        frames(window)
        assert screen.live.stage == HOLDING and "laid flat" in screen.message
    finally:
        close(window)


@pytest.mark.parametrize("model", [1, 2])
def test_a_shaky_human_hand_is_recorded_and_replays(model, monkeypatch):
    # The game's hand model draws the chosen hand: model 1 the old profile (a release
    # jolt), model 2 its alias "older" (a position and angle miss, no jolt).
    monkeypatch.setattr("simulator.physics.profile.new_games_hand_model", lambda: model)
    window, screen = open_ct(dexterity="shaky")
    try:
        assert screen.match.profile.hand_model == model
        place(window, screen, 3, "fc-00", 10.0)
        action = screen.match.actions[-1]
        if model == 1:
            assert action["release_vx"] or action["release_vy"]
        else:
            assert not action.get("release_vx") and not action.get("release_vy")
            assert all(screen.turn.hand.nudge)  # the miss the path's targets carry
            assert action["tremor"][0] > 0  # the hand trembled while it held the block
        assert ("tremor" in action) == (model == 2)
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == screen.match.state_hash()
    finally:
        close(window)


def test_undo_takes_back_an_unconfirmed_move():
    window, screen = open_ct()
    match = screen.match
    try:
        before = match.state_hash()
        send(window, "on_key_press", key._1, 0)
        frames(window)
        hover(window, screen, 0.0, 1.0, count=40)  # a sweep along the card
        send(window, "on_key_press", key.BACKSPACE, 0)
        frames(window)
        assert screen.live is None and not match.actions and match.state_hash() == before
        assert "undone" in screen.message
    finally:
        close(window)


def test_a_computer_seat_moves_after_a_pause_and_its_move_plays_back():
    window, screen = open_ct((("Cy", "random"), ("Ann", "human")), seed=2)
    try:
        frames(window, 10)  # the pause: nothing yet
        assert not screen.match.actions
        shown = False
        for _ in range(600):
            frames(window)
            shown = shown or screen.playback is not None
            if screen.match.state.current_player == "Ann" and screen.playback is None:
                break
        assert shown and screen.match.actions[0]["player"] == "Cy"
        assert screen.message.startswith("Cy ")
    finally:
        close(window)


def test_help_lists_every_shortcut():
    window, screen = open_ct()
    try:
        send(window, "on_key_press", key.H, 0)
        frames(window)
        assert window.help_visible
        said = " ".join(what for _, what in screen.shortcuts)
        for word in ("release", "reveal", "pull", "undo", "save", "role", "lower"):
            assert word in said
        send(window, "on_mouse_press", 10, 10, mouse.LEFT, 0)
        assert not window.help_visible
    finally:
        close(window)


def test_over_nothing_of_the_tower_the_ghost_is_red_on_the_table_with_the_reason():
    window, screen = open_ct()
    try:
        send(window, "on_key_press", key._3, 0)  # red-2a
        frames(window)
        card_left = over_card(screen, "fc-00", 0.0, 0.0)[0]
        hover(window, screen, card_left - 3.5, 6.0, count=90)  # left of the tower
        landing, problem = screen.turn.ghost()
        assert landing is None and problem  # over nothing of the tower: refused
        x, y, _ = screen.view.ghost_pose()
        held = screen.live.held
        assert abs(x - held.pose.x) < 1e-9 and y < held.pose.y  # under the piece...
        bottom = min(py for poly in held.world_polygons() for _, py in poly)
        assert abs(y - (held.pose.y - bottom)) < 1e-9  # ... resting on the table
        wx, wy = world_to_window(window, screen, x + 0.5, y + 0.3)
        r, g, b = pixel(window, wx, wy)
        assert r > g + 60 and r > b + 60  # drawn red
        label = screen.view.ghost_label
        assert label.text == f"Cannot release here: {problem}."
        ghost, piece = screen.view.ghost_box(), screen.view.held_box()
        for box in (ghost, piece):
            assert not _overlaps(label.box, box)
    finally:
        close(window)


def _overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
