"""Nothing from the network is trusted: malformed, oversized, out-of-turn, wrong-seat
and flooding messages are refused (and logged), the game goes on unchanged, and the
host keeps serving; a bad hello gets one line and a closed connection."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from simulator.net import protocol
from simulator.net.admission import LOCKED_OUT
from simulator.net.limits import FAILED_JOINS, MAX_BAD
from simulator.net.protocol import BadMessage
from simulator.net.room import Room
from tests.net.harness import new_game, open_table, until

PLAYERS = {"players": ["Ann", "Bob"]}


async def _raw(table, name: str, role: str = "player") -> tuple:
    """A hand-driven connection that has said hello; (socket, welcome)."""
    ws = await connect(f"ws://{table.address}", max_size=protocol.MAX_GAME_BYTES)
    hello = {"version": protocol.VERSION, "room": table.room.code, "name": name, "role": role}
    await ws.send(protocol.write("hello", **hello))
    return ws, json.loads(await ws.recv())


async def _next(ws, kind: str, seconds: float = 10.0) -> dict:
    """The next message of ``kind`` (others are skipped)."""
    async with asyncio.timeout(seconds):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind:
                return message


def _hostile(table, mover: str, other: str) -> list[str]:
    """Frames that must all be refused while it is ``mover``'s turn, sent by ``other``'s
    connection (wrong seat / out of turn) or ``mover``'s (malformed)."""
    huge = "x" * (protocol.MAX_MESSAGE_BYTES + 10)
    roll = {"type": "roll", "player": other}
    return [
        "not json at all",
        "[1, 2, 3]",
        '{"type": "move", "id": 1, "action": {"type": "roll"}, "id": 2}',  # duplicate key
        '{"type": "hand", "x": NaN, "y": 0, "angle": 0}',
        json.dumps({"type": "teleport"}),
        json.dumps({"type": "move"}),
        json.dumps({"type": "move", "id": -1, "action": roll}),
        json.dumps({"type": "move", "id": 1, "action": "roll"}),
        json.dumps({"type": "move", "id": 1, "action": roll, "extra": True}),
        json.dumps({"type": "move", "id": 1, "action": {**roll, "player": mover}}),  # wrong seat
        json.dumps({"type": "move", "id": 1, "action": roll}),  # out of turn
        json.dumps({"type": "move", "id": 1, "action": {"type": "computer", "player": other}}),
        json.dumps({"type": "hand", "x": 1e9, "y": 0, "angle": 0}),
        json.dumps({"type": "live", "action": {**roll, "player": mover}, "released": False}),
        json.dumps({"type": "live", "action": roll, "released": "yes"}),
        json.dumps({"type": "hash", "seq": 99999, "hash": "0" * 64}),
        json.dumps({"type": "hash", "seq": 1, "hash": "not hex"}),
        json.dumps({"type": "start"}),  # only the host starts
        json.dumps({"type": "assign", "seat": mover, "to": "computer:hard"}),
        json.dumps({"type": "hello", "version": 1, "room": "AAAAAA", "name": "x", "role": "spy"}),
        json.dumps({"type": "chat", "text": "a" * 1000}),
        huge,
    ]


async def _started(room: Room) -> tuple:
    """A host of ``room`` and Ann's and Bob's hand-driven connections, the game begun."""
    table = await open_table(room)
    ann, _ = await _raw(table, "Ann")
    bob, _ = await _raw(table, "Bob")
    await _next(ann, "game")
    await _next(bob, "game")
    return table, ann, bob


def test_every_hostile_message_is_refused_and_the_game_goes_on_unchanged():
    async def play() -> None:
        room = Room(new_game("lots", setup=PLAYERS))
        table, ann, bob = await _started(room)
        mover = room.game.to_act()[0]
        other = "Bob" if mover == "Ann" else "Ann"
        sockets = {"Ann": ann, "Bob": bob}
        before = (room.seq, room.game.state_hash(), room.game.match.action_count)
        frames = _hostile(table, mover, other)
        refused = 0
        for frame in frames[:-1]:
            await sockets[other].send(frame)
            reply = await _next(sockets[other], "refused")
            assert reply["reason"]
            refused += 1
        assert (room.seq, room.game.state_hash(), room.game.match.action_count) == before
        assert len([line for line in table.lines if line.startswith("refused from")]) == refused
        # an oversized frame: the connection is closed (the library's size limit)
        await sockets[other].send(frames[-1])
        with pytest.raises(ConnectionClosed):
            await _next(sockets[other], "refused")
        # the game goes on: the mover's legal move is relayed to a new connection
        assert (room.seq, room.game.state_hash()) == before[:2]
        await sockets[mover].send(
            protocol.write("move", id=1, action={"type": "roll", "player": mover})
        )
        relayed = await _next(sockets[mover], "move")
        assert relayed["seq"] == before[0] + 1 and relayed["by"] == mover
        await until(lambda: not table.host.busy and room.settled == room.seq, 10, "the roll")
        await sockets[mover].close()
        await table.stop()

    asyncio.run(play())


