"""The host: a WebSocket server around a Room (docs/network.md, "The host").

One asyncio loop carries the messages; one worker thread owns the room and its match,
so a move's physics never holds up the messages (hands, hashes, the lobby) and two
moves never run at once. A checked move is relayed to every peer before the host
applies it itself, since every peer reaches the same result with it, refused or not:
what a peer waits for is the network, not the host's physics.

Nothing from a connection is trusted (every bound is in simulator/net/limits.py): a
connection is admitted only after a valid hello, said within ``HELLO_SECONDS``, and
until then holds a handshake place of a smaller budget of its own (admission.py); a
seat's token always gets back in. Frames are at most MAX_MESSAGE_BYTES, rate-limited,
every message checked (protocol.read, Room.check_move); a refused message gets one line
back and is logged, and a connection that keeps sending them is closed. Every wait has
a limit the players see counting down: a player who left has ``rejoin_seconds`` to come
back before the computer takes the seat, and a player to move has ``turn_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from simulator.games.ahead import streams_on
from simulator.net import admission, limits, protocol
from simulator.net.protocol import TRY_AGAIN, BadMessage, write
from simulator.net.room import Refused, Room

DEFAULT_PORT = 47474
TAKEOVER_LEVEL = "easy"
COUNTDOWN_FROM = 30.0  # a turn's countdown is shown to everyone from here on
TICK = 1.0
SEE_OFF_SECONDS = 2.0  # a game that ended: its connections closing are seen off this long


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def wait(self) -> float:
        """Take a token: 0 if one was there, else the seconds until one will be (the
        token is taken all the same, so waiting that long keeps to the rate)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


@dataclass
class Peer:
    """One connection: who it is and how much it may still send."""

    id: int
    ws: ServerConnection
    name: str = ""
    role: str = "player"
    admin: bool = False
    # Hands, chat, lobby commands: refused beyond the rate. Moves: slowed down to it
    # (a quick bot's moves are fine, only later), since each costs every peer physics.
    messages: Bucket = field(
        default_factory=lambda: Bucket(limits.MESSAGES_PER_SECOND, limits.BURST)
    )
    moves: Bucket = field(
        default_factory=lambda: Bucket(limits.MOVES_PER_SECOND, limits.MOVE_BURST)
    )
    lives: Bucket = field(
        default_factory=lambda: Bucket(limits.LIVES_PER_SECOND, limits.LIVE_BURST)
    )
    reported: int = 0  # the last move whose hash the peer reported
    bad: int = 0
    joined: bool = False  # it has the game (a "game" message was sent)
    resyncs: tuple[int, int] = (-1, 0)  # (move, resyncs answered at it)


