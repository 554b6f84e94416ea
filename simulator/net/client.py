"""A client: joins a host's room, keeps a Replica in lockstep, sends its seat's moves.

One asyncio loop carries the messages; one worker thread owns the replica (a long log
replays there while pings still flow). Whoever drives the client (the app's screen, a
headless bot, a test) hears about everything through ``on_event(kind, fields)`` and
acts through ``send_moves`` and ``send_hand``; both are safe from any thread.

A dropped connection is retried with the seat's token for ``rejoin_seconds``, counting
down (``on_event("reconnecting", ...)``); the host then sends its log and the replica
carries on from it. Nothing the host sends is trusted either: a frame that is not a
message, or a game or move the scenario parser refuses, ends the connection with one
line saying why.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from simulator.net import protocol, tokens
from simulator.net.game import MoveRefused
from simulator.net.limits import PING_SECONDS
from simulator.net.protocol import TRY_AGAIN, BadMessage, write
from simulator.net.replica import Replica
from simulator.net.server import DEFAULT_PORT
from simulator.scenario.errors import ScenarioError

CONNECT_SECONDS = 10.0
REJOIN_SECONDS = 60.0
RETRY_EVERY = 1.0
HAND_EVERY = 1 / 30  # seconds between two hand positions sent (30 a second at most)
LIVE_EVERY = 1 / 10  # seconds between two live moves so far (10 a second at most)
SETTLE_LOOKS = 4  # settle-loop looks (20 ms of simulated time each) run in one go

Listener = Callable[[str, dict[str, Any]], None]


class HostGone(Exception):
    """The host cannot be reached, or ended the game; ``reason`` is one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def split_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` (an IPv6 address in brackets) as (host, port); ValueError if bad."""
    text = text.strip()
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            port = _port(rest.removeprefix(":"))
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        port = _port(number)
    if not host:
        raise ValueError(f"{text!r} names no host")
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ValueError(f"{text!r} is not a port (1 to 65535)")
    return int(text)


@dataclass(frozen=True)
class Joining:
    """Who joins which room of which host, and as what: all a client says when it joins
    (the app's Link and ``towersim join`` both hand one to a Client)."""

    address: str  # HOST[:PORT]
    room: str
    name: str
    role: str = "player"  # or "spectator"
    seat: str | None = None  # the seat asked for (None: the host's choice)
    token: str | None = None  # a seat's token, kept from an earlier join: takes it back
    admin: str | None = None  # the room's admin key: this client runs the lobby

    @classmethod
    def again(cls, address: str, room: str, name: str, *, watch: bool, seat: str | None) -> Joining:
        """A player (``watch``: a spectator) joining a room; a seat's token kept from an
        earlier join of this room (by the seat asked for, or the player's name) takes the
        seat back."""
        token = None if watch else tokens.recall(address, room, seat or name)
        return cls(address, room, name, "spectator" if watch else "player", seat, token)


class Client:
    """See the module's doc."""

    def __init__(
        self,
        joining: Joining,
        *,
        on_event: Listener = lambda kind, fields: None,
        logs: Path | None = None,
        rejoin_seconds: float = REJOIN_SECONDS,
        executor: Executor | None = None,
    ) -> None:
        self.host, self.port = split_address(joining.address)
        self.room, self.name, self.role = joining.room.upper(), joining.name, joining.role
        # The token changes as the client runs (a stale one is dropped, a welcome brings one).
        self.wish, self.token, self.admin = joining.seat, joining.token, joining.admin
        self.on_event = on_event
        self.logs = logs  # where a desync's two logs go (None: not written)
        self.rejoin_seconds = rejoin_seconds
        self.replica = Replica()
        self.lobby: dict[str, Any] = {}
        # The one thread that owns the replica: a worker of its own, or the caller's
        # (the app hands in one that its window's thread drains every frame).
        self.worker = executor or ThreadPoolExecutor(1, thread_name_prefix="towersim-replica")
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False
        self._desync: int | None = None
        self._last_hand = 0.0
        self._last_live = 0.0

    # -- running -----------------------------------------------------------------------

    async def run(self) -> None:
        """Join and play until the connection is closed on purpose (``close``); a
        dropped one is rejoined. HostGone if the host cannot be reached or refuses."""
        self._loop = asyncio.get_running_loop()
        try:
            try:
                await self._session(first=True)
            except HostGone as exc:
                if not self.token or "token" not in exc.reason:
                    raise
                self.token, self._closing = None, False  # a kept token gone stale: join anew
                await self._session(first=True)
            while not self._closing:
                if not await self._rejoin():
                    raise HostGone("lost the host and could not rejoin in time")
        finally:
            self.worker.shutdown(wait=False, cancel_futures=True)

    async def _rejoin(self) -> bool:
        deadline = time.monotonic() + self.rejoin_seconds
        while not self._closing and time.monotonic() < deadline:
            left = round(deadline - time.monotonic())
            self.on_event("reconnecting", {"seconds": left})
            try:
                await self._session(first=False)
                return True
            except HostGone:
                await asyncio.sleep(RETRY_EVERY)
        return self._closing

    async def _session(self, first: bool) -> None:
        """One connection: hello, then messages until it closes. HostGone if it could
        not be opened or the host refused it; returns when it dropped."""
        uri = (
            f"ws://{self.host}:{self.port}"
            if ":" not in self.host
            else f"ws://[{self.host}]:{self.port}"
        )
        try:
            ws = await connect(
                uri,
                max_size=protocol.MAX_GAME_BYTES,
                open_timeout=CONNECT_SECONDS,
                ping_interval=PING_SECONDS,
                ping_timeout=2 * PING_SECONDS,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            raise HostGone(f"cannot reach {self.host}:{self.port}: {exc}") from None
        self._ws = ws
        try:
            await ws.send(write("hello", **self._hello()))
            async for frame in ws:
                await self._received(frame)
        except ConnectionClosed:
            pass
        finally:
            self._ws = None
        if ws.close_code == TRY_AGAIN:  # the host is full or busy: a rejoin tries again
            raise HostGone(ws.close_reason or "the host is busy; try again later")
        if ws.close_code == 1008 or (first and self.replica.seat is None and self.role == "player"):
            reason = ws.close_reason or "the host closed the connection"
            self._closing = True
            raise HostGone(reason)
        if ws.close_code == 1000 and not self._closing:
            self._closing = True  # the host ended the game
            self.on_event("closed", {"reason": ws.close_reason or "the host ended the game"})

    def _hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = {
            "version": protocol.VERSION,
            "room": self.room,
            "name": self.name,
            "role": self.role,
        }
        if self.token:
            hello["token"] = self.token
        elif self.wish:
            hello["seat"] = self.wish
        if self.admin:
            hello["admin"] = self.admin
        return hello

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close(1000, "left the game")

    # -- from the host -----------------------------------------------------------------

    async def _received(self, frame: str | bytes) -> None:
        try:
            message = protocol.read_from_host(frame)
            await self._handle(message)
        except (BadMessage, ScenarioError, MoveRefused, ValueError, KeyError, TypeError) as exc:
            reason = getattr(exc, "reason", None) or getattr(exc, "message", None) or str(exc)
            self.on_event("error", {"reason": f"the host sent something wrong: {reason}"})
            self._closing = True
            if self._ws is not None:
                await self._ws.close(1008, "bad message from the host")
        except ConnectionClosed:
            raise
        except Exception as exc:  # a fault here, not the host's: take the host's log again
            why = f"{type(exc).__name__}: {exc}"
            self.on_event("error", {"reason": f"this copy of the game failed ({why}); resyncing"})
            await self._send("resync")

    async def _handle(self, message: dict[str, Any]) -> None:
        kind = message.pop("type")
        replica = self.replica
        if kind == "welcome":
            replica.seat = message["seat"]
            self.token = message["token"] or self.token
            self.lobby = message["lobby"]
        elif kind == "lobby":
            self.lobby = message
        elif kind == "game":
            await self._game(message)
        elif kind == "move":
            await self._move(message)
            return
        elif kind == "live":
            await self._live(message)
            return
        elif kind == "refused" and message.get("move") and replica.game is not None:
            if not await self._in_replica(replica.refused):
                await self._send("resync")
        elif kind == "desync":
            self._desync = int(message["seq"])
        self.on_event(kind, message)

    async def _game(self, message: dict[str, Any]) -> None:
        document, seq = message["document"], int(message["seq"])
        if not isinstance(document, dict):
            raise BadMessage("the host's game is not a table")
        if self._desync is not None and self.logs is not None and self.replica.game:
            label = f"desync-{self.room}-move-{self._desync}"
            paths = await self._in_replica(self.replica.write_logs, self.logs, label, document)
            message["logs"] = [str(p) for p in paths]
        self._desync = None
        message["replaced"], message["over"] = await self._in_replica(self._load, document, seq)

    def _load(self, document: dict[str, Any], seq: int) -> tuple[bool, bool]:
        """On the replica's thread: take the host's game; whether it replaced the copy,
        and whether the game is over."""
        return self.replica.load("the host's game", document, seq), self.replica.over

    async def _move(self, message: dict[str, Any]) -> None:
        seq, by, sender = int(message["seq"]), str(message["by"]), message.get("id")
        game = self.replica.game
        if game is None:
            raise BadMessage("the host sent a move before the game")
        action = await self._in_replica(game.check, message["action"], "the host's move")
        # Heard before it is applied (a placement's physics takes a while): a screen can
        # say at once that the move is in, and show the piece where it was let go.
        self.on_event("arriving", {"seq": seq, "by": by, "id": sender, "action": action})
        digest, over = await self._in_replica(self._relayed, seq, by, sender, action)
        await self._send("hash", seq=seq, hash=digest)
        mine = by == self.replica.seat
        fields = {"seq": seq, "by": by, "id": sender, "action": action, "mine": mine}
        self.on_event("move", {**fields, "over": over})

    def _relayed(self, seq: int, by: str, sender: int | None, action: Any) -> tuple[str, bool]:
        """On the replica's thread: apply a relayed move; its hash, and whether the game
        is over as the host has it (read in the same go: a move this client makes next,
        on that thread, is not the host's yet)."""
        return self.replica.relayed(seq, by, sender, action), self.replica.over

    async def _live(self, message: dict[str, Any]) -> None:
        """Another seat's live move so far: run ahead on the replica's match; a piece let
        go then settles a few looks at a time (between them, messages and frames go on)."""
        message["ran"] = await self._in_replica(self.replica.run_ahead, message)
        self.on_event("live", message)
        if message["ran"] and message.get("released"):
            while not await self._in_replica(self.replica.settle_ahead, SETTLE_LOOKS):
                pass

    async def _in_replica(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.worker, function, *args)

    # -- to the host -------------------------------------------------------------------

    async def _send(self, kind: str, **fields: Any) -> None:
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(write(kind, **fields))

    def call(self, kind: str, **fields: Any) -> None:
        """Send a message from any thread (dropped while the connection is down)."""
        if self._loop is not None and not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(self._send(kind, **fields), self._loop)

    def send_moves(self) -> int:
        """Send the moves this client's player made on the replica's match since the
        last call (the caller holds the replica's thread); how many."""
        fresh = self.replica.own_moves()
        for pending in fresh:
            self.call("move", id=pending.id, action=pending.action)
        return len(fresh)

    def send_live(self, action: dict[str, Any], *, released: bool = False) -> None:
        """This player's live move so far (its path as recorded, at most LIVE_EVERY
        apart; the release always), so the others can run it ahead."""
        now = time.monotonic()
        if not released and now - self._last_live < LIVE_EVERY:
            return
        self._last_live = now
        self.call("live", action=action, released=released)

    def send_hand(self, x: float, y: float, angle: float, piece: str | None = None) -> None:
        """Where this player's hand is (at most 30 times a second; drawn by the others)."""
        now = time.monotonic()
        if now - self._last_hand < HAND_EVERY:
            return
        self._last_hand = now
        fields: dict[str, Any] = {"x": x, "y": y, "angle": angle}
        if piece:
            fields["piece"] = piece
        self.call("hand", **fields)

    def replica_thread(self, function: Callable[..., Any], *args: Any) -> Future:
        """Run ``function`` on the replica's thread (from any thread)."""
        return self.worker.submit(function, *args)


class ClientThread:
    """A Client on a loop of its own, for a caller without asyncio (the app)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.error: str | None = None
        self._thread = threading.Thread(target=self._main, name="towersim-client", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        try:
            asyncio.run(self.client.run())
        except HostGone as exc:
            self.error = exc.reason
            self.client.on_event("closed", {"reason": exc.reason})

    def stop(self, wait: float = 2.0) -> None:
        loop = self.client._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.client.close(), loop)
        self._thread.join(wait)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()
