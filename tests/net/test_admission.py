"""Admission before resources: a connection takes a place only after a valid hello;
connections still saying hello have a smaller budget of their own and a short wait; a
seat's token always gets back in; refused hellos are limited per address and from
everywhere together; a resync is answered once a move (simulator/net/limits.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from simulator.net import admission, limits, protocol
from simulator.net.room import Room
from tests.net.harness import Table, new_game, open_table, until

PLAYERS = {"players": ["Ann", "Bob"]}


async def _open(table: Table, source: str = "127.0.0.1") -> ClientConnection:
    """A connection from loopback address ``source`` (any 127.x.y.z on Linux)."""
    return await connect(
        f"ws://{table.address}", max_size=protocol.MAX_GAME_BYTES, local_addr=(source, 0)
    )


async def _hello(ws: ClientConnection, table: Table, **fields: Any) -> dict[str, Any]:
    hello = {"version": 1, "room": table.room.code, "name": "Mallory", "role": "spectator"}
    await ws.send(protocol.write("hello", **{**hello, **fields}))
    return json.loads(await asyncio.wait_for(ws.recv(), 5))


async def _turned_away(ws: ClientConnection) -> tuple[str, int | None]:
    """The one line a turned-away connection gets, and its close code."""
    said = json.loads(await asyncio.wait_for(ws.recv(), 5))
    assert said["type"] == "error" and "\n" not in said["reason"]
    with pytest.raises(ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 5)
    return said["reason"], ws.close_code


def _room() -> Room:
    return Room(new_game("filled-in", setup=PLAYERS))


def test_silent_connections_take_no_place_and_a_seat_token_always_gets_back_in(monkeypatch):
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 4)
    monkeypatch.setattr(limits, "HANDSHAKES", 4)

    async def play() -> None:
        table = await open_table(_room())
        ann, token = await _seated(table, "Ann")
        bob, _ = await _seated(table, "Bob")
        silent = [await _open(table, f"127.0.0.{n}") for n in range(2, 8)]  # more than fit
        await until(lambda: table.room.started, 5, "the game's start")
        # the silent ones hold handshake places only: two spectators still get in
        watchers = [await _open(table, "127.0.1.1") for _ in range(2)]
        for ws in watchers:
            assert (await _hello(ws, table))["type"] == "welcome"
        assert table.host.admitted.count() == 4
        # full: a stranger is told so (try again later), not counted as a guess ...
        stranger = await _open(table, "127.0.1.2")
        assert (await _hello(stranger, table))["reason"] == admission.FULL
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(stranger.recv(), 5)
        assert stranger.close_code == 1013
        assert table.host.failed_joins.count("127.0.1.2") == 0
        # ... but Ann, whose connection dropped, takes her seat back with her token
        await ann.close()
        await until(lambda: table.room.seats["Ann"].client is None, 5, "Ann's leaving")
        third = await _open(table, "127.0.1.3")
        assert (await _hello(third, table))["type"] == "welcome"  # the room is full again
        back = await _open(table, "127.0.1.4")
        reply = await _hello(back, table, name="Ann", role="player", token=token)
        assert reply["type"] == "welcome" and reply["seat"] == "Ann"
        for ws in [*silent, *watchers, bob, third, back]:
            await ws.close()
        await table.stop()

    asyncio.run(play())


async def _seated(table: Table, name: str) -> tuple[ClientConnection, str]:
    """A player's connection in its seat, and the seat's token."""
    ws = await _open(table)
    welcome = await _hello(ws, table, name=name, role="player")
    assert welcome["type"] == "welcome"
    return ws, welcome["token"]


def test_handshakes_have_their_own_budget_and_the_one_silent_longest_makes_room(monkeypatch):
    monkeypatch.setattr(limits, "HANDSHAKES", 3)
    monkeypatch.setattr(limits, "HANDSHAKES_PER_ADDRESS", 2)

    async def play() -> None:
        table = await open_table(_room(), start_when_ready=False)
        first = await _open(table, "127.0.2.1")
        second = await _open(table, "127.0.2.1")
        third = await _open(table, "127.0.2.1")  # a third from one address: turned away
        assert await _turned_away(third) == (admission.CROWDED, 1013)
        fourth = await _open(table, "127.0.2.2")
        await until(lambda: len(table.host._greeting) == 3, 5, "three handshakes")
        newcomer = await _open(table, "127.0.2.3")  # full: the oldest gives way
        assert await _turned_away(first) == (admission.BUSY, 1013)
        assert (await _hello(newcomer, table))["type"] == "welcome"
        for ws in (second, fourth, newcomer):
            await ws.close()
        await table.stop()

    asyncio.run(play())


def test_a_silent_connection_is_closed_with_one_line_and_counts_as_a_refused_join(monkeypatch):
    monkeypatch.setattr(limits, "HELLO_SECONDS", 0.3)

    async def play() -> None:
        table = await open_table(_room(), start_when_ready=False)
        ws = await _open(table, "127.0.3.1")
        assert await _turned_away(ws) == ("no hello within 0.3 s", 1008)
        assert table.host.failed_joins.count("127.0.3.1") == 1
        assert table.host.admitted.count() == 0 and not table.host._greeting
        await table.stop()

    asyncio.run(play())


def test_guessing_from_rotating_addresses_meets_the_limit_from_everywhere(monkeypatch):
    monkeypatch.setattr(limits, "FAILED_JOINS_EVERYWHERE", 8)

    async def play() -> None:
        table = await open_table(_room())
        ann, token = await _seated(table, "Ann")
        bob, _ = await _seated(table, "Bob")
        await until(lambda: table.room.started, 5, "the game's start")
        await ann.close()
        await until(lambda: table.room.seats["Ann"].client is None, 5, "Ann's leaving")
        wrong = "Z" * limits.ROOM_CODE_LENGTH
        reasons = []
        for n in range(12):  # each guess from another address: none is locked by itself
            ws = await _open(table, f"127.0.4.{n + 1}")
            reasons.append((await _hello(ws, table, room=wrong))["reason"])
            await ws.close()
        assert reasons[:8] == ["wrong room code"] * 8
        assert reasons[8:] == [admission.LOCKED_EVERYWHERE] * 4  # the code is not even read
        assert len(table.host.failed_joins.everywhere) == 8  # and nothing more is noted
        # a stranger with the right code waits too; a seat's token does not
        stranger = await _open(table, "127.0.4.99")
        assert (await _hello(stranger, table))["reason"] == admission.LOCKED_EVERYWHERE
        back = await _open(table, "127.0.4.100")
        reply = await _hello(back, table, name="Ann", role="player", token=token)
        assert reply["type"] == "welcome" and reply["seat"] == "Ann"
        await back.close()
        await bob.close()
        await table.stop()

    asyncio.run(play())


def test_ipv6_addresses_count_by_their_network_and_ipv4_mapped_ones_as_ipv4():
    key = admission.address_key
    assert key("2001:db8:1:2:aaaa::1") == key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert key("2001:db8:1:3::1") != key("2001:db8:1:2::1")
    assert key("::ffff:10.0.0.7") == "10.0.0.7" == key("10.0.0.7")
    assert key("fe80::1%eth0") == "fe80::/64"
    assert key("not an address") == "not an address"


def test_a_resync_is_answered_once_a_move_and_refused_in_one_line_beyond():
    async def play() -> None:
        room = Room(new_game("lots", setup=PLAYERS))
        table = await open_table(room)
        ann = await _open(table)
        await _hello(ann, table, name="Ann", role="player")
        bob = await _open(table)
        await _hello(bob, table, name="Bob", role="player")
        watcher = await _open(table)
        await _hello(watcher, table)
        kinds = await _drain(watcher)
        assert "game" in kinds  # the game as of move 0, on joining
        await watcher.send(protocol.write("resync"))
        reply = await _next(watcher, ("game", "refused"))
        assert reply["type"] == "refused" and "ask again after a move" in reply["reason"]
        assert "\n" not in reply["reason"]
        for _ in range(3):  # asking again and again gets the short line, never the log
            await watcher.send(protocol.write("resync"))
            assert (await _next(watcher, ("game", "refused")))["type"] == "refused"
        # after a move, one more is answered
        mover = room.game.to_act()[0]
        sockets = {"Ann": ann, "Bob": bob}
        roll = {"type": "roll", "player": mover}
        await sockets[mover].send(protocol.write("move", id=1, action=roll))
        await until(lambda: room.seq == 1, 10, "the move")
        await watcher.send(protocol.write("resync"))
        assert (await _next(watcher, ("game", "refused")))["type"] == "game"
        await watcher.send(protocol.write("resync"))
        assert (await _next(watcher, ("game", "refused")))["type"] == "refused"
        for ws in (ann, bob, watcher):
            await ws.close()
        await table.stop()

    asyncio.run(play())


async def _drain(ws: ClientConnection, seconds: float = 0.5) -> list[str]:
    kinds = []
    try:
        while True:
            kinds.append(json.loads(await asyncio.wait_for(ws.recv(), seconds))["type"])
    except TimeoutError:
        return kinds


async def _next(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    async with asyncio.timeout(10):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] in kinds:
                return message
