"""The app's end of a network game: the client (and, for the host, its server) on threads
of their own, and everything they hear handed to the window's thread.

The replica's match is drawn and played on by the window, so it is only ever touched
there: the client's replica work (``executor=``) and every event it hears go into one
queue, in the order they happened, which the window drains every frame (``pump``). The
screen showing (the lobby or the game) hears the events through ``Link.view``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.net import tokens
from simulator.net.addresses import reach_words, shared_address
from simulator.net.cli import host_for
from simulator.net.client import Client, ClientThread, Joining
from simulator.net.room import Room

HOST_START_SECONDS = 10.0  # the host's server must listen within this
HAND_SHOWN = 1.0  # real seconds a streamed hand stays drawn after its last position
PUMP_SECONDS = 0.006  # a frame's time for network work that arrives while it is drained

View = Callable[[str, dict[str, Any]], None]


class WindowExecutor(Executor):
    """An executor whose work runs on whichever thread calls ``drain`` (the window's,
    every frame); ``post`` queues a call with no future, in the same order."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Future | None, Callable[..., Any], tuple, dict]] = (
            queue.SimpleQueue()
        )
        self._shut = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if self._shut:
            raise RuntimeError("the window's executor is shut down")
        future: Future = Future()
        self._queue.put((future, fn, args, kwargs))
        return future

    def post(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` at the next drain (after the work queued before it); kept
        after a shutdown too: a client's last words ("closed") still arrive."""
        self._queue.put((None, fn, args, {}))

    def drain(self, budget: float = 0.0) -> int:
        """Run what was queued when the drain began on this thread, then what comes
        meanwhile for up to ``budget`` seconds (a settling piece's next few looks, not
        all of them in one frame); how many calls ran. A posted call that raises
        propagates (a bug of the app's); submitted work's exception goes to its future
        (the client reports it)."""
        ran, due = 0, self._queue.qsize()
        deadline = time.monotonic() + budget
        while ran < due or time.monotonic() < deadline:
            try:
                future, fn, args, kwargs = self._queue.get_nowait()
            except queue.Empty:
                return ran
            ran += 1
            if future is None:
                fn(*args, **kwargs)
                continue
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:  # the future carries it to the client's loop
                future.set_exception(exc)
            else:
                future.set_result(result)
        return ran

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._shut = True
        if not cancel_futures:
            return
        kept = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item[0] is None:
                kept.append(item)
            else:
                item[0].cancel()
        for item in kept:
            self._queue.put(item)


class HostThread:
    """The host's server (``simulator.net.cli.host_for``) on a thread and asyncio loop
    of its own, so the window never waits on the network."""

    def __init__(self, room: Room, args: argparse.Namespace) -> None:
        self.room, self.args = room, args
        self.port: int | None = None
        self.error: str | None = None
        self._listening = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._host: Any = None
        self._thread = threading.Thread(target=self._main, name="towersim-host", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except OSError as exc:
            where = f"{self.args.bind}:{self.args.port}"
            self.error = f"cannot listen on {where}: {exc.strerror or exc}"
        finally:
            self._listening.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._host = host_for(self.room, self.args)
        await self._host.run(self._started)

    def _started(self, port: int) -> None:
        self.port = port
        self._listening.set()

    def wait_listening(self, seconds: float = HOST_START_SECONDS) -> int | str:
        """The port once the server listens, or one line saying why it does not."""
        self._listening.wait(seconds)
        if self.port is not None:
            return self.port
        return self.error or f"the server did not start within {seconds:g} s"

    @property
    def address(self) -> str:
        """Where others reach the room: this machine's address on its network when the
        server listens on every network (simulator/net/addresses.py)."""
        return shared_address(self.args.bind, self.port or 0)

    @property
    def reach(self) -> str:
        """Who can join and at which address, in sentences (the lobby says it)."""
        return reach_words(self.args.bind, self.port or 0)

    def stop(self, wait: float = 3.0) -> None:
        loop, host = self._loop, self._host
        if loop is not None and host is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(host.stop)
        self._thread.join(wait)


@dataclass
class Hand:
    """Where another player's hand was last seen (world cm, degrees), and holding what."""

    x: float
    y: float
    angle: float
    piece: str | None
    seen: float  # time.monotonic() when it came


class Link:
    """One player's (or spectator's) connection, for the window (see the module's doc).

    ``view`` hears every event on the window's thread, after the link has noted what it
    keeps: the lobby, its seat, the hands streamed, the countdowns, why it closed."""

    def __init__(
        self,
        joining: Joining,
        *,
        logs: Path | None = None,
        host: HostThread | None = None,
        remember: bool = False,
    ) -> None:
        self.address, self.name = joining.address, joining.name
        self.host = host  # our own server, when this window hosts
        self.executor = WindowExecutor()
        self.client = Client(
            joining,
            on_event=self._heard,
            logs=logs if logs is not None else tokens.network_folder(),
            executor=self.executor,
        )
        self.remember = remember  # keep the seat's token for a restarted `towersim join`
        self.view: View | None = None
        self.lobby: dict[str, Any] = {}
        self.hands: dict[str, Hand] = {}
        self.closed: str | None = None  # why the connection ended for good
        self.joined = False  # the host welcomed us
        self._thread: ClientThread | None = None

    @property
    def room(self) -> str:
        return self.client.room

    @property
    def admin(self) -> bool:
        return self.client.admin is not None

    @property
    def seat(self) -> str | None:
        return self.client.replica.seat

    @property
    def game(self) -> Any:
        """The replica's NetGame (None before the game starts)."""
        return self.client.replica.game

    def start(self) -> None:
        self._thread = ClientThread(self.client)

    def stop(self) -> None:
        """Leave the game (and stop our server, if we host it)."""
        if self._thread is not None:
            self._thread.stop(wait=2.0)
            self._thread = None
        if self.host is not None:
            self.host.stop()
            self.host = None

    # -- the client's thread ---------------------------------------------------------------

    def _heard(self, kind: str, fields: dict[str, Any]) -> None:
        self.executor.post(self._event, kind, fields)

    # -- the window's thread ---------------------------------------------------------------

    def pump(self) -> int:
        """Run the replica's work and hand out the events heard (every frame)."""
        return self.executor.drain(PUMP_SECONDS)

    def _event(self, kind: str, fields: dict[str, Any]) -> None:
        if kind == "welcome":
            self.joined = True
            self.lobby = fields["lobby"]
            if self.remember and fields.get("seat") and fields.get("token"):
                names = (fields["seat"], self.name)
                tokens.remember(self.address, self.room, names, fields["token"])
        elif kind == "lobby":
            self.lobby = fields
        elif kind == "hand":
            self.hands[fields["seat"]] = Hand(
                float(fields["x"]),
                float(fields["y"]),
                float(fields["angle"]),
                fields.get("piece"),
                time.monotonic(),
            )
        elif kind == "move":
            self.hands.pop(fields["by"], None)  # the final action replaces the hand
        elif kind == "closed":
            self.closed = fields.get("reason") or "the connection closed"
        if self.view is not None:
            self.view(kind, fields)

    def shown_hands(self) -> dict[str, Hand]:
        """The other players' hands seen lately (an old one is forgotten)."""
        now = time.monotonic()
        for seat in [s for s, h in self.hands.items() if now - h.seen > HAND_SHOWN]:
            del self.hands[seat]
        return self.hands

    # -- to the host -----------------------------------------------------------------------

    def send_moves(self) -> int:
        """Send the local player's moves made since the last call (window's thread)."""
        if self.game is None:
            return 0
        return self.client.send_moves()

    def send_live(self, action: dict[str, Any], released: bool) -> None:
        """Our live move so far (the others run it ahead), and when a piece is let go."""
        self.client.send_live(action, released=released)

    def send_hand(self, x: float, y: float, angle: float, piece: str | None) -> None:
        self.client.send_hand(x, y, angle, piece)

    def assign(self, seat: str, to: str) -> None:
        self.client.call("assign", seat=seat, to=to)

    def start_game(self) -> None:
        self.client.call("start")

    def chat(self, text: str) -> None:
        self.client.call("chat", text=text)


def lobby_ready(lobby: dict[str, Any]) -> bool:
    """Every seat is held by a person or a computer (the host may start)."""
    seats = lobby.get("seats") or []
    return bool(seats) and all(s["kind"] == "computer" or s["holder"] for s in seats)
