"""The app's side of network play on loopback: a real Host on its thread, real Clients
whose replicas the test's thread (standing in for the window's) owns and drains."""

from __future__ import annotations

import argparse
import threading
import time
from contextlib import contextmanager
from typing import Any

import pytest

from simulator.app.net_link import HostThread, Link, WindowExecutor, lobby_ready
from simulator.app.net_lobby import holder_words, next_holder
from simulator.app.net_words import words
from simulator.games.computer_seat import computers_of
from simulator.net.cli import add_host_arguments, new_room
from simulator.net.client import Joining

LIMIT = 30.0  # seconds any wait on the network may take


def host_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    return parser.parse_args([*argv, "--port", "0"])


def pump_until(links: list[Link], done: Any, what: str, seconds: float = LIMIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for link in links:
            link.pump()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def room_of(tmp_path):
    """A hosted room and its links, stopped afterwards."""
    started: list[Any] = []

    def make(*argv: str) -> tuple[Any, HostThread, argparse.Namespace]:
        args = host_args(*argv, "--folder", str(tmp_path / "room"))
        room = new_room(args)
        assert not isinstance(room, str), room
        host = HostThread(room, args)
        assert isinstance(host.wait_listening(), int), host.error
        started.append(host)
        return room, host, args

    def link(host: HostThread, *a: Any, **k: Any) -> Link:
        made = Link(Joining(f"127.0.0.1:{host.port}", *a, **k))
        made.start()
        started.append(made)
        return made

    yield make, link
    for thing in reversed(started):
        thing.stop()


def test_the_window_executor_runs_work_and_events_in_order_on_the_draining_thread():
    executor = WindowExecutor()
    seen: list[tuple[str, str]] = []
    futures = []

    def job(name: str) -> str:
        seen.append((name, threading.current_thread().name))
        return name.upper()

    def submit_from_elsewhere() -> None:
        futures.append(executor.submit(job, "a"))
        executor.post(job, "event")
        futures.append(executor.submit(job, "b"))

    worker = threading.Thread(target=submit_from_elsewhere, name="client")
    worker.start()
    worker.join()
    assert seen == []  # nothing runs until the window drains
    assert executor.drain() == 3
    here = threading.current_thread().name
    assert seen == [("a", here), ("event", here), ("b", here)]
    assert [f.result(0) for f in futures] == ["A", "B"]
    late = executor.submit(job, "c")
    executor.post(job, "closed")
    executor.shutdown(wait=False, cancel_futures=True)
    assert late.cancelled()
    with pytest.raises(RuntimeError):
        executor.submit(job, "d")
    executor.drain()  # the last event still arrives after the shutdown
    assert seen[-1] == ("closed", here)


def test_a_raising_job_reaches_its_future_not_the_window():
    executor = WindowExecutor()
    future = executor.submit(lambda: 1 / 0)
    executor.drain()
    assert isinstance(future.exception(0), ZeroDivisionError)


def test_lobby_words_and_the_host_buttons_cycle():
    seat = {"name": "Bob", "kind": "remote", "level": None, "holder": None, "connected": False}
    assert next_holder(seat) == "computer:random"
    assert holder_words(seat, "Ann") == "open: waiting for a player to join"
    computer = {**seat, "kind": "computer", "level": "expert"}
    assert next_holder(computer) == "open"
    assert next_holder({**computer, "level": "hard"}) == "computer:expert"
    assert next_holder({**computer, "level": "easy"}) == "computer:normal"
    assert holder_words({**seat, "holder": "Bob", "connected": True}, "Ann") == "Bob (connected)"
    assert holder_words(seat | {"name": "Ann", "holder": "Ann"}, "Ann") == "you"
    assert not lobby_ready({"seats": [seat]}) and lobby_ready({"seats": [computer]})
    assert words("wait", {"seat": "Bob", "seconds": 87, "why": "away"}, "Ann") == (
        "Bob has left: the computer takes the seat in 87 s unless they return."
    )
    assert words("wait", {"seat": "Ann", "seconds": 25, "why": "turn"}, "Bob") == (
        "Ann has 25 s left for this move; then the computer makes it."
    )
    assert words("wait", {"seat": "Ann", "seconds": 25, "why": "turn"}, "Ann").startswith(
        "You have 25 s left"
    )
    assert words("refused", {"reason": "it is not Bob's turn", "move": True}, "Bob") == (
        "The host refused your move (it is not Bob's turn); it was taken back."
    )
    assert words("hand", {}, "Ann") is None


def _bot_move(link: Link, seed: int) -> int:
    """The link's seat makes one decision of the random computer on its replica's match
    (as the screen would), then sends it; the moves sent."""
    game = link.game
    computers = computers_of(game.match)
    computers.seat_for(game.match, link.seat, "random", seed).play(game.match)
    return link.send_moves()


def test_host_and_joiner_links_run_the_lobby_and_agree_on_every_move(room_of):
    make, link = room_of
    room, host, _ = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    bob = link(host, room.code, "Bob")
    heard: dict[str, list[str]] = {"Ann": [], "Bob": []}
    threads: set[str] = set()
    for who in (ann, bob):
        who.view = lambda kind, fields, n=who.name: heard[n].append(kind)
    # each link hears the lobby on its own: wait until both have heard both seats held
    pump_until(
        [ann, bob], lambda: lobby_ready(ann.lobby) and lobby_ready(bob.lobby), "both seats held"
    )
    assert ann.seat == "Ann" and bob.seat == "Bob" and ann.admin and not bob.admin
    assert [s["holder"] for s in bob.lobby["seats"]] == ["Ann", "Bob"]

    bob.start_game()  # not the host: refused
    pump_until([ann, bob], lambda: "refused" in heard["Bob"], "Bob's start refused")
    ann.start_game()
    pump_until(
        [ann, bob], lambda: "game" in heard["Ann"] and "game" in heard["Bob"], "the game on both"
    )
    assert ann.game is not None and bob.game is not None

    @contextmanager
    def watched() -> Any:
        threads.add(threading.current_thread().name)
        yield

    bob.client.replica.watch = watched
    for turn in range(6):  # Ann and Bob take turns; each waits for the other's move
        mover = next(w for w in (ann, bob) if w.seat in w.game.to_act())
        other = bob if mover is ann else ann
        assert _bot_move(mover, turn) >= 1
        count = mover.game.match.action_count
        pump_until(
            [ann, bob],
            lambda o=other, c=count, m=mover: (
                o.game.match.action_count >= c and not m.client.replica.pending
            ),
            f"move {turn} on the other side",
        )
        assert other.game.state_hash() == mover.game.state_hash()
    assert threads == {threading.current_thread().name}  # applied where the pump ran
    assert "move" in heard["Bob"]


def test_a_hand_streamed_by_the_player_to_move_reaches_the_others(room_of):
    make, link = room_of
    room, host, _ = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    bob = link(host, room.code, "Bob")
    pump_until([ann, bob], lambda: lobby_ready(ann.lobby), "both seats held")
    ann.start_game()
    pump_until([ann, bob], lambda: ann.game and bob.game, "the game")
    mover = next(w for w in (ann, bob) if w.seat in w.game.to_act())
    other = bob if mover is ann else ann
    mover.send_hand(1.5, 12.0, 90.0, "B3")
    pump_until([ann, bob], lambda: mover.seat in other.shown_hands(), "the hand")
    hand = other.hands[mover.seat]
    assert (hand.x, hand.y, hand.angle, hand.piece) == (1.5, 12.0, 90.0, "B3")
    assert mover.seat not in mover.hands  # never echoed to its own player


def test_a_restarted_join_takes_its_seat_back_with_the_token_it_kept(room_of):
    from simulator.app.network import join_session

    make, link = room_of
    room, host, _ = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    address = f"127.0.0.1:{host.port}"
    first = join_session(address, room.code, "Bob").link
    first.start()
    pump_until([ann, first], lambda: lobby_ready(ann.lobby), "both seats held")
    ann.start_game()
    pump_until([ann, first], lambda: first.game is not None, "the game")
    kept = first.client.token
    first.stop()  # Bob's app is gone
    pump_until([ann], lambda: not ann.lobby["seats"][1]["connected"], "Bob away")
    again = join_session(address, room.code, "Bob").link
    assert again.client.token == kept  # recalled from the network folder's tokens
    again.start()
    try:
        pump_until([ann, again], lambda: again.game is not None, "Bob back in the game")
        assert again.seat == "Bob"
        assert again.game.state_hash() == ann.game.state_hash()
    finally:
        again.stop()


def test_the_host_hands_a_seat_to_the_computer_from_the_lobby_and_it_plays(room_of):
    from simulator.app.net_lobby import LobbyScreen

    make, link = room_of
    room, host, _ = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    lobby = LobbyScreen(ann)
    ann.view = lobby.heard
    pump_until([ann], lambda: ann.lobby.get("seats"), "the lobby")
    assert not lobby_ready(ann.lobby)
    for _ in range(2):  # the button: random, then easy
        bob = ann.lobby["seats"][1]
        lobby.hand_over(bob)
        pump_until([ann], lambda b=bob: ann.lobby["seats"][1] != b, "the seat handed over")
    assert ann.lobby["seats"][1] | {"connected": True} == {
        "name": "Bob",
        "kind": "computer",
        "level": "easy",
        "holder": None,
        "connected": True,
    }
    pump_until([ann], lambda: "computer (easy) plays Bob" in lobby.message, "the notice")
    lobby.start()
    pump_until([ann], lambda: ann.game is not None, "the game")
    for turn in range(3):  # Ann moves; the host's computer answers for Bob
        pump_until([ann], lambda: "Ann" in ann.game.to_act(), "Ann's turn", seconds=LIMIT)
        _bot_move(ann, turn)
    pump_until(
        [ann],
        lambda: any(a["player"] == "Bob" and a["type"] == "place" for a in ann.game.match.actions),
        "a placement of Bob's computer",
    )


def test_a_resumed_host_window_takes_its_own_seat_back_in_the_running_game(room_of, tmp_path):
    from simulator.app.network import start_host
    from simulator.net.room import Room

    make, link = room_of
    room, host, args = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    bob = link(host, room.code, "Bob")
    pump_until([ann, bob], lambda: lobby_ready(ann.lobby), "both seats held")
    ann.start_game()
    pump_until([ann, bob], lambda: ann.game is not None and bob.game is not None, "the game")
    mover = next(w for w in (ann, bob) if w.seat in w.game.to_act())
    _bot_move(mover, 1)
    pump_until([ann, bob], lambda: room.seq >= 1 and not host._host.busy, "the move saved")
    ann.stop()
    host.stop()  # the host's app is gone; its autosave stays

    resumed = Room.resume(tmp_path / "room")
    assert resumed.code == room.code and resumed.started
    args.port = 0
    session = start_host(resumed, args)
    assert not isinstance(session, str), session
    again = session.link
    again.start()
    try:
        pump_until([again], lambda: again.game is not None, "the resumed game")
        assert again.seat == "Ann" and again.admin
        assert again.game.match.actions == room.game.match.actions
    finally:
        session.end()


def test_the_lobby_chat_reaches_everyone_in_the_room(room_of):
    from pyglet.window import key

    from simulator.app.net_lobby import CHAT_LINES, LobbyScreen

    make, link = room_of
    room, host, _ = make("lots", "--players", "Ann,Bob", "--name", "Ann")
    ann = link(host, room.code, "Ann", token=room.seats["Ann"].token, admin=room.admin)
    bob = link(host, room.code, "Bob")
    lobbies = {who.name: LobbyScreen(who) for who in (ann, bob)}
    for who in (ann, bob):
        who.view = lobbies[who.name].heard
    pump_until([ann, bob], lambda: lobby_ready(ann.lobby), "both seats held")
    typing = lobbies["Bob"]
    typing.on_key_press(key.TAB, 0)  # into the chat field: keys type there
    assert typing.typing
    typing.on_text("hello  Ann")
    typing.on_key_press(key.RETURN, 0)  # sends the line, does not start anything
    pump_until([ann, bob], lambda: lobbies["Ann"].chat, "the chat line")
    assert lobbies["Ann"].chat == lobbies["Bob"].chat == ["Bob: hello Ann"]
    assert typing.draft == "" and not ann.lobby["started"]
    for i in range(CHAT_LINES + 2):
        typing.draft = f"line {i}"
        typing.send_chat()
    pump_until([ann, bob], lambda: lobbies["Ann"].chat[-1] == f"Bob: line {CHAT_LINES + 1}", "all")
    assert len(lobbies["Ann"].chat) == CHAT_LINES
