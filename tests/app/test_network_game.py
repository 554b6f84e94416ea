"""Network play composed around a game's own screen (simulator/app/net_game.py): the
window shows the NetworkGame, which passes everything on to the screen; the screen
knows it only as its ``remote``, which names the seats played elsewhere, keeps the
computers at the host and refuses loads. A fake link stands for the network."""

from __future__ import annotations

from typing import Any

from pyglet.window import key

from simulator.app.crazy_tower import session
from simulator.app.crazy_tower.screen import around
from simulator.app.lots import session as lots_session
from simulator.app.lots.screen import around as lots_around
from simulator.app.net_game import NO_LOAD, NetworkGame
from simulator.app.setup import GameSetup, Seat
from simulator.app.window import AppWindow
from simulator.games.crazy_tower.match import CrazyTowerMatch
from tests.app.helpers import close, frames, send


class FakeLink:
    """A link to a host: its lobby, and what was sent through it."""

    def __init__(self, seat: str | None) -> None:
        self.seat = seat
        self.game = None
        self.lobby = {
            "seats": [
                {"name": "Ann", "kind": "remote", "connected": True},
                {"name": "Bob", "kind": "remote", "connected": False},
                {"name": "Cy", "kind": "computer", "connected": True},
            ]
        }
        self.sends = 0

    def send_moves(self) -> int:
        self.sends += 1
        return 0

    def shown_hands(self) -> dict[str, Any]:
        return {}


def _match(*seats: tuple[str, str]) -> CrazyTowerMatch:
    players = tuple(Seat(name, controller) for name, controller in seats)
    return session.new_game(GameSetup("crazy-tower", players, seed=1)).match


def _played(match: CrazyTowerMatch, humans: list[str]) -> tuple[AppWindow, NetworkGame]:
    """The screen of a network game where ``humans`` play at this desk (the first one
    holds the link's seat; none: a spectator)."""
    played = NetworkGame(around(match, humans), FakeLink(humans[0] if humans else None))
    return AppWindow(played, visible=False, schedule=False), played


def test_the_screen_names_the_other_seats_and_lists_its_own_keys():
    window, played = _played(_match(("Ann", "human"), ("Bob", "human"), ("Cy", "easy")), ["Ann"])
    try:
        screen = played.screen
        assert screen.remote is played and window.page is played
        assert screen.elsewhere() == {"Bob": "away", "Cy": "computer"}
        assert played.shortcuts == screen.shortcuts and played.dt == screen.dt
        frames(window, 2)
        texts = [t.label.text for t in screen.view.hud.texts]
        assert any("Bob" in t and "away" in t for t in texts), texts
    finally:
        close(window)


def test_no_computer_moves_at_this_desk_the_host_moves_them():
    window, played = _played(_match(("Ann", "random"), ("Bob", "random")), [])  # a spectator
    try:
        assert played.screen.computer_to_move() is not None  # a computer's turn, here
        frames(window, 120)  # two seconds: a computer at this desk would have moved
        assert played.screen.match.action_count == 0
    finally:
        close(window)


def test_a_key_goes_through_to_the_screen_then_the_moves_to_the_host_and_no_load():
    window, played = _played(_match(("Ann", "human"), ("Bob", "human")), ["Ann", "Bob"])
    try:
        link = played.link
        before = link.sends
        send(window, "on_key_press", key._1, 0)  # a block into the hand
        assert played.screen.live is not None and played.move_in_progress
        assert link.sends == before + 1  # whatever the key made went at once
        send(window, "on_key_press", key.BACKSPACE, 0)
        send(window, "on_key_press", key.O, key.MOD_CTRL)
        assert played.screen.message == NO_LOAD
        frames(window)
        assert link.sends > before + 2  # and after every frame
    finally:
        close(window)


def test_another_desks_move_plays_back_named_by_the_player_the_host_names():
    window, played = _played(_match(("Ann", "random"), ("Bob", "human")), ["Bob"])
    try:
        screen = played.screen
        decision = screen.computer_seat("Ann").player.decide(screen.match.copy())
        with played.watching():  # as the replica applies the host's move
            screen.match.perform(decision)
        played.heard("move", {"mine": False, "by": "Ann"})
        assert screen.playback is not None and screen.message.startswith("Ann is making")
        screen.dirty = False
        played.heard("move", {"mine": True, "by": "Bob"})
        assert screen.dirty  # our own move back from the host: the panel again
    finally:
        close(window)


def test_a_lots_move_made_elsewhere_is_told_by_its_players_name_and_a_refusal_is_said():
    match = lots_session.new_match(["Ann", "Bob"], "1A", 3)
    mover = match.state.players[match.state.to_act]  # rolls first, on another desk
    here = "Ann" if mover == "Bob" else "Bob"
    played = NetworkGame(lots_around(match, [here]), FakeLink(here))
    window = AppWindow(played, visible=False, schedule=False)
    try:
        screen = played.screen
        assert match.state.phase == "roll"
        with played.watching():
            match.perform({"type": "roll", "player": mover})
        played.heard("move", {"mine": False, "by": mover})
        assert screen.playback is None and mover in screen.message  # a roll: no film
        played.heard("refused", {"move": True, "reason": "too late."})
        assert screen.message == "The host refused your move (too late); it was taken back."
    finally:
        close(window)


def test_out_of_step_is_said_until_the_hosts_game_replaces_this_one():
    window, played = _played(_match(("Ann", "human"), ("Bob", "human")), ["Ann"])
    try:
        played.heard("desync", {"seq": 3})
        said = played.screen.message
        assert said.startswith("Out of step: after move 3")
        played.heard("notice", {"text": "Bob is thinking."})  # heard meanwhile
        assert played.screen.message == said  # does not talk over it
    finally:
        close(window)
