"""Two app windows (headless, EGL) in one process play a LOTS network game on loopback:
the host's lobby starts it, the player to move places a piece with the keys, the other
window sees the hand streamed and the piece itself moving (the live move run ahead), and
both reach the same state."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import pyglet
from pyglet.window import key

from simulator.app.net_game import NetworkGame
from simulator.app.net_link import lobby_ready
from simulator.app.net_lobby import LobbyScreen
from simulator.app.network import Session, join_session, start_host
from simulator.app.window import AppWindow
from simulator.net.cli import add_host_arguments, new_room
from tests.app.helpers import frames, send
from tests.app.xwindow_games_driver import LotsHand

LIMIT = 60.0
KEYS = {
    "r": key.R,
    "p": key.P,
    "1": key._1,
    "Right": key.RIGHT,
    "Left": key.LEFT,
    "space": key.SPACE,
    "Return": key.RETURN,
    "BackSpace": key.BACKSPACE,
}


def host_args(tmp_path: Path) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    argv = ["lots", "--players", "Ann,Bob", "--name", "Ann", "--port", "0", "--seed", "3"]
    argv += ["--undo-accidents", "no"]  # the host's table: every desk honours it
    return parser.parse_args([*argv, "--folder", str(tmp_path / "room")])


def run_until(pairs: list[tuple[Session, AppWindow]], done: Any, what: str) -> None:
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        for session, window in pairs:
            session._frame(1 / 60)
            frames(window)
        if done():
            return
    raise AssertionError(f"timed out waiting for {what}")


def shot(window: AppWindow, path: Path) -> None:
    window.switch_to()
    window.on_draw()
    pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))


def test_a_placement_in_one_window_moves_live_in_the_other(tmp_path):
    args = host_args(tmp_path)
    room = new_room(args)
    assert not isinstance(room, str), room
    host = start_host(room, args)
    assert isinstance(host, Session), host
    port = host.link.host.port
    guest = join_session(f"127.0.0.1:{port}", room.code, "Bob")
    pairs = []
    try:
        for session in (host, guest):
            window = AppWindow(session.lobby, visible=False, schedule=False)
            session.attach(window)
            pairs.append((session, window))
        (_, ann_window), (_, bob_window) = pairs
        run_until(
            pairs,
            lambda: lobby_ready(guest.link.lobby) and lobby_ready(host.link.lobby),
            "both seats held",
        )
        assert isinstance(bob_window.page, LobbyScreen)
        frames(ann_window, 2)
        frames(bob_window, 2)
        texts = [t.label.text for t in bob_window.page.hud.texts]
        assert "Waiting for the host to start the game." in texts
        assert any(t.startswith("At this table an accident stands") for t in texts)
        assert any(room.code in t for t in texts)
        assert any(b.label.startswith("Start the game") for b in ann_window.page.hud.buttons)
        bob_window.page.draft = "Hi Ann, ready when you are"
        bob_window.page.send_chat()
        run_until(pairs, lambda: ann_window.page.chat, "Bob's chat line")
        assert ann_window.page.chat == ["Bob: Hi Ann, ready when you are"]
        shot(ann_window, tmp_path / "lobby-host.png")

        send(ann_window, "on_key_press", key.RETURN, 0)  # the host starts the game
        run_until(
            pairs,
            lambda: (
                isinstance(ann_window.page, NetworkGame)
                and isinstance(bob_window.page, NetworkGame)
            ),
            "both game screens",
        )
        ann_played, bob_played = ann_window.page, bob_window.page
        ann, bob = ann_played.screen, bob_played.screen
        assert type(ann).__name__ == "LotsScreen" and ann.remote is ann_played
        assert ann.match is host.link.game.match and bob.match is guest.link.game.match
        assert ann.undo_accidents is False and bob.undo_accidents is False  # the host's rule

        # whoever is to move rolls and places with the keys; the other window watches
        first = ann.match.state.players[ann.match.state.to_act]
        mover, watcher = (ann, bob) if first == "Ann" else (bob, ann)
        mover_window = ann_window if mover is ann else bob_window
        hand = LotsHand()
        saw_hand = saw_ghost = saw_ahead = False
        deadline = time.monotonic() + LIMIT
        placed = False
        while not placed:
            assert time.monotonic() < deadline, mover.message
            for name in hand(mover):
                send(mover_window, "on_key_press", KEYS[name], 0)
                for _ in range(8):  # as a person's next key comes a moment later
                    run_until(pairs, lambda: True, "a frame")
            for _ in range(20):  # the hand follows the keys (the real driver's pause)
                run_until(pairs, lambda: True, "a frame")
            watched = bob_played if watcher is bob else ann_played
            saw_hand |= first in watched.link.hands
            saw_ghost |= first in watched._ghosts._labels  # drawn: the piece, a ring, a name
            held = mover.live.piece if mover.live is not None else None
            # the piece itself moves in the other window's world, run ahead of the move
            saw_ahead |= held is not None and held in watcher.match.world
            placed = any(a["type"] == "place" for a in watcher.match.actions)
        run_until(
            pairs,
            lambda: (
                not (host if mover is ann else guest).link.client.replica.pending
                and watcher.match.action_count == mover.match.action_count
            ),
            "the placement on both",
        )
        assert watcher.match.state_hash() == mover.match.state_hash()
        # the turn passes to the watcher once the mover confirms: "Your turn" at its desk
        watched = bob_played if watcher is bob else ann_played
        assert watched.our_turn() or mover.match.outcome().over
        if watched.our_turn():
            run_until(pairs, lambda: "Your turn" in watcher.message, "Your turn")
            assert f"{'Bob' if watcher is bob else 'Ann'}'s turn" not in watcher.message
        assert saw_hand, "the mover's hand never reached the other window"
        assert saw_ghost, "the mover's hand was never drawn in the other window"
        assert saw_ahead, "the mover's piece never moved in the other window before the move"
        watcher_session = host if watcher is ann else guest
        watcher_session._heard("wait", {"seat": first, "seconds": 87, "why": "away"})
        assert watcher.message == (
            f"{first} has left: the computer takes the seat in 87 s unless they return."
        )
        watcher_session._heard("notice", {"text": "The computer (easy) plays Bob's seat now."})
        assert watcher.message == "The computer (easy) plays Bob's seat now."
        shot(mover_window, tmp_path / "game-mover.png")
    finally:
        for session, window in pairs:
            session.end()
            window.close()
        host.end()
        guest.end()


def test_a_crazy_tower_block_moves_live_in_the_other_window(tmp_path):
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    argv = ["crazy-tower", "--players", "Ann,Bob", "--name", "Ann", "--port", "0"]
    argv += ["--mode", "competitive", "--seed", "1", "--folder", str(tmp_path / "room")]
    args = parser.parse_args(argv)
    room = new_room(args)
    assert not isinstance(room, str), room
    host = start_host(room, args)
    assert isinstance(host, Session), host
    guest = join_session(f"127.0.0.1:{host.link.host.port}", room.code, "Bob")
    pairs = []
    try:
        for session in (host, guest):
            window = AppWindow(session.lobby, visible=False, schedule=False)
            session.attach(window)
            pairs.append((session, window))
        run_until(pairs, lambda: lobby_ready(host.link.lobby), "both seats held")
        host.link.start_game()
        run_until(pairs, lambda: all(isinstance(w.page, NetworkGame) for _, w in pairs), "the game")
        ann, bob = (w.page.screen for _, w in pairs)
        first = ann.match.state.current_player
        mover, watcher = (ann, bob) if first == "Ann" else (bob, ann)
        mover.turn.pick(mover.match.state.hands[first][0])  # a block into the hand
        ahead = False
        for step in range(120):  # the hand lowers it over the ground card
            mover.turn.hand.target = (0.0, 8.0 - 0.05 * step)
            run_until(pairs, lambda: True, "a frame")
            ahead |= mover.live.piece in watcher.match.world
        assert ahead, "the block never moved in the other window before the move"
        mover.turn.release()
        run_until(pairs, lambda: mover.live.stage == "settled", "the block settled")
        mover.confirm()
        run_until(
            pairs,
            lambda: watcher.match.action_count == mover.match.action_count == 1,
            "the move on both",
        )
        assert watcher.match.state_hash() == mover.match.state_hash()
        # the turn passes to the watcher once the mover confirms: "Your turn" at its desk
        watched = next(w.page for _, w in pairs if w.page.screen is watcher)
        assert watched.our_turn() or mover.match.outcome().over
        if watched.our_turn():
            run_until(pairs, lambda: "Your turn" in watcher.message, "Your turn")
            assert f"{'Bob' if watcher is bob else 'Ann'}'s turn" not in watcher.message
    finally:
        for session, window in pairs:
            session.end()
            window.close()
        host.end()
        guest.end()