class Host:
    """Serves one room (see the module's doc); ``log`` gets one line per event worth
    keeping (joins, refusals, desyncs)."""

    def __init__(
        self,
        room: Room,
        *,
        bind: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        log: Callable[[str], None] = lambda line: None,
        rejoin_seconds: float = limits.REJOIN_SECONDS,
        turn_seconds: float = limits.TURN_SECONDS,
        takeover: str = TAKEOVER_LEVEL,
        start_when_ready: bool = False,
    ) -> None:
        self.room = room
        self.bind, self.port = bind, port
        self.log = log
        self.rejoin_seconds, self.turn_seconds = rejoin_seconds, turn_seconds
        self.takeover = takeover
        self.start_when_ready = start_when_ready
        self.peers: dict[int, Peer] = {}
        self._ids = itertools.count(1)
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="towersim-room")
        self._moves = asyncio.Lock()
        self._starting = room.started
        self._away: dict[str, float] = {}  # seat -> when its player left
        self.failed_joins = admission.FailedJoins()
        # Connections saying hello (peer id -> its address, when it began, its socket),
        # and the places of the admitted ones.
        self._greeting: dict[int, tuple[str, float, ServerConnection]] = {}
        self._handshakes = admission.Places(limits.HANDSHAKES, limits.HANDSHAKES_PER_ADDRESS)
        self.admitted = admission.Places(limits.MAX_CONNECTIONS, limits.MAX_PER_ADDRESS)
        self._closing: set[asyncio.Task] = set()  # turning away a connection silent too long
        # The live move streamed now: ((seq, seat), its last action, let go yet)
        self._stream: tuple[tuple[int, str], dict[str, Any], bool] | None = None
        self._turn: tuple[tuple[str, ...], int, float] | None = None
        self._reports: dict[int, dict[int, str]] = {}  # peer -> seq -> hash not yet checked
        self._answering = 0  # desyncs and reveals being answered with the host's game
        self._serving = 0  # connections admitted and not yet seen off (``_gone``)
        self.server: Server | None = None
        self.finished = asyncio.Event()

    # -- running -----------------------------------------------------------------------

    async def run(self, started: Callable[[int], None] | None = None) -> None:
        """Serve until ``stop``; ``started`` gets the port once it listens."""
        async with serve(
            self._connection,
            self.bind,
            self.port,
            max_size=limits.MAX_MESSAGE_BYTES,
            ping_interval=limits.PING_SECONDS,
            ping_timeout=2 * limits.PING_SECONDS,
            open_timeout=limits.HELLO_SECONDS,
        ) as server:
            self.server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            if started is not None:
                started(self.port)
            ticker = asyncio.create_task(self._ticker())
            for name in self.room.away() if self.room.started else []:
                self._away[name] = time.monotonic()  # resumed: each has time to come back
            try:
                if self.room.started:  # resumed: the computers go on at once
                    await self._computers()
                await self.finished.wait()
            finally:
                ticker.cancel()
                self._worker.shutdown(wait=True, cancel_futures=True)

    @property
    def busy(self) -> bool:
        """A move is being checked, relayed or applied."""
        return self._moves.locked()

    def stop(self) -> None:
        """End ``run`` (from the host's own loop; another thread calls it through
        ``loop.call_soon_threadsafe``)."""
        self.finished.set()

    def judged(self) -> bool:
        """Every move relayed is applied, and every client that has the game reported its
        hash after the last one and the host checked it (a desync answered with the
        host's game, a reveal sent): nothing a client still needs is on its way."""
        room = self.room
        if self.busy or self._answering or room.settled < room.seq or room.reveal_pending:
            return False
        return all(
            peer.reported >= room.seq and not self._reports.get(peer.id)
            for peer in list(self.peers.values())
            if peer.joined
        )

    async def end(self, reason: str = "the game is over", wait: float = limits.END_SECONDS) -> None:
        """The game is over: once every client's last hash is judged (``wait`` seconds at
        most), each connection is closed with ``reason`` and ``run`` ends. Closed as a
        host ends a game (1000), not as it goes away: a client does not try to rejoin,
        and one whose last hash differed has the host's game by then."""
        deadline = time.monotonic() + wait
        while not self.judged() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for peer in list(self.peers.values()):
            with contextlib.suppress(ConnectionClosed):
                await peer.ws.close(1000, reason)
        deadline = time.monotonic() + SEE_OFF_SECONDS
        while self._serving and time.monotonic() < deadline:  # each seen off, as a leave is
            await asyncio.sleep(0.05)
        self.stop()

    async def _in_room(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function`` on the room's thread (nothing else touches the match)."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, function, *args)

    # -- a connection ------------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        """A new connection: a handshake place until its hello is checked, then, if it
        is admitted, a place among the connections served."""
        peer = Peer(next(self._ids), ws)
        host = str(ws.remote_address[0]) if ws.remote_address else ""
        address = admission.address_key(host)
        if self._handshakes.crowded(address):
            await self._turn_away(ws, admission.CROWDED, TRY_AGAIN)
            return
        if self._handshakes.full():
            self._make_room()
        self._handshakes.enter(address)
        self._greeting[peer.id] = (address, time.monotonic(), ws)
        try:
            admitted = await self._admit(peer, ws, address, host)
        finally:
            self._greeted(peer.id)
        if not admitted:
            return
        try:  # its place was taken when the hello was accepted (``_hello``)
            await self._serve(peer, ws)
        finally:
            self.admitted.leave(address)

    def _greeted(self, peer_id: int) -> tuple[str, float, ServerConnection] | None:
        """The connection's handshake is over (it said hello, left, or was turned away):
        its handshake place is free."""
        greeting = self._greeting.pop(peer_id, None)
        if greeting is not None:
            self._handshakes.leave(greeting[0])
        return greeting

    def _make_room(self) -> None:
        """Every handshake place is taken: the connection silent longest gives up its
        place (a real client says hello within milliseconds of connecting)."""
        oldest = min(self._greeting, key=lambda pid: self._greeting[pid][1])
        greeting = self._greeted(oldest)
        assert greeting is not None
        task = asyncio.create_task(self._turn_away(greeting[2], admission.BUSY, TRY_AGAIN))
        self._closing.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._closing.discard)

    async def _turn_away(self, ws: ServerConnection, reason: str, code: int = 1008) -> None:
        """One line saying why, then the connection closes (1013: try again later)."""
        with contextlib.suppress(ConnectionClosed):
            await ws.send(write("error", reason=reason))
            await ws.close(code, reason[:120])

    async def _admit(self, peer: Peer, ws: ServerConnection, address: str, host: str) -> bool:
        """Read and check the hello; True if the connection is admitted."""
        try:
            frame = await asyncio.wait_for(ws.recv(), limits.HELLO_SECONDS)
        except TimeoutError:
            self._greeted(peer.id)
            self.failed_joins.note(address)  # a silent connection counts as a refused join
            await self._turn_away(ws, f"no hello within {limits.HELLO_SECONDS:g} s")
            return False
        except ConnectionClosed:
            return False
        self._greeted(peer.id)  # it spoke: its hello is checked at once
        try:
            await self._hello(peer, frame, address)
        except _TurnedAway as exc:  # locked out or full: not a guess, not counted
            await self._turn_away(ws, exc.reason, exc.code)
            return False
        except Exception as exc:  # a refusal, or any fault: one line, no traceback
            reason = getattr(exc, "reason", None) or "the host could not read that hello"
            self.failed_joins.note(address)
            self.log(f"refused a connection from {host or 'somewhere'}: {reason}")
            await self._turn_away(ws, reason)
            return False
        return True

    async def _serve(self, peer: Peer, ws: ServerConnection) -> None:
        self.peers[peer.id] = peer
        self._serving += 1
        try:
            await self._welcome(peer)
            async for frame in ws:
                await self._received(peer, frame)
                if peer.bad > limits.MAX_BAD:
                    self.log(f"closed {peer.name}'s connection: too many refused messages")
                    await ws.close(1008, "too many refused messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            try:
                await self._gone(peer)
            finally:
                self._serving -= 1

    async def _hello(self, peer: Peer, frame: str | bytes, address: str) -> None:
        """Check a hello and seat its sender. Refused (counted as a failed join) for a
        bad one; _TurnedAway, uncounted, for a good one the host cannot take now. A
        seat's token and the host's own app get in whatever the lockouts and places."""
        hello = protocol.read(frame)
        if hello["type"] != "hello":
            raise BadMessage("say hello first")
        if hello["version"] != protocol.VERSION:
            raise Refused(
                f"this host speaks protocol {protocol.VERSION}, your towersim "
                f"{hello['version']}; use the same version of towersim"
            )
        returning = self._returning(hello)
        locked = self.failed_joins.locked(address)
        if locked and not returning:
            raise _TurnedAway(locked, 1008)
        if not secrets.compare_digest(hello["room"].upper(), self.room.code):
            raise Refused("wrong room code")
        peer.name, peer.role = hello["name"], hello["role"]
        admin = hello.get("admin")
        peer.admin = admin is not None and secrets.compare_digest(admin, self.room.admin)
        if admin is not None and not peer.admin:
            raise Refused("that is not this room's host token")
        if not returning:
            if self.admitted.full():
                raise _TurnedAway(admission.FULL, TRY_AGAIN)
            if self.admitted.crowded(address):
                raise _TurnedAway(admission.CROWDED, TRY_AGAIN)
        self.admitted.enter(address)  # taken now, so two hellos at once cannot both fit
        try:
            if peer.role == "player":
                await self._in_room(
                    self.room.take_seat, peer.id, peer.name, hello.get("token"), hello.get("seat")
                )
            else:
                await self._in_room(self.room.admit_spectator, peer.name)
        except BaseException:
            self.admitted.leave(address)
            raise
        # A rejoin may come before the host saw the old connection drop: the seat is the
        # new one's, and the old one is closed.
        old = self.peers.get(self.room.displaced or 0) if peer.role == "player" else None
        if old is not None:
            with contextlib.suppress(ConnectionClosed):
                await old.ws.close(1000, "the seat was taken up again elsewhere")

    def _returning(self, hello: dict[str, Any]) -> bool:
        """A hello with a seat's token or the host's own: let in even when the room is
        full or strangers are locked out (those tokens are 128 random bits)."""
        token, admin = hello.get("token"), hello.get("admin")
        if admin is not None and secrets.compare_digest(admin, self.room.admin):
            return True
        return token is not None and any(
            secrets.compare_digest(seat.token, token) for seat in self.room.seats.values()
        )

    async def _welcome(self, peer: Peer) -> None:
        seat = self.room.seat_of(peer.id)
        self.log(f"{peer.name} joined" + (f" in {seat.name}'s seat" if seat else " to watch"))
        self._away.pop(seat.name if seat else "", None)
        await self._send(
            peer,
            "welcome",
            version=protocol.VERSION,
            seat=seat.name if seat else None,
            token=seat.token if seat else None,
            lobby=self.room.lobby(),
        )
        if self.room.started:
            await self._send_game(peer)
        await self._lobby_changed()

    async def _gone(self, peer: Peer) -> None:
        self.peers.pop(peer.id, None)
        self._reports.pop(peer.id, None)
        seat = await self._in_room(self.room.left, peer.id)
        if seat is not None:
            self.log(f"{peer.name} left {seat.name}'s seat")
            if self.room.started:
                self._away[seat.name] = time.monotonic()
        if not self.finished.is_set():
            await self._lobby_changed()

    # -- messages ----------------------------------------------------------------------

    async def _received(self, peer: Peer, frame: str | bytes) -> None:
        kind: str | None = None
        try:
            message = protocol.read(frame)
            kind = message["type"]
            if kind == "move":
                await asyncio.sleep(peer.moves.wait())
            elif kind == "live" and peer.lives.wait() > 0:
                raise BadMessage("a live move is sent at most 10 times a second")
            elif not self._fresh_report(peer, message) and peer.messages.wait() > 0:
                raise BadMessage("too many messages; slow down")
            await self._dispatch(peer, message)
        except (BadMessage, Refused) as exc:
            kind = kind or getattr(exc, "kind", None)
            self.log(f"refused from {peer.name or peer.id}: {exc.reason}")
            await self._refuse(peer, exc.reason, kind)
        except ConnectionClosed:
            raise
        except Exception as exc:  # a bug of the host's must not end everyone's game
            self.log(
                f"failed on a message from {peer.name or peer.id}: {type(exc).__name__}: {exc}"
            )
            await self._refuse(peer, "the host could not handle that message", kind)

    async def _refuse(self, peer: Peer, reason: str, kind: str | None) -> None:
        peer.bad += 1
        refused: dict[str, Any] = {"reason": reason}
        if kind == "move":
            refused["move"] = True  # its client takes its optimistic move back
        await self._send(peer, "refused", **refused)

    async def _dispatch(self, peer: Peer, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "move":
            await self._move(peer, message)
        elif kind == "hand":
            await self._hand(peer, message)
        elif kind == "live":
            await self._live(peer, message)
        elif kind == "hash":
            self._report(peer, message["seq"], message["hash"])
            await self._check_reports(peer)
        elif kind == "resync":
            self._count_resync(peer)
            await self._send_game(peer)
        elif kind == "chat":
            # A spectator's line is marked, so nobody watching can pass for a player.
            watching = self.room.seat_of(peer.id) is None
            name = f"{peer.name} (watching)" if watching else peer.name
            await self._broadcast("chat", name=name, watching=watching, text=message["text"])
        elif kind in ("assign", "start"):
            await self._lobby_command(peer, message)
        else:  # "hello" again
            raise BadMessage("a connection says hello once")

    def _count_resync(self, peer: Peer) -> None:
        """A resync costs the whole log: answered RESYNCS_PER_MOVE times a move for each
        connection (a join or a desync counts too), refused with one line beyond."""
        at, answered = peer.resyncs
        if at == self.room.seq and answered >= limits.RESYNCS_PER_MOVE:
            raise Refused(
                f"you have the host's game as of move {at} already; ask again after a move"
            )

    async def _move(self, peer: Peer, message: dict[str, Any]) -> None:
        async with self._moves:
            action = await self._in_room(self.room.check_move, peer.id, message["action"])
            seat = self.room.seat_of(peer.id)
            assert seat is not None  # check_move found it
            # On the room's thread: relaying appends the move to the log on disk.
            move = await self._in_room(self.room.relay, action, seat.name, message["id"])
            await self._broadcast("move", **move.message())
            try:
                await self._in_room(self.room.apply, move)
            except Exception as exc:  # relayed: every peer has it, so it is never refused
                self.log(f"failed after relaying move {move.seq}: {type(exc).__name__}: {exc}")
        await self._settled()

    async def _hand(self, peer: Peer, message: dict[str, Any]) -> None:
        seat = self.room.seat_of(peer.id)
        if seat is None or seat.name not in self.room.waiting:
            return  # a hand sent as the turn passed: nothing to show, nothing to say
        fields = {k: message[k] for k in ("x", "y", "angle", "piece") if k in message}
        await self._broadcast("hand", skip=peer.id, seat=seat.name, **fields)

    @staticmethod
    def _fresh_report(peer: Peer, message: dict[str, Any]) -> bool:
        """A hash report for a move the peer has not reported yet: one a move is what
        lockstep needs, however quick the game, so those are not rate-limited."""
        return message["type"] == "hash" and message["seq"] > peer.reported

    async def _live(self, peer: Peer, message: dict[str, Any]) -> None:
        """A live move so far: checked as a move is (its seat, its turn, the parser),
        then relayed to the others, who run it ahead; the host applies only the final."""
        action = await self._in_room(self.room.check_move, peer.id, message["action"])
        seat = self.room.seat_of(peer.id)
        assert seat is not None
        # One stream a move, each message going on from the last: the others run it
        # ahead, and a stream that turned back would make each of them start again.
        stream = (self.room.seq, seat.name)
        if self._stream is not None and self._stream[0] == stream:
            _, before, ended = self._stream
            if ended or not streams_on(before, action):
                raise Refused("a live move goes on from where it was; send the move itself")
        self._stream = (stream, action, bool(message["released"]))
        await self._broadcast(
            "live",
            skip=peer.id,
            seq=self.room.seq,
            by=seat.name,
            action=action,
            released=message["released"],
        )

    def _report(self, peer: Peer, seq: int, digest: str) -> None:
        if seq > self.room.seq:
            raise BadMessage(f"move {seq} has not been played")
        if seq <= peer.reported:  # a resync replaced that move: nothing to check
            return
        peer.reported = seq
        self._reports.setdefault(peer.id, {})[seq] = digest

    async def _check_reports(self, peer: Peer) -> None:
        """Compare what ``peer`` reported with the host's hashes known so far; a
        difference is a desync: the peer is told and gets the host's log."""
        reports = self._reports.get(peer.id, {})
        seat = self.room.seat_of(peer.id)
        for seq in sorted(reports):
            decided, expected = self.room.check_hash(
                seq, reports[seq], seat.name if seat is not None else None
            )
            if not decided:
                return  # the host has not applied that move yet: later ones neither
            del reports[seq]
            if expected is not None:
                self.log(
                    f"desync: {peer.name} reached another state after move {seq}; "
                    "sent the host's log"
                )
                self._answering += 1
                try:
                    await self._send(peer, "desync", seq=seq, expected=expected)
                    await self._send_game(peer)
                finally:
                    self._answering -= 1
                reports.clear()
                return

    async def _settled(self) -> None:
        for fault in await self._in_room(self.room.take_faults):  # refused alike everywhere
            self.log(f"a move failed in the game's code and was refused: {fault}")
        await self._storage_notices()
        await self._revealed()
        for peer in list(self.peers.values()):
            await self._check_reports(peer)
        await self._computers()

    async def _lobby_command(self, peer: Peer, message: dict[str, Any]) -> None:
        if not peer.admin:
            raise Refused("only the host runs the lobby")
        if message["type"] == "start":
            await self._start()
            return
        seat = await self._in_room(self.room.assign, message["seat"], message["to"])
        self._away.pop(seat.name, None)
        await self._broadcast("notice", text=self._assigned_words(seat.name))
        await self._lobby_changed()
        await self._computers()

    def _assigned_words(self, name: str) -> str:
        seat = self.room.seats[name]
        if seat.kind == "computer":
            return f"The computer ({seat.level}) plays {name}'s seat now."
        return f"{name}'s seat is open for a player to join."

    async def _start(self) -> None:
        if self._starting:  # two joins made the room ready at once
            return
        self._starting = True
        try:
            await self._in_room(self.room.start)
        except Refused:
            self._starting = False
            raise
        self.log(f"the game begins: {self.room.game.kind}, room {self.room.code}")
        await self._storage_notices()
        for peer in list(self.peers.values()):
            await self._send_game(peer)
        await self._lobby_changed()
        await self._computers()

    async def _lobby_changed(self) -> None:
        await self._broadcast("lobby", **self.room.lobby())
        if self.start_when_ready and not self.room.started and self.room.ready():
            await self._start()

    async def _storage_notices(self) -> None:
        """The host's disk refused the autosave, or takes it again: everyone is told
        (the game goes on in memory either way)."""
        for notice in await self._in_room(self.room.take_notices):
            self.log(notice)
            await self._broadcast("notice", text=notice)

    async def _revealed(self) -> None:
        """The game is over and its secrets are out: every client gets the game itself."""
        if self.room.reveal_pending:
            self.room.reveal_pending = False
            self._answering += 1
            try:
                for peer in list(self.peers.values()):
                    if peer.joined:
                        await self._send_game(peer)
            finally:
                self._answering -= 1

    async def _send_game(self, peer: Peer) -> None:
        """The game so far, as this peer may know it. Taken with no move under way, so
        the log holds every move relayed to the peer before it (the peer goes on from
        there with the next one)."""
        seat = self.room.seat_of(peer.id)
        async with self._moves:
            document = await self._in_room(self.room.document_for, seat and seat.name)
            seq = self.room.seq
            peer.joined = True
            peer.reported = max(peer.reported, seq)  # the document holds those
            at, answered = peer.resyncs
            peer.resyncs = (seq, answered + 1 if at == seq else 1)
            await self._send(peer, "game", seq=seq, document=document)

    # -- the computers and the clocks ----------------------------------------------------

    async def _computers(self) -> None:
        """Let the computer seats the rules wait for move, one decision at a time."""
        while not self.finished.is_set():
            async with self._moves:
                name = await self._in_room(self.room.computer_to_move)
                if name is None:
                    return
                moves = await self._in_room(self.room.computer_turn, name)
                for move in moves:
                    await self._broadcast("move", **move.message())
            await self._storage_notices()
            await self._revealed()
            for peer in list(self.peers.values()):
                await self._check_reports(peer)

    async def _ticker(self) -> None:
        """Every second: the countdowns of players who left and of the player to move."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await self._tick()
            except Exception as exc:  # the clocks must never stop the host
                self.log(f"the clock failed: {type(exc).__name__}: {exc}")

    async def _tick(self) -> None:
        self.failed_joins.forget()
        if not self.room.started:
            return
        now = time.monotonic()
        for name, since in list(self._away.items()):
            left = self.rejoin_seconds - (now - since)
            if left <= 0:
                del self._away[name]
                await self._in_room(self.room.take_over, name, self.takeover)
                self.log(f"{name} did not come back; the computer takes the seat")
                await self._storage_notices()
                await self._broadcast(
                    "notice", text=f"{name} did not come back in time; the computer plays on."
                )
                await self._lobby_changed()
                await self._computers()
            else:
                await self._broadcast("wait", seat=name, seconds=round(left), why="away")
        await self._turn_clock(now)

    async def _turn_clock(self, now: float) -> None:
        waiting = await self._in_room(self.room.game.to_act)
        remote = tuple(n for n in waiting if self.room.seats[n].kind == "remote")
        key = (remote, self.room.seq)
        if not remote:
            self._turn = None
            return
        if self._turn is None or self._turn[:2] != key:
            self._turn = (*key, now)
        left = self.turn_seconds - (now - self._turn[2])
        if left <= 0:
            self._turn = None
            await self._out_of_time(remote[0])
        elif left <= COUNTDOWN_FROM:
            await self._broadcast("wait", seat=remote[0], seconds=round(left), why="turn")

    async def _out_of_time(self, name: str) -> None:
        """The player to move ran out of time: the computer makes this one move."""
        async with self._moves:
            moves = await self._in_room(self.room.stand_in, name, self.takeover)
            self.log(f"{name} ran out of time; the computer moved for them")
            await self._broadcast(
                "notice", text=f"{name} ran out of time, so the computer made this move."
            )
            for move in moves:
                await self._broadcast("move", **move.message())
        await self._settled()

    # -- sending -----------------------------------------------------------------------

    async def _send(self, peer: Peer, kind: str, **fields: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            await peer.ws.send(write(kind, **fields))

    async def _broadcast(self, kind: str, *, skip: int | None = None, **fields: Any) -> None:
        """Send to every peer that has the game (a lobby message: to all)."""
        frame = write(kind, **fields)
        targets = [
            p
            for p in list(self.peers.values())
            if p.id != skip and (p.joined or kind in ("lobby", "notice", "chat"))
        ]
        for peer in targets:
            with contextlib.suppress(ConnectionClosed):
                await peer.ws.send(frame)


class _TurnedAway(Exception):
    """A good hello the host cannot take now (locked out, full): one line, the close
    code to send (1013: try again later), and not counted as a failed join."""

    def __init__(self, reason: str, code: int) -> None:
        super().__init__(reason)
        self.reason, self.code = reason, code
