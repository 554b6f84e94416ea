"""A fourth game in the app with one registry line: Tiny Tower (tests/games/tiny/), whose
GameKind names its own screen, is offered by the start screen with its own option, opens
its screen, takes a move and saves a game that loads back."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from tests.app.helpers import click_button, close, frames, send
from tests.games.tiny.screen import TinyScreen, load_screen


def test_the_start_screen_offers_tiny_tower_and_its_screen_takes_a_move(tmp_path):
    window = AppWindow(StartScreen(), visible=False, schedule=False, home=StartScreen)
    frames(window)  # the start screen lays its buttons out when first drawn
    start = window.page
    try:
        click_button(window, start, "Tiny Tower")
        texts = [fitted.label.text for fitted in start.hud.texts]
        assert "Target" in texts and "Your hand" not in texts  # its parameter, no hand
        click_button(window, start, "-")  # the target: 3 boxes -> 2
        click_button(window, start, "Start  (Enter)")
        screen = window.page
        assert isinstance(screen, TinyScreen)
        state = screen.match.state
        assert state.target == 2 and state.players == ["You", "Computer 2"]
        for _ in range(2):  # a computer seat that starts moves a step a frame
            if screen.match.state.player != "You":
                frames(window)
        assert screen.match.state.player == "You" and not screen.match.state.tower
        send(window, "on_key_press", key._3, 0)  # the centre column
        assert len(screen.match.state.tower) == 1 or screen.match.state.fallen
        assert screen.match.state.events[-1]["player"] == "You"
        frames(window, 3)  # the computer answers, the stack is drawn
        assert screen.match.state.player == "You" or screen.match.state.end is not None
        path = tmp_path / "tiny.toml"
        screen.save(path)
        again = load_screen(path)
        assert again.match.state_hash() == screen.match.state_hash()
        assert again.computers == {"Computer 2": "normal"}
    finally:
        close(window)


def test_a_computers_turn_is_not_taken_by_a_click():
    from rules.engine import GameOptions
    from tests.games.tiny.match import TinyMatch

    match = TinyMatch(GameOptions(("Ann", "Bot"), seed=4))
    screen = TinyScreen(match, {match.state.player: "random"})
    screen.place(0)
    assert "the computer plays it" in screen.message and not match.state.tower
