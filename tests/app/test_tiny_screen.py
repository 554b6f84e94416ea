"""A fourth game in the app with one registry line: Tiny Tower (tests/games/tiny/), whose
GameKind names its own screen, is offered by the start screen with its own option, opens
its screen, takes a move and saves a game that loads back; a desk that joins a network
game of it opens the same screen around the replica."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from pyglet.window import key

from simulator.app import save_folder
from simulator.app.net_game import network_screen
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from tests.app.helpers import click_button, close, frames, send
from tests.games.tiny.keys import TABLE
from tests.games.tiny.screen import TinyScreen, around, load_screen

TINY_ROW = TABLE.rows[0].does


def _until(window, done, frames_at_most: int = 600) -> None:
    """Frames of a tenth of a second each until ``done()`` (a computer thinks on a thread)."""
    for _ in range(frames_at_most):
        if done():
            return
        frames(window, seconds=0.1)
    raise AssertionError("the screen never got there")


def _autosaved() -> Path:
    return save_folder.autosave_path("tiny")


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
        _until(window, lambda: screen.match.state.player == "You")  # the computer starts
        assert not screen.match.state.tower or screen.match.state.tower[0]["player"] != "You"
        standing = len(screen.match.state.tower)
        send(window, "on_key_press", key._3, 0)  # the centre column
        assert len(screen.match.state.tower) == standing + 1 or screen.match.state.fallen
        assert screen.match.state.events[-1]["player"] == "You"
        assert screen.autosave and _autosaved().exists()  # a person's move is autosaved
        # The computer answers through GameScreen's seats: decided on the worker, then
        # played back; meanwhile a key is the playback's, not a move.
        _until(window, lambda: screen.match.state.player == "You" or screen.turns.over())
        path = tmp_path / "tiny.toml"
        screen.save(path)
        again = load_screen(path)
        assert again.match.state_hash() == screen.match.state_hash()
        assert again.turns.levels == {"Computer 2": "normal"}
        assert ("1-5, or a column's button", TINY_ROW) in again.shortcuts
    finally:
        close(window)


def test_a_computers_turn_is_not_taken_by_a_click():
    from rules.engine import GameOptions
    from tests.games.tiny.match import TinyMatch

    match = TinyMatch(GameOptions(("Ann", "Bot"), seed=4))
    screen = TinyScreen(match, {match.state.player: "random"})
    screen.place(0)
    assert "the computer plays it" in screen.message and not match.state.tower


def test_around_a_network_match_only_this_desks_player_moves_and_nothing_autosaves():
    from rules.engine import GameOptions
    from tests.games.tiny.match import TinyMatch

    match = TinyMatch(GameOptions(("Ann", "Bob"), seed=4))
    elsewhere = match.state.player
    screen = around(match, [n for n in ("Ann", "Bob") if n != elsewhere])
    assert screen.match is match and not screen.autosave
    assert screen.computer_to_move() is None  # the host moves the other player
    screen.place(0)
    assert screen.message == f"It is {elsewhere}'s turn: another desk plays it."
    assert not match.actions  # nothing was played here


class _TinyLink:
    """A joined link to a host of a Tiny Tower game (what network_screen reads of it)."""

    def __init__(self, match) -> None:
        self.seat = match.state.players[0]
        self.game = SimpleNamespace(kind="tiny", match=match)
        self.client = SimpleNamespace(replica=SimpleNamespace(watch=None))
        self.lobby = {"seats": [{"name": n, "kind": "remote", "connected": True} for n in "AB"]}

    def send_moves(self) -> int:
        return 0

    def shown_hands(self) -> dict:
        return {}


def test_a_desk_that_joins_a_tiny_tower_game_opens_its_screen_around_the_replica():
    from rules.engine import GameOptions
    from tests.games.tiny.match import TinyMatch

    match = TinyMatch(GameOptions(("A", "B"), seed=4))
    link = _TinyLink(match)
    played = network_screen(link)  # the registry's screen module, its around()
    window = AppWindow(played, visible=False, schedule=False)
    try:
        assert isinstance(played.screen, TinyScreen) and played.screen.match is match
        assert played.screen.remote is played and link.client.replica.watch is not None
        frames(window, 3)
        assert match.action_count == 0  # the host moves the other seat
    finally:
        close(window)
