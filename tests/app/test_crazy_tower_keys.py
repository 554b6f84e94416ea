"""The Crazy Tower screen's keys: every key the help lists does what it says, every key
the screen handles is listed; the screen frees its GL objects when the window leaves it;
a saved game keeps the human hand's profile and its noise."""

from __future__ import annotations

from pathlib import Path

from pyglet.window import key

from simulator.app.crazy_tower.bank import pick_order
from simulator.app.crazy_tower.hand import TILT
from simulator.app.crazy_tower.keys import COVER, SHARED, TABLE, KeyActions
from simulator.app.crazy_tower.screen import CrazyTowerScreen, load_screen
from simulator.app.keys import help_of
from simulator.app.window import AppWindow
from simulator.replay import replay_file
from tests.app.crazy_tower_helpers import diamonds_scenario, holding, hover, open_ct, place
from tests.app.helpers import close, frames, send
from tests.turns.crazy_tower_turns import new_turn

LISTED = {
    "1-9 / click bank",
    "V",
    "mouse",
    "wheel",
    "Q / E",
    "hold Down",
    "click",
    "Space",
    "Enter",
    "click a lower block",
    "D",
    "Backspace",
    "Ctrl+Z",
    "Esc",
    "P",
    "R",
    "Ctrl+S / Ctrl+O",
    "Left / Right",
    "Up",
    "+ / -",
}  # fmt: skip (H and F1 are the window's own help row)


def _keys(screen) -> set[str]:
    return {part for keys, _ in screen.shortcuts for part in keys.split(", ")}


def test_the_help_lists_the_skip_the_cover_and_every_key_the_screen_handles():
    window, screen = open_ct()
    try:
        assert _keys(screen) == LISTED  # Ctrl+N is the window's own line
        said = {what for _, what in screen.shortcuts}
        assert any("skip to the end of a computer's move" in what for what in said)
        assert any("saboteur cover" in what for what in said)
        send(window, "on_key_press", key.F1, 0)
        assert window.help_visible
        send(window, "on_key_press", key.F1, 0)
        assert not window.help_visible
    finally:
        close(window)


def test_one_table_gives_the_help_and_every_handler_the_keys_call():
    turn, _ = new_turn()
    assert CrazyTowerScreen.shortcuts == help_of(TABLE, COVER, SHARED)
    assert CrazyTowerScreen.shared_keys is SHARED
    assert TABLE.missing_handlers(KeyActions(turn)) == []
    assert COVER.missing_handlers(KeyActions(turn)) == []


def test_a_number_key_picks_the_panels_block_of_that_number_and_none_past_them():
    turn, _ = new_turn()
    actions, order = KeyActions(turn), pick_order(turn.match.state)
    assert TABLE.dispatch(actions, key._1 + len(order), 0) is (len(order) < 9)
    assert turn.live is None  # no block of that number: nothing picked
    assert TABLE.dispatch(actions, key._2, key.MOD_SHIFT) is True
    assert turn.live is not None and turn.live.piece == order[1]
    assert TABLE.dispatch(actions, key.V, 0) is False  # idle only: a block is held


def test_tilt_lower_and_the_three_undo_keys_act_on_the_held_piece():
    window, screen = open_ct()
    try:
        for undo, modifiers in [(key.BACKSPACE, 0), (key.Z, key.MOD_CTRL), (key.ESCAPE, 0)]:
            send(window, "on_key_press", key._1, 0)
            frames(window)
            assert holding(screen)
            angle = screen.turn.hand.angle
            send(window, "on_key_press", key.Q, 0)
            assert screen.turn.hand.angle == angle + TILT
            send(window, "on_key_press", key.E, 0)
            send(window, "on_key_press", key.E, 0)
            assert screen.turn.hand.angle == angle - TILT
            send(window, "on_mouse_scroll", 300, 300, 0, 1.0)
            assert screen.turn.hand.angle == angle
            send(window, "on_key_press", key.DOWN, 0)
            assert screen.turn.hand.lowering
            send(window, "on_key_release", key.DOWN, 0)
            assert not screen.turn.hand.lowering
            send(window, "on_key_press", undo, modifiers)
            frames(window)
            assert screen.live is None and "undone" in screen.message
    finally:
        close(window)


