"""The protocol fuzzed against a running host: sequences of frames, well-formed or not,
of every message type with hostile and plausible fields, from a player and a
spectator. Each frame gets at most one line back, the host never fails on one (no
traceback, no fault logged), changes the game only by moves it relays to everyone,
and still welcomes the next connection. Bounded: a few dozen sequences, a few seconds."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from simulator.net import protocol
from simulator.net.room import Room
from tests.net.harness import new_game, open_table

NAMES = ["Ann", "Bob"]
END = protocol.write("chat", text="end")  # heard by everyone once the frames are read
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from([*NAMES, "", "?", "computer:hard", "open", "\u202e", "a" * 300])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["roll", "pass", "place", "computer", "move"])},
    optional={"player": st.sampled_from(NAMES), "path": VALUES, "block": VALUES},
)


@st.composite
def messages(draw: st.DrawFn) -> str:
    """One frame: a message of a known type with drawn fields, or anything at all."""
    kind = draw(st.sampled_from([*sorted(protocol.FROM_CLIENT), "teleport"]))
    fields: dict[str, Any] = {"type": kind}
    for name in protocol.FROM_CLIENT.get(kind, {}):
        key = name.rstrip("?")
        if draw(st.booleans()) or not name.endswith("?"):
            fields[key] = draw(ACTIONS if key == "action" else VALUES)
    if draw(st.integers(0, 9)) == 0:
        fields[draw(st.text(min_size=1, max_size=6))] = draw(VALUES)
    frame = json.dumps(fields)
    return draw(
        st.sampled_from([frame, frame[: len(frame) // 2], frame.replace(":", ":NaN,", 1)])
        | st.just(frame)
    )


async def _hello(table: Any, name: str, role: str) -> ClientConnection:
    ws = await connect(f"ws://{table.address}", max_size=protocol.MAX_GAME_BYTES)
    hello = {"version": 1, "room": table.room.code, "name": name, "role": role}
    await ws.send(protocol.write("hello", **hello))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _until(ws: ClientConnection, kind: str, text: str | None = None) -> list[dict]:
    """What ``ws`` hears up to a message of ``kind`` (a chat: saying ``text``), or until
    its connection closes."""
    heard = []
    try:
        async with asyncio.timeout(20):
            while True:
                message = json.loads(await ws.recv())
                heard.append(message)
                if message["type"] == kind and (text is None or message.get("text") == text):
                    return heard
    except ConnectionClosed:
        return heard


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(messages(), min_size=1, max_size=15), st.sampled_from(["player", "spectator"]))
def test_any_sequence_of_frames_gets_at_most_a_line_each_and_the_host_serves_on(frames, role):
    async def play() -> None:
        room = Room(new_game("lots", setup={"players": NAMES}))
        table = await open_table(room)
        ann = await _hello(table, "Ann", "player")
        bob = await _hello(table, "Bob", "player")
        watcher = await _hello(table, "Wes", "spectator")
        sender = {"player": ann if "Ann" in room.game.to_act() else bob, "spectator": watcher}
        ws = sender[role]
        for socket in (ann, bob, watcher):
            await _until(socket, "game")
        before = room.game.state_hash()
        for frame in [*frames, END]:  # the host reads a connection's frames in order
            try:
                await ws.send(frame)
            except ConnectionClosed:
                break
        heard = await _until(ws, "chat", "end")
        seen = heard if ws is watcher else await _until(watcher, "chat", "end")
        relayed = [m for m in seen if m["type"] == "move"]
        replies = [m for m in heard if m["type"] in ("refused", "error")]
        assert len(replies) <= len(frames)
        assert all(m["reason"] and "\n" not in m["reason"] for m in replies)
        assert not [line for line in table.lines if line.startswith("failed on")], table.lines
        assert all("\n" not in line and "Traceback" not in line for line in table.lines)
        # the game changed only by moves relayed to everyone, and the host serves on
        while table.host.busy or room.settled != room.seq:
            await asyncio.sleep(0.05)
        assert room.seq == len(relayed)
        if room.seq == 0:
            assert room.game.state_hash() == before
        late = await _hello(table, "Late", "spectator")
        for socket in (ann, bob, watcher, late):
            await socket.close()
        await table.stop()

    asyncio.run(play())
