"""A computer seat's move on the Crazy Tower screen: while its film plays back, only a
skip (Space, Enter, a click) does anything; a computer that fails hands its seat to the
random player and says so in one line, and one that cannot move stops trying."""

from __future__ import annotations

from pathlib import Path

from pyglet.window import key, mouse

from rules.errors import IllegalMove
from simulator.app.crazy_tower import session
from simulator.games.computer_seat import computers_of
from simulator.games.crazy_tower.player import RandomPlayer
from tests.app.crazy_tower_helpers import holding, open_ct
from tests.app.helpers import close, frames, send

SEATS = (("Bob", "random"), ("Ann", "human"))


def _until_showing(window, screen) -> None:
    for _ in range(200):
        frames(window, 1, 0.05)
        if screen.playback is not None:
            return
    raise AssertionError("the computer's move never played back")


def test_while_a_computers_move_plays_back_only_a_skip_does_anything(tmp_path: Path):
    window, screen = open_ct(SEATS, seed=2)
    try:
        _until_showing(window, screen)
        playback = screen.playback
        assert screen.match.state.current_player == "Ann"  # the move is already made
        before, actions = screen.match.state_hash(), len(screen.match.actions)
        saved = tmp_path / "none.toml"
        screen.save_path = saved
        for symbol, modifiers in [
            (key._1, 0),
            (key.V, 0),
            (key.P, 0),
            (key.Q, 0),
            (key.DOWN, 0),
            (key.BACKSPACE, 0),
            (key.S, key.MOD_CTRL),
            (key.O, key.MOD_CTRL),
        ]:
            send(window, "on_key_press", symbol, modifiers)
            frames(window)
        send(window, "on_mouse_scroll", 300, 300, 0, 1.0)
        frames(window)
        assert not holding(screen) and screen.live is None and not saved.exists()
        assert screen.match.state_hash() == before and len(screen.match.actions) == actions
        # The film plays on meanwhile, and the scene shows its frames.
        assert screen.playback is playback and playback.index > 0
        assert screen._scene is not None
        shown = {entry.id for entry, _ in playback.frame.bodies}
        assert set(screen._scene._lists) == shown
        # A click skips to the end of the move; then the human plays.
        send(window, "on_mouse_press", 300, 300, mouse.LEFT, 0)
        frames(window)
        assert screen.playback is None and screen.message.startswith("Bob ")
        send(window, "on_key_press", key._1, 0)
        frames(window)
        assert holding(screen) and screen.playback is None
        assert screen.live.piece in screen._scene._lists  # the held piece is drawn
    finally:
        close(window)


def test_space_or_enter_skips_a_computers_move():
    for skip in (key.SPACE, key.RETURN):
        window, screen = open_ct(SEATS, seed=2)
        try:
            _until_showing(window, screen)
            send(window, "on_key_press", skip, 0)
            frames(window)
            assert screen.playback is None and screen.message.startswith("Bob ")
        finally:
            close(window)


def test_a_computer_that_fails_hands_its_seat_to_the_random_player():
    window, screen = open_ct((("Bob", "easy"), ("Ann", "human")), seed=2)
    try:

        def broken(match):
            raise ZeroDivisionError("division by zero\nin a bot's plan")

        screen.computer_seat("Bob").player.decide = broken
        for _ in range(40):
            frames(window, 1, 0.05)
            if screen.game.controllers[0] == "random":
                break
        assert screen.message.startswith("Bob's computer failed (ZeroDivisionError: division")
        assert "the random player takes the seat" in screen.message
        assert "\n" not in screen.message and not screen.match.actions
        assert isinstance(screen.computer_seat("Bob").player, RandomPlayer)
        for _ in range(200):  # the random player moves for Bob, and it plays back
            frames(window, 1, 0.05)
            if screen.match.state.current_player == "Ann" and screen.playback is None:
                break
        assert screen.match.actions[0]["player"] == "Bob"
        assert session.document(screen.game)["setup"]["computers"] == {"Bob": "random"}
    finally:
        close(window)


def test_a_random_player_that_cannot_move_stops_trying_and_says_so():
    window, screen = open_ct(SEATS, seed=2)
    try:
        calls = []

        def refused(match):
            calls.append(1)
            raise IllegalMove("no spot left")

        screen.computer_seat("Bob").player.decide = refused
        # Without the game's last resort (which would find Bob a place) the seat stops.
        screen.computer_seat("Bob").resort = None
        # Frames drawn this fast outrun the worker's tries (a window's are 1/60 s apart):
        # as many frames as every try takes.
        stopped = "The computer cannot move for Bob: every try refused"
        for _ in range(400):
            frames(window, 1, 0.05)
            if screen.message.startswith(stopped):
                break
        assert screen.message.startswith(stopped)
        assert "no spot left" in screen.message and "\n" not in screen.message
        tried = len(calls)
        assert tried == computers_of(screen.match).retries + 1 == 9  # the game's limit
        frames(window, 40, 0.05)
        assert len(calls) == tried and not screen.match.actions
    finally:
        close(window)