def test_a_connection_that_keeps_sending_refused_messages_is_closed():
    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        ws, _ = await _raw(table, "Ann")
        with pytest.raises(ConnectionClosed):
            for _ in range(MAX_BAD + 5):
                await ws.send("garbage")
                await _next(ws, "refused")
        assert ws.close_code == 1008
        assert any("too many refused messages" in line for line in table.lines)
        await table.stop()

    asyncio.run(play())


def test_a_flood_of_hands_is_refused_beyond_the_rate_and_the_others_get_at_most_that():
    async def play() -> None:
        room = Room(new_game("lots", setup=PLAYERS))
        table, ann, bob = await _started(room)
        sockets = {"Ann": ann, "Bob": bob}
        mover = room.game.to_act()[0]
        watcher = sockets["Bob" if mover == "Ann" else "Ann"]
        hand = protocol.write("hand", x=1.0, y=20.0, angle=0.0)
        for _ in range(300):
            await sockets[mover].send(hand)
        await _next(sockets[mover], "refused")  # the rate was passed
        shown = 0
        with pytest.raises(TimeoutError):
            while True:
                await _next(watcher, "hand", seconds=1.0)
                shown += 1
        assert 0 < shown < 300
        await ann.close()
        await bob.close()
        await table.stop()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("hello", "reason"),
    [
        ({"room": "ZZZZZZ"}, "wrong room code"),
        ({"version": 2}, "this host speaks protocol 1"),
        ({"role": "referee"}, "'role' is not valid"),
        ({"token": "ab" * 16}, "that token holds no seat"),
        ({"admin": "ab" * 16}, "not this room's host token"),
        ({"seat": "Zed"}, "no seat called 'Zed'"),
        ({"name": "Mal\u202elory"}, "direction-changing"),
        ({"name": "Mal\x00lory"}, "control"),
        ({"name": "\u3164"}, "visible character"),
        ({"name": "M" * 25}, "at most 24 characters"),
        ({"name": "Ann", "role": "spectator"}, "'Ann' is a player's name in this room"),
        ({"name": "A\u200bnn", "role": "spectator"}, "invisible"),
        ({"name": "Ann\u3164", "role": "spectator"}, "'Ann\u3164' is a player's name"),
    ],
)
def test_a_bad_hello_gets_one_line_and_a_closed_connection(hello, reason):
    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        ws = await connect(f"ws://{table.address}")
        fields = {"version": 1, "room": table.room.code, "name": "Mallory", "role": "player"}
        await ws.send(protocol.write("hello", **{**fields, **hello}))
        reply = json.loads(await ws.recv())
        assert reply["type"] == "error" and reason in reply["reason"]
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1008
        assert table.room.seats["Ann"].holder is None  # nothing was taken
        await table.stop()

    asyncio.run(play())


def test_a_silent_connection_is_closed_after_the_hello_wait(monkeypatch):
    monkeypatch.setattr("simulator.net.limits.HELLO_SECONDS", 0.5)

    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        ws = await connect(f"ws://{table.address}")
        said = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert said == {"type": "error", "reason": "no hello within 0.5 s"}
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 5)
        assert ws.close_code == 1008 and ws.close_reason == said["reason"]
        assert table.host.failed_joins.count("127.0.0.1") == 1  # counted as a failed join
        await table.stop()

    asyncio.run(play())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=10), children, max_size=4)
        ),
        max_leaves=12,
    ),
    st.sampled_from(sorted(protocol.FROM_CLIENT)),
)
def test_any_json_value_is_read_or_refused_with_one_line(value, kind):
    for candidate in (value, {"type": kind, "payload": value}, {"type": kind, **_fields(value)}):
        try:
            frame = json.dumps(candidate)
        except ValueError:
            continue
        try:
            message = protocol.read(frame)
        except BadMessage as exc:
            assert exc.reason and "\n" not in exc.reason
        else:
            assert message["type"] in protocol.FROM_CLIENT


def _fields(value) -> dict:
    return value if isinstance(value, dict) else {}


def test_random_bytes_never_get_past_the_reader():
    rng = random.Random(7)
    for _ in range(500):
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
        text = raw.decode("latin-1")
        for frame in (raw, text):
            with pytest.raises(BadMessage):
                protocol.read(frame)


def test_an_address_that_keeps_guessing_room_codes_must_wait():
    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        fields = {"version": 1, "room": "ZZZZZZ", "name": "Mallory", "role": "player"}
        reasons = []
        for _ in range(FAILED_JOINS + 1):
            ws = await connect(f"ws://{table.address}")
            with contextlib.suppress(ConnectionClosed):
                await ws.send(protocol.write("hello", **fields))
            reasons.append(json.loads(await ws.recv())["reason"])
            await ws.close()
        assert reasons[:FAILED_JOINS] == ["wrong room code"] * FAILED_JOINS
        assert reasons[-1] == LOCKED_OUT
        await table.stop()

    asyncio.run(play())


