"""The start screen's Network game page: its choices become ``towersim host``'s options
(the same room the command line makes), joining checks what was typed, and hosting
from it opens the lobby in the same window, serving on loopback."""

from __future__ import annotations

import time

import pytest
from pyglet.window import key

from simulator.app.net_lobby import LobbyScreen
from simulator.app.net_start import NetworkStartScreen, host_argv, host_options
from simulator.app.network import Session
from simulator.app.setup import HUMAN, Seat
from simulator.app.start_choices import StartChoices
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.net.cli import new_room
from tests.app.helpers import frames, send


@pytest.mark.parametrize(
    ("game", "mode"), [("lots", "competitive"), ("crazy-tower", "saboteur"), ("filled-in", None)]
)
def test_the_start_screens_choices_make_the_room_the_command_line_makes(game, mode):
    choices = StartChoices()
    choices.choose_game(game)
    if mode:
        choices.choose_mode(mode)
    while choices.add_seat():
        pass
    choices.cycle_controller(1)  # seat 2 goes from its computer to the next controller
    choices.seats[0] = Seat("Ann", HUMAN)
    choices.seats[1] = Seat("Bob", HUMAN)
    choices.seed = 7
    args = host_options(host_argv(choices, "0"))
    assert not isinstance(args, str), args
    room = new_room(args)
    assert not isinstance(room, str), room
    assert list(room.seats) == [s.name for s in choices.seats]
    assert room.game.match.seed == 7 and room.game.kind == game
    kinds = {name: seat.kind for name, seat in room.seats.items()}
    assert kinds["Ann"] == kinds["Bob"] == "remote"
    assert all(kinds[s.name] == "computer" for s in choices.seats if not s.human)
    assert args.name == "Ann" and args.bind == "127.0.0.1"
    assert "0.0.0.0" in host_argv(choices, "0", everywhere=True)
    assert room.lobby()["table"] == {"undo_accidents": True, "turn_seconds": 600.0}


def test_the_table_options_chosen_on_the_page_are_the_rooms():
    page = NetworkStartScreen(StartChoices(), back=StartScreen)
    page._toggle_undo()
    page._next_clock()  # 10 minutes -> 30 minutes
    page._next_clock()  # -> 1 minute (round again)
    args = host_options(host_argv(page.choices, "0", table=page.table))
    assert not isinstance(args, str), args
    room = new_room(args)
    assert not isinstance(room, str), room
    assert room.lobby()["table"] == {"undo_accidents": False, "turn_seconds": 60.0}
    page._rebuild()
    labels = [b.label for b in page.hud.buttons]
    assert "Undo after an accident: not allowed" in labels
    assert "Turn clock: 1 minute a move" in labels


def test_bad_host_options_are_one_line_not_an_exit():
    said = host_options(["lots", "--port", "99999"])
    assert isinstance(said, str) and "port" in said


def test_joining_says_what_is_wrong_with_what_was_typed():
    page = NetworkStartScreen(StartChoices(), back=StartScreen)
    page.join()
    assert page.message.startswith("Cannot join:") and "address" in page.message
    page.text["address"] = "127.0.0.1:5"
    page.text["room"] = "AB"
    page.join()
    assert "room code is 6 or 8 letters and digits" in page.message
    page.text["room"], page.text["name"] = "ABC234", " "
    page.join()
    assert page.message == "Cannot join: type your name first."


def test_typing_in_the_fields_and_going_back():
    window = AppWindow(StartScreen(), visible=False, schedule=False)
    try:
        send(window, "on_key_press", key.F4, 0)  # the help action of the start screen
        page = window.page
        assert isinstance(page, NetworkStartScreen)
        send(window, "on_key_press", key.TAB, 0)  # the port field
        send(window, "on_key_press", key.BACKSPACE, 0)
        send(window, "on_text", "x5")  # a port takes digits only
        assert page.text["port"] == "47475"
        send(window, "on_key_press", key.TAB, 0)
        send(window, "on_text", "localhost:9")
        assert page.text["address"] == "localhost:9"
        send(window, "on_key_press", key.ESCAPE, 0)  # leaves the field
        assert page.focus is None
        frames(window)
        page.hud.press(*next((b.x + 1, b.y + 1) for b in page.hud.buttons if b.label == "Back"))
        assert isinstance(window.page, StartScreen)
    finally:
        window.close()


def test_hosting_from_the_page_opens_the_lobby_in_the_same_window():
    choices = StartChoices()
    choices.seats[1] = Seat("Bob", HUMAN)
    page = NetworkStartScreen(choices, back=StartScreen)
    window = AppWindow(page, visible=False, schedule=False, home=StartScreen)
    session = None
    try:
        window.page.text["port"] = "0"
        window.page.host()
        lobby = window.page
        assert isinstance(lobby, LobbyScreen), getattr(lobby, "message", lobby)
        session = lobby.link.view.__self__
        assert isinstance(session, Session)
        deadline = time.monotonic() + 20
        while not lobby.link.lobby and time.monotonic() < deadline:
            session._frame(1 / 60)
            frames(window)
        seats = lobby.link.lobby["seats"]
        assert [(s["name"], s["holder"]) for s in seats] == [("You", "You"), ("Bob", None)]
        assert lobby.link.admin and lobby.link.seat == "You"
        buttons = [b.label for b in lobby.hud.buttons]
        assert "Computer, random" in buttons  # Bob's seat can go to the computer
        send(window, "on_key_press", key.N, key.MOD_CTRL)  # leave: the room closes
        session._frame(1 / 60)
        assert session.ended and isinstance(window.page, StartScreen)
    finally:
        if session is not None:
            session.end()
        window.close()
