"""Each game's own screen on a network game watched from a headless window: the host's
computers play every seat, their moves arrive through the network and play back on the
watcher's screen (filmed, as a computer's move at the desk), and the watcher ends on the
host's state. A replica the host's log replaces (a resync) gets a new screen on it."""

from __future__ import annotations

import argparse
import time

import pytest

from simulator.app.net_game import NetworkGame
from simulator.app.net_link import HostThread, Link
from simulator.app.network import Session
from simulator.app.window import AppWindow
from simulator.net.cli import add_host_arguments, new_room
from simulator.net.client import Joining
from tests.app.helpers import frames

LIMIT = 90.0
MOVES = 6  # moves watched of each game
SCREENS = {"lots": "LotsScreen", "crazy-tower": "CrazyTowerScreen", "filled-in": "FilledInScreen"}


def hosted(tmp_path, game: str) -> tuple[object, HostThread]:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    argv = [game, "--players", "Ann,Bob", "--port", "0", "--seed", "4", "--folder", str(tmp_path)]
    argv += ["--computer", "1=random", "--computer", "2=random", "--turn-seconds", "60"]
    if game == "crazy-tower":
        argv += ["--mode", "competitive"]
    args = parser.parse_args(argv)
    room = new_room(args)
    assert not isinstance(room, str), room
    host = HostThread(room, args)
    assert isinstance(host.wait_listening(), int), host.error
    return room, host


@pytest.mark.parametrize("game", ["lots", "crazy-tower", "filled-in"])
def test_a_spectator_watches_the_hosts_computers_play_on_the_games_own_screen(tmp_path, game):
    room, host = hosted(tmp_path, game)
    link = Link(Joining(f"127.0.0.1:{host.port}", room.code, "Cy", "spectator", admin=room.admin))
    session = Session(link)
    window = AppWindow(session.lobby, visible=False, schedule=False)
    try:
        session.attach(window)
        deadline = time.monotonic() + LIMIT
        while not link.lobby:
            assert time.monotonic() < deadline, "no lobby"
            session._frame(1 / 60)
        link.start_game()  # the host's own window may start a room of computers
        playbacks, messages = 0, set()
        screens = set()
        while True:
            assert time.monotonic() < deadline, (window.page, link.closed)
            session._frame(1 / 60)
            frames(window)
            if isinstance(window.page, NetworkGame):
                page = window.page.screen
                screens.add(type(page).__name__)
                assert page.remote is window.page
                playbacks += page.playback is not None
                messages.add(page.message)
                if page.playback is not None:
                    page.playback.skip()  # as Space does
                if page.match.action_count >= MOVES and page.playback is None:
                    break
        played = window.page
        assert screens == {SCREENS[game]}
        assert played.screen.match is link.game.match and link.seat is None
        if game != "filled-in":  # a physical game's moves play back, filmed
            assert playbacks > 0
        assert any("Ann" in m or "Bob" in m for m in messages), messages

        link.client.replica.game.match.truncate(2)  # out of step: the host's log wins
        link.client.call("resync")
        while session.game is played:  # the game may be over: its results show then
            assert time.monotonic() < deadline, "the host's game never replaced ours"
            session._frame(1 / 60)
            frames(window)
        assert session.game is not None and session.game.screen.match is link.game.match
        assert link.game.match.action_count >= MOVES
        seq = link.client.replica.seq
        assert link.game.match.actions[:seq] == room.game.match.actions[:seq]
    finally:
        session.end()
        window.close()
        host.stop()


def test_a_desync_is_said_and_the_hosts_log_replaces_the_screens_game(tmp_path):
    room, host = hosted(tmp_path / "room", "lots")
    logs = tmp_path / "logs"
    joining = Joining(f"127.0.0.1:{host.port}", room.code, "Cy", "spectator", admin=room.admin)
    link = Link(joining, logs=logs)
    session = Session(link)
    window = AppWindow(session.lobby, visible=False, schedule=False)
    said: list[str] = []
    try:
        session.attach(window)
        deadline = time.monotonic() + LIMIT
        while not link.lobby:
            assert time.monotonic() < deadline, "no lobby"
            session._frame(1 / 60)
        link.start_game()
        while session.game is None:
            assert time.monotonic() < deadline, "no game"
            session._frame(1 / 60)
        first = session.game
        # this copy now reports a state the host never reached: a desync
        link.client.replica.game.state_hash = lambda: "0" * 64
        while session.game is first:
            assert time.monotonic() < deadline, "the desync never replaced the game"
            session._frame(1 / 60)
            frames(window)
            said.append(first.screen.message)
        # On a loaded machine the desync and the host's game can arrive in one frame:
        # the old screen's last word is then the desync's, read after its replacement.
        said.append(first.screen.message)
        assert any(m.startswith("Out of step: after move") for m in said), said
        assert (
            session.game.screen.message
            == f"Resynchronised from the host's log; both logs are in {logs}."
        )
        assert sorted(p.name.rsplit("-", 1)[1] for p in logs.iterdir()) == [
            "host.json",
            "mine.json",
        ]
    finally:
        session.end()
        window.close()
        host.stop()