def test_a_rejoin_with_the_token_takes_the_seat_from_a_connection_not_yet_seen_to_drop():
    async def play() -> None:
        room = Room(new_game("filled-in", setup=PLAYERS))
        table = await open_table(room)
        first, welcome = await _raw(table, "Ann")
        fields = {"version": 1, "room": room.code, "name": "Ann", "role": "player"}
        again = await connect(f"ws://{table.address}")
        await again.send(protocol.write("hello", **fields, token=welcome["token"]))
        assert json.loads(await again.recv())["seat"] == "Ann"
        with pytest.raises(ConnectionClosed):
            while True:
                await first.recv()
        assert first.close_reason == "the seat was taken up again elsewhere"
        assert room.seats["Ann"].client is not None and room.seats["Ann"].holder == "Ann"
        await again.close()
        await table.stop()

    asyncio.run(play())


def test_an_out_of_turn_hand_is_dropped_unseen():
    async def play() -> None:
        room = Room(new_game("lots", setup=PLAYERS))
        table, ann, bob = await _started(room)
        mover = room.game.to_act()[0]
        sockets = {"Ann": ann, "Bob": bob}
        waiting = sockets["Bob" if mover == "Ann" else "Ann"]
        await waiting.send(protocol.write("hand", x=1.0, y=20.0, angle=0.0))
        with pytest.raises(TimeoutError):
            await _next(sockets[mover], "hand", seconds=1.0)
        await ann.close()
        await bob.close()
        await table.stop()

    asyncio.run(play())


def _live(action: dict, rows: list) -> str:
    return protocol.write("live", action={**action, "path": rows}, released=False)


def test_a_live_move_must_go_on_from_where_it_was_and_is_sent_at_most_ten_times_a_second():
    async def play() -> None:
        room = Room(new_game("lots", setup=PLAYERS))
        table, ann, bob = await _started(room)
        sockets = {"Ann": ann, "Bob": bob}
        mover = room.game.to_act()[0]
        me, other = sockets[mover], sockets["Bob" if mover == "Ann" else "Ann"]
        while room.game.match.state.phase != "place":  # the rolls and picks before a piece
            action = _next_discrete(room, mover)
            await me.send(protocol.write("move", id=room.seq + 1, action=action))
            await _next(me, "move")
            await until(lambda: room.settled == room.seq, 10, "the move applied")
        block = _first_block(room)
        place = {"type": "place", "player": mover, "block": block}
        await me.send(_live(place, [[10, -20.0, 40.0, 0.0, 0]]))
        assert (await _next(other, "live"))["action"]["path"] == [[10, -20.0, 40.0, 0.0, 0]]
        await me.send(_live(place, [[30, -20.0, 40.0, 0.0, 0], [5, -10.0, 40.0, 0.0, 0]]))
        await _next(other, "live")
        # turning back: the first row changed under the others' feet
        await me.send(_live(place, [[30, -25.0, 40.0, 0.0, 0]]))
        reply = await _next(me, "refused")
        assert "goes on from where it was" in reply["reason"]
        # a flood: refused beyond the rate, whatever it holds
        rows = [[30, -20.0, 40.0, 0.0, 0], [5, -10.0, 40.0, 0.0, 0]]
        for extra in range(1, 40):
            await me.send(_live(place, [*rows, [extra, -5.0, 40.0, 0.0, 0]]))
        reply = await _next(me, "refused")
        assert "at most 10 times a second" in reply["reason"]
        assert room.seq == room.settled  # no live message became a move
        await ann.close()
        await bob.close()
        await table.stop()

    asyncio.run(play())


def _next_discrete(room: Room, mover: str) -> dict:
    from rules.lots import legal_moves

    moves = [m for m in legal_moves(room.game.match.state) if m["type"] != "place"]
    return {**moves[0], "player": mover}


def _first_block(room: Room) -> str:
    from rules.lots import placement_choices

    return next(block for block, _ in placement_choices(room.game.match.state) if block)


def test_a_hello_in_any_script_is_refused_in_one_line_and_counts_towards_the_lockout():
    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        ws = await connect(f"ws://{table.address}")
        fields = {"version": 1, "room": "ÄBCDEF", "name": "Mallory", "role": "player"}
        await ws.send(protocol.write("hello", **fields))
        reply = json.loads(await ws.recv())
        assert reply["type"] == "error" and "'room' is not valid" in reply["reason"]
        assert table.host.failed_joins.count("127.0.0.1") == 1
        await table.stop()

    asyncio.run(play())


def test_a_spectators_chat_is_marked_as_watching_and_a_players_is_not():
    async def play() -> None:
        table = await open_table(Room(new_game("filled-in", setup=PLAYERS)))
        player, _ = await _raw(table, "Ann")
        watcher, welcome = await _raw(table, "Zed", role="spectator")
        assert welcome["type"] == "welcome"
        await watcher.send(protocol.write("chat", text="hello"))
        line = await _next(player, "chat")
        assert line["name"] == "Zed (watching)" and line["watching"] is True
        assert (await _next(watcher, "chat"))["text"] == "hello"  # its own, back
        await player.send(protocol.write("chat", text="hi"))
        line = await _next(watcher, "chat")
        assert line["name"] == "Ann" and line["watching"] is False
        for ws in (player, watcher):
            await ws.close()
        await table.stop()

    asyncio.run(play())