def test_d_declines_a_diamonds_removal(tmp_path: Path):
    screen = load_screen(diamonds_scenario(tmp_path))
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        frames(window)
        assert screen.match.state.phase == "diamonds"
        send(window, "on_key_press", key.D, 0)
        frames(window)
        assert screen.match.actions[-1]["type"] == "skip_removal"
        assert screen.match.state.phase != "diamonds"
    finally:
        close(window)


def test_p_passes_when_nothing_can_be_played():
    screen = load_screen(Path("scenarios/crazy-tower/one-colour-rule.toml"))
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        state = screen.match.state
        assert state.current_player == "Bob"
        send(window, "on_key_press", key.P, 0)  # Bob can still play: P does nothing
        assert screen.match.state.current_player == "Bob"
        # No deck left and only green blocks, green being on the card already.
        state.deck.clear()
        state.hands["Bob"] = [b for b in state.hands["Bob"] if b.startswith("green")]
        send(window, "on_key_press", key.P, 0)
        frames(window)
        assert screen.match.actions[-1] == {"type": "pass", "player": "Bob"}
        assert screen.match.state.current_player == "Ann"
    finally:
        close(window)


def test_ctrl_s_and_ctrl_o_save_and_load(tmp_path: Path):
    window, screen = open_ct()
    try:
        screen.save_path = tmp_path / "keys.toml"
        send(window, "on_key_press", key.V, 0)  # a card in the hand: refused, not saved
        frames(window)
        send(window, "on_key_press", key.S, key.MOD_CTRL)
        assert not screen.save_path.exists()
        send(window, "on_key_press", key.BACKSPACE, 0)
        send(window, "on_key_press", key.S, key.MOD_CTRL)
        assert screen.save_path.exists() and screen.message.startswith("Saved to")
        match = screen.match
        send(window, "on_key_press", key.O, key.MOD_CTRL)
        assert screen.message.startswith("Loaded") and screen.match is not match
        assert screen.match.state_hash() == match.state_hash()
    finally:
        close(window)


def test_the_cover_is_passed_with_enter_too():
    window, screen = open_ct(
        (("Ann", "human"), ("Bob", "human"), ("Cy", "human")), seed=3, mode="saboteur"
    )
    try:
        stage = screen.turn.covers.queue[0].stage
        send(window, "on_key_press", key.ENTER, 0)
        assert screen.turn.covers.queue[0].stage != stage
    finally:
        close(window)


def test_leaving_the_screen_frees_its_gl_objects_and_close_is_safe_twice():
    window, screen = open_ct()
    try:
        send(window, "on_key_press", key._1, 0)
        hover(window, screen, 0.0, 8.0, count=10)  # over the card: the ghost shows
        scene = screen._scene
        assert scene._lists and screen.view._ghost is not None and screen.view.hud._items
        other = load_screen(Path("scenarios/crazy-tower/loop-box.toml"))
        window.show(other)  # as Ctrl+N does
        assert not scene._lists and screen._scene is None and screen.view._ghost is None
        assert not screen.view.hud._items and not screen.view.banner.hud._items
        screen.close()
        frames(window)  # the new screen draws
        assert other._scene is not None
    finally:
        close(window)


def test_a_saved_game_keeps_the_hand_and_its_noise_goes_on(tmp_path: Path):
    window, screen = open_ct(dexterity="shaky")
    try:
        place(window, screen, 3, "fc-00", 10.0)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        unsaved = screen.turn.hand.nudge
        send(window, "on_key_press", key.BACKSPACE, 0)
        path = tmp_path / "shaky.toml"
        screen.save(path)
        assert 'hand = "shaky"' in path.read_text()
        assert replay_file(str(path))["ok"]  # a replay ignores the hand
        screen.load(path)
        assert screen.game.dexterity == "shaky"
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert screen.turn.hand.nudge == unsaved and unsaved != (0.0, 0.0)
    finally:
        close(window)
