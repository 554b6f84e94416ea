"""The start screen's Network game page: host the game chosen on the start screen (its
players become the room's seats; computer seats stay the host's computers), or join a
room someone hosts (an address, the room code and a name), or watch one.

Text fields take typed text while focused (click one; Tab goes to the next). The
options go through ``towersim host``'s own parser, so a room made here is the room the
command line would make.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyglet.window import key, mouse

from simulator.app.layout import DESIGN_W
from simulator.app.network import join_session, start_host
from simulator.app.screen import HudPage, Screen
from simulator.app.setup import game_title
from simulator.app.start_choices import StartChoices
from simulator.app.table_rules import duration_words
from simulator.app.widgets import Button, Hud
from simulator.app.words import computer_tag
from simulator.net.cli import add_host_arguments, new_room
from simulator.net.client import split_address
from simulator.net.limits import TURN_SECONDS
from simulator.net.protocol import CODE_WORDS, MAX_NAME, ROOM_CODE_LENGTH, is_room_code
from simulator.net.server import DEFAULT_PORT
from simulator.render.palette import INK

LEFT, RIGHT = 40.0, 680.0
GO = (40, 140, 90)
FOCUS = (240, 190, 60)
ERROR = (190, 40, 40)
FIELDS = ("port", "address", "room", "name")
UNDO_TIP = (
    "Whether a player may take back a move during which a piece fell; every desk keeps "
    "to the host's choice. Click to change it."
)
CLOCK_TIP = (
    "How long each move may take: near the end every screen counts down, then the "
    "host's computer makes the move. Click for the next length."
)
SHORTCUTS = [
    ("click", "click a text field to type in it"),
    ("Tab", "next text field"),
    ("Enter", "host (in the port field) or join (in the join fields)"),
    ("Esc", "leave the text field"),
    ("Ctrl+N", "back to the start screen"),
]


def host_argv(
    choices: StartChoices,
    port: str,
    everywhere: bool = False,
    table: TableChoice | None = None,
) -> list[str]:
    """``towersim host``'s arguments for the start screen's choices (``table``: the
    fair-play options, the command's defaults without)."""
    names = [seat.name.strip() for seat in choices.seats]
    people = [seat.name.strip() for seat in choices.seats if seat.human]
    argv = [choices.game, "--players", ",".join(names), "--seed", str(choices.seed)]
    argv += ["--port", port.strip(), "--name", people[0] if people else "Host"]
    if everywhere:
        argv += ["--bind", "0.0.0.0"]
    if table is not None:
        argv += ["--undo-accidents", "yes" if table.undo_accidents else "no"]
        argv += ["--turn-seconds", f"{table.turn_seconds:g}"]
    for number, seat in enumerate(choices.seats, start=1):
        if not seat.human:
            argv += ["--computer", f"{number}={seat.controller}"]
    setup = choices.setup()
    argv += ["--mode", setup.mode]
    for name, value in setup.settings.items():  # the everyday options, from the spec
        argv += ["--setup", f"{name}={value}"]
    return argv


def host_options(argv: list[str]) -> argparse.Namespace | str:
    """The parsed options, or one line saying what is wrong with them."""
    parser = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    add_host_arguments(parser)
    try:
        return parser.parse_args(argv)
    except (argparse.ArgumentError, SystemExit) as exc:
        return str(exc) or "the options do not fit"


TURN_CLOCKS = (60.0, 120.0, 300.0, 600.0, 1800.0)  # seconds a move, the page's choices


@dataclass
class TableChoice:
    """The fair-play options the host chooses for the table (simulator/app/table_rules.py)."""

    undo_accidents: bool = True
    turn_seconds: float = TURN_SECONDS

    def next_clock(self) -> None:
        later = [s for s in TURN_CLOCKS if s > self.turn_seconds]
        self.turn_seconds = later[0] if later else TURN_CLOCKS[0]


class NetworkStartScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(self, choices: StartChoices, back: Callable[[], Screen]) -> None:
        self.choices = choices
        self.back = back
        people = [seat.name for seat in choices.seats if seat.human]
        self.text = {
            "port": str(DEFAULT_PORT),
            "address": "",
            "room": "",
            "name": people[0] if people else "Player",
        }
        self.everywhere = False  # listen on every network (else this computer only)
        self.table = TableChoice()
        self.focus: str | None = None
        self.message = ""
        self.hud = Hud()
        self.dirty = True
        self._field_hit = False

    @property
    def typing(self) -> bool:
        return self.focus is not None

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    # -- what the buttons do ------------------------------------------------------------

    def host(self) -> None:
        problem = self.choices.problem()
        if problem:
            self.say(f"Cannot host: {problem}.")
            return
        argv = host_argv(self.choices, self.text["port"], self.everywhere, self.table)
        args = host_options(argv)
        if isinstance(args, str):
            self.say(f"Cannot host: {args}.")
            return
        room = new_room(args)
        if isinstance(room, str):
            self.say(f"Cannot host: {room}.")
            return
        session = start_host(room, args)
        if isinstance(session, str):
            self.say(f"Cannot host: {session}.")
            return
        self._play(session)

    def join(self, watch: bool = False) -> None:
        try:
            host, port = split_address(self.text["address"])
        except ValueError as exc:
            self.say(f"Cannot join: {exc}. Type the host's address, for example 192.168.1.5.")
            return
        code = self.text["room"].strip().upper()
        if not is_room_code(code):
            self.say(f"Cannot join: a room code is {CODE_WORDS}, as the host shows it.")
            return
        name = self.text["name"].strip()
        if not name:
            self.say("Cannot join: type your name first.")
            return
        address = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
        self._play(join_session(address, code, name, watch=watch))

    def _play(self, session: Any) -> None:
        if self.window is not None:
            session.attach(self.window)

    # -- input --------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button != mouse.LEFT:
            return
        self._field_hit = False
        self.hud.press(x, y)
        if not self._field_hit:
            self.focus = None
        self.dirty = True

    def on_text(self, text: str) -> None:
        field = self.focus
        if field is None or not text.isprintable():
            return
        if field == "port":
            text = "".join(c for c in text if c.isdigit())
        limit = {"port": 5, "room": ROOM_CODE_LENGTH, "name": MAX_NAME}.get(field, 100)
        self.text[field] = (self.text[field] + text)[:limit]
        self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        field = self.focus
        if symbol in (key.RETURN, key.ENTER):
            self.focus = None
            self.host() if field == "port" else self.join()
        elif symbol == key.TAB:
            self.focus = FIELDS[(FIELDS.index(field) + 1) % len(FIELDS)] if field else FIELDS[0]
        elif symbol == key.ESCAPE:
            self.focus = None
        elif symbol == key.BACKSPACE and field is not None:
            self.text[field] = self.text[field][:-1]
        self.dirty = True

    # -- drawing ------------------------------------------------------------------------

    def _field(self, name: str, title: str, x: float, y: float, w: float) -> None:
        hud = self.hud
        hud.text(title, x, y + 48, 14, bold=True)
        focused = self.focus == name
        hud.rect(x, y, w, 38, (255, 255, 255), layer=1)
        hud.rect(x, y, w, 3, FOCUS if focused else (160, 160, 160), layer=1)
        shown = self.text[name] + ("|" if focused else "")
        hud.text(shown or " ", x + 8, y + 12, 14, INK, layer=3)

        def act() -> None:
            self.focus, self._field_hit = name, True

        hud.buttons.append(Button(x, y, w, 38, act, ""))

    def _rebuild(self) -> None:
        hud, c = self.hud, self.choices
        hud.clear()
        hud.text("Play over the network", LEFT, 740, 32, bold=True)
        hud.text(
            "Host a game others join from their desktops, or join one someone hosts.",
            LEFT,
            706,
            14,
        )
        hud.text("Host", LEFT, 640, 20, bold=True)
        seats = ", ".join(
            s.name if s.human else f"{s.name} ({computer_tag(s.controller)})" for s in c.seats
        )
        hud.text(
            f"{game_title(c.game)}, {c.mode}, seed {c.seed}: {seats}. You play the first "
            "person's seat; the others join into the other people's seats.",
            LEFT,
            610,
            13,
            width=RIGHT - LEFT - 60,
            lines=3,
        )
        self._field("port", "Port", LEFT, 470, 200)
        where = "every network of this computer" if self.everywhere else "this computer only"
        hud.text("Others can reach it from", LEFT + 230, 518, 14, bold=True)
        hud.button(LEFT + 230, 470, 330, 38, where, self._toggle_where)
        hud.button(LEFT, 400, 300, 52, "Host the game", self.host, tone=GO)
        hud.text("Change the game and players on the start screen.", LEFT, 370, 12)
        hud.text("At the table", LEFT, 335, 14, bold=True)
        undo = "allowed" if self.table.undo_accidents else "not allowed"
        hud.button(
            LEFT, 290, 330, 36, f"Undo after an accident: {undo}", self._toggle_undo, tip=UNDO_TIP
        )
        clock = f"Turn clock: {duration_words(self.table.turn_seconds)} a move"
        hud.button(LEFT + 345, 290, 250, 36, clock, self._next_clock, tip=CLOCK_TIP)

        hud.text("Join", RIGHT, 640, 20, bold=True)
        self._field("address", "The host's address (HOST or HOST:PORT)", RIGHT, 560, 420)
        self._field("room", "Room code", RIGHT, 470, 200)
        self._field("name", "Your name", RIGHT + 220, 470, 200)
        hud.button(RIGHT, 400, 200, 52, "Join", lambda: self.join(), tone=GO)
        hud.button(RIGHT + 220, 400, 200, 52, "Watch", lambda: self.join(watch=True))

        hud.button(LEFT, 190, 240, 44, "Back", self._back)
        if self.message:
            hud.text(self.message, LEFT, 40, 14, ERROR, width=DESIGN_W - 2 * LEFT, lines=2)

    def _toggle_undo(self) -> None:
        self.table.undo_accidents = not self.table.undo_accidents
        self.dirty = True

    def _next_clock(self) -> None:
        self.table.next_clock()
        self.dirty = True

    def _toggle_where(self) -> None:
        self.everywhere = not self.everywhere
        self.dirty = True

    def _back(self) -> None:
        if self.window is not None:
            self.window.show(self.back())
