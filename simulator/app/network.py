"""Network play in the app's window: ``towersim host GAME`` and ``towersim join`` without
``--headless`` (simulator/net/cli.py calls ``host_in_window`` and ``join_in_window``),
and the start screen's Network game page (simulator/app/net_start.py).

A ``Session`` shows one link (simulator/app/net_link.py) in a window: the lobby until
the game begins, then the game's own screen on the replica's match wrapped for network
play (net_game.py's ``NetworkGame``), made again whenever the host's game replaces the
replica's (a rejoin, a resync). Leaving
those screens (Ctrl+N, the results' buttons) leaves the game, and a host's window
closing ends its room.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyglet

from simulator.app.computer_seats import one_line
from simulator.app.display import display_available
from simulator.app.net_game import NetworkGame, network_screen
from simulator.app.net_link import HostThread, Link
from simulator.app.net_lobby import LobbyScreen
from simulator.app.results import ResultsScreen
from simulator.app.window import FRAME_RATE, AppWindow
from simulator.net.addresses import ANY_ADDRESS
from simulator.net.client import Joining
from simulator.net.room import REMOTE, Room

HOST_NAME = "Host"  # the host's name when it plays no seat and gave none (--name)
# Makes the start screen (Ctrl+N, the results' New game): the CLI hands it in, since
# the start screen opens this module's pages.
Home = Callable[[], Any]


class Session:
    """See the module's doc."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.lobby = LobbyScreen(link)
        self.game: NetworkGame | None = None
        self.window: AppWindow | None = None
        self.ended = False
        link.view = self._heard

    def attach(self, window: AppWindow) -> None:
        """Play in ``window`` (showing the lobby) until the player leaves."""
        self.window = window
        if window.page is not self.lobby:
            window.show(self.lobby)
        pyglet.clock.schedule_interval(self._frame, 1.0 / FRAME_RATE)
        self.link.start()

    def _frame(self, seconds: float) -> None:
        window = self.window
        if window is None or not self._ours(window.page):
            self.end()
            return
        window.switch_to()  # what the events make (flashes, films) is this window's GL
        self.link.pump()

    def _ours(self, page: Any) -> bool:
        if page is self.lobby or (self.game is not None and page is self.game):
            return True
        return (
            isinstance(page, ResultsScreen)
            and self.game is not None
            and page.game is self.game.screen
        )

    def _heard(self, kind: str, fields: dict[str, Any]) -> None:
        try:
            self._route(kind, fields)
        except Exception as exc:  # a bug in showing it must not close everyone's game
            traceback.print_exc()
            page = self.window.page if self.window is not None else self.lobby
            page.say(f"Could not show the host's {kind} message: {one_line(str(exc))}")

    def _route(self, kind: str, fields: dict[str, Any]) -> None:
        if kind == "game" and (fields.get("replaced") or self.game is None):
            self._show_game(fields)
            return
        page = self.window.page if self.window is not None else None
        if page is self.lobby:
            self.lobby.heard(kind, fields)
        elif self.game is not None and page is self.game:
            self.game.heard(kind, fields)

    def _show_game(self, fields: dict[str, Any]) -> None:
        """The host's game (at the start, or replacing ours): its screen on the replica."""
        try:
            self.game = network_screen(self.link)
        except Exception as exc:  # a game this app has no screen for: said, not a crash
            self.lobby.say(f"Cannot show this game here: {one_line(str(exc) or repr(exc))}")
            if self.window is not None and self.window.page is not self.lobby:
                self.window.show(self.lobby)
            return
        if self.window is not None:
            self.window.show(self.game)
        logs = fields.get("logs")
        if logs:
            folder = Path(logs[0]).parent
            self.game.say(f"Resynchronised from the host's log; both logs are in {folder}.")
        elif self.link.seat is None:
            self.game.say("You are watching this game.")
        else:
            self.game.tell_turn()

    def end(self) -> None:
        """Leave the game (and close our room, if we host it); safe to call twice."""
        if self.ended:
            return
        self.ended = True
        pyglet.clock.unschedule(self._frame)
        self.link.view = None
        self.link.stop()


# -- hosting ------------------------------------------------------------------------------


def host_seat(room: Room, name: str | None) -> str | None:
    """The seat the host plays: the one named as the host is, else the first seat for a
    person (None: every seat is the computer's, the host watches)."""
    people = [seat.name for seat in room.seats.values() if seat.kind == REMOTE]
    return name if name in people else next(iter(people), None)


def start_host(room: Room, args: argparse.Namespace) -> Session | str:
    """Serve ``room`` on a thread of its own and connect the host's own player to it
    (not started yet: ``Session.attach``); one line if the server cannot listen."""
    host = HostThread(room, args)
    port = host.wait_listening()
    if isinstance(port, str):
        host.stop()
        return port
    print(f"Room {room.code} is open on {host.address}. {host.reach}", flush=True)
    near = "127.0.0.1" if args.bind in ANY_ADDRESS else args.bind
    seat = host_seat(room, args.name)
    # The host's own name: --name (a seat named by number takes it), else its seat's.
    args.name = args.name or seat or HOST_NAME
    joining = Joining(
        f"{near}:{port}" if ":" not in near else f"[{near}]:{port}",
        room.code,
        args.name,
        role="player" if seat else "spectator",
        token=room.seats[seat].token if seat else None,  # proves the seat, also resumed
        admin=room.admin,
    )
    link = Link(joining, host=host)
    return Session(link)


def host_in_window(room: Room, args: argparse.Namespace, home: Home | None = None) -> int:
    """``towersim host GAME``: the room's lobby in a window; the game in it once begun."""
    if not display_available():
        print("towersim host: no display; use --headless to only serve", file=sys.stderr)
        return 2
    session = start_host(room, args)
    if isinstance(session, str):
        print(f"towersim host: {session}", file=sys.stderr)
        return 2
    return _run(session, f"towersim: {args.name} hosts room {room.code}", home)


# -- joining ------------------------------------------------------------------------------


def join_session(
    address: str,
    room: str,
    name: str,
    *,
    watch: bool = False,
    seat: str | None = None,
    logs: Any = None,
) -> Session:
    """A player (or a spectator) joining a host's room (``Joining.again``)."""
    joining = Joining.again(address, room, name, watch=watch, seat=seat)
    link = Link(joining, logs=logs, remember=not watch)
    return Session(link)


def join_in_window(address: str, args: argparse.Namespace, home: Home | None = None) -> int:
    """``towersim join HOST[:PORT] --room CODE``: the lobby, then the game, in a window."""
    if not display_available():
        print("towersim join: no display; use --headless with --bot or --watch", file=sys.stderr)
        return 2
    session = join_session(
        address, args.room, args.name, watch=args.watch, seat=args.seat, logs=args.logs
    )
    role = "watches" if args.watch else "plays"
    return _run(session, f"towersim: {args.name} {role} in room {args.room}", home)


def _run(session: Session, caption: str, home: Home | None) -> int:
    window = AppWindow(session.lobby, caption=caption, home=home)
    session.attach(window)
    try:
        pyglet.app.run()
    finally:
        session.end()
    closed = session.link.closed
    if closed and session.game is None:
        print(f"towersim: {closed}", file=sys.stderr)
        return 1
    return 0
