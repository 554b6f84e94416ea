"""The lobby of a network game: the room code and address to share, the seats and who
holds them; the host hands the other seats to a player or the computer and starts the
game, the others wait for that. What the lobby shows comes from the host (the link's
last "lobby" message); it sends only the host's "assign" and "start".
"""

from __future__ import annotations

from typing import Any

from pyglet.window import key

from simulator.app.layout import DESIGN_W
from simulator.app.net_link import Link, lobby_ready
from simulator.app.net_words import words
from simulator.app.screen import HudPage
from simulator.app.table_rules import table_words
from simulator.app.widgets import Button, Hud
from simulator.app.words import computer_tag
from simulator.bots.levels import LEVEL_NAMES
from simulator.net.protocol import MAX_TEXT
from simulator.render.palette import INK

LEFT = 60.0
CHAT_X = 860.0  # the chat's column
CHAT_LINES = 8
FOCUS = (240, 190, 60)
CONNECTED = (40, 150, 80)
AWAY = (190, 60, 50)
START = (40, 140, 90)
MUTED = (90, 90, 90)
NOT_READY = "Start once every seat has a player or the computer."
SHORTCUTS = [
    ("Enter", "start the game (the host, once every seat is held)"),
    ("click", "hand a seat to a player or to the computer (the host)"),
    ("Tab, click the chat", "type in the chat; Enter sends it, Esc leaves it"),
    ("Ctrl+N", "leave the room, back to the start screen"),
]


def next_holder(seat: dict[str, Any]) -> str:
    """What the host's button hands ``seat`` to next: an open seat (or one a player
    holds) to the easiest computer, each computer to the next level, the hardest back
    to an open seat for a player."""
    if seat["kind"] != "computer":
        return f"computer:{LEVEL_NAMES[0]}"
    index = LEVEL_NAMES.index(seat["level"]) if seat["level"] in LEVEL_NAMES else -1
    return f"computer:{LEVEL_NAMES[index + 1]}" if index + 1 < len(LEVEL_NAMES) else "open"


def holder_words(seat: dict[str, Any], me: str | None) -> str:
    if seat["kind"] == "computer":
        return computer_tag(seat["level"])
    if seat["name"] == me:
        return "you"
    if seat["holder"] is None:
        return "open: waiting for a player to join"
    state = "connected" if seat["connected"] else "away"
    return f"{seat['holder']} ({state})"


class LobbyScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(self, link: Link) -> None:
        self.link = link
        self.hud = Hud()
        self.message = "Connecting to the host..."
        self.dirty = True
        self.chat: list[str] = []  # the room's last lines, oldest first
        self.draft = ""  # what we type to say
        self.chatting = False  # the chat field takes the keys
        self._chat_hit = False  # a click landed on the chat field

    @property
    def typing(self) -> bool:
        return self.chatting

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    def heard(self, kind: str, fields: dict[str, Any]) -> None:
        if kind == "welcome":
            self.say("")
        said = words(kind, fields, self.link.seat)
        if kind == "chat" and said:
            self.chat = [*self.chat, said][-CHAT_LINES:]
            self.dirty = True
            return
        if said:
            self.say(said)
        self.dirty = True

    # -- the host's buttons ---------------------------------------------------------------

    def hand_over(self, seat: dict[str, Any]) -> None:
        self.link.assign(seat["name"], next_holder(seat))

    def start(self) -> None:
        if not self.link.admin:
            return
        if not lobby_ready(self.link.lobby):
            self.say("Every seat needs a player or the computer before the game starts.")
            return
        self.link.start_game()
        self.say("Starting the game...")

    def send_chat(self) -> None:
        text = " ".join(self.draft.split())
        if text:
            self.link.chat(text)
        self.draft = ""
        self.dirty = True

    def _focus_chat(self) -> None:
        self.chatting, self._chat_hit = True, True

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self._chat_hit = False
        self.hud.press(x, y)
        if not self._chat_hit:
            self.chatting = False
        self.dirty = True

    def on_text(self, text: str) -> None:
        if self.chatting and text.isprintable():
            self.draft = (self.draft + text)[:MAX_TEXT]
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (key.RETURN, key.ENTER):
            self.send_chat() if self.chatting else self.start()
        elif symbol == key.BACKSPACE and self.chatting:
            self.draft = self.draft[:-1]
        elif symbol == key.ESCAPE:
            self.chatting = False
        elif symbol == key.TAB:
            self.chatting = not self.chatting
        self.dirty = True

    # -- drawing ------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud, link, lobby = self.hud, self.link, self.link.lobby
        hud.clear()
        title = lobby.get("title", "A network game")
        hud.text(f"{title} over the network", LEFT, 730, 30, bold=True)
        hud.text(f"Room code  {link.room}", LEFT, 672, 24, bold=True)
        width = DESIGN_W - 2 * LEFT
        if link.host is not None:  # the address, who can use it, how to open the room
            joining = f"towersim join {link.host.address} --room {link.room}"
            said = f"Others join with this code: Network game on their start screen, or  {joining}"
            hud.text(said, LEFT, 638, 14, width=width, lines=1)
            hud.text(link.host.reach, LEFT, 612, 12, MUTED, width=width, lines=2)
        else:
            hud.text(
                f"Others join at {link.address} with this code: on their start screen "
                f"(Network game), or with  towersim join {link.address} --room {link.room}",
                LEFT,
                638,
                14,
                width=width,
                lines=2,
            )
        hud.text("Seats", LEFT, 552, 18, bold=True)
        for i, seat in enumerate(lobby.get("seats", [])):
            row = 510 - 56 * i
            hud.rect(LEFT, row - 12, 760, 46, (235, 238, 244), layer=0)
            held = seat["kind"] == "computer" or (seat["connected"] and seat["holder"])
            hud.circle(LEFT + 22, row + 11, 8, CONNECTED if held else AWAY)
            hud.text(seat["name"], LEFT + 44, row + 4, 16, bold=True, width=200)
            hud.text(holder_words(seat, link.seat), LEFT + 250, row + 4, 14, width=320)
            if link.admin and seat["name"] != link.seat and not lobby.get("started"):
                following = next_holder(seat)
                label = (
                    "Open it for a player"
                    if following == "open"
                    else computer_tag(following.split(":")[1]).capitalize()
                )
                hud.button(LEFT + 580, row - 6, 170, 34, label, lambda s=seat: self.hand_over(s))
        below = 510 - 56 * len(lobby.get("seats", [])) - 20
        if link.admin:
            ready = lobby_ready(lobby)
            label = "Start the game  (Enter)"
            hud.button(LEFT, below - 50, 300, 52, label, self.start, enabled=ready, tone=START)
            if not ready:
                hud.text(NOT_READY, LEFT + 320, below - 30, 14, MUTED)
        elif link.joined:
            hud.text("Waiting for the host to start the game.", LEFT, below - 30, 16, MUTED)
        width, y = CHAT_X - 2 * LEFT, below - 90
        table = table_words(lobby.get("table"))
        if table:  # the host's fair-play options, every desk's
            hud.text(table, LEFT, y, 13, MUTED, width=width, lines=2)
            y -= 50
        if lobby.get("secrets"):  # a hidden role: what the players can still work out
            hud.text(str(lobby["secrets"]), LEFT, y - 15, 14, INK, width=width, lines=4)
        self._chat_box()
        if self.message:
            hud.text(self.message, LEFT, 40, 14, AWAY, width=DESIGN_W - 2 * LEFT, lines=2)

    def _chat_box(self) -> None:
        """The room's chat on the right: its last lines and the field we type in."""
        hud, x, w = self.hud, CHAT_X, DESIGN_W - CHAT_X - LEFT
        hud.text("Chat", x, 560, 18, bold=True)
        for i, line in enumerate(self.chat):
            hud.text(line, x, 520 - 26 * i, 13, width=w, lines=1)
        y = 520 - 26 * CHAT_LINES - 20
        hud.rect(x, y, w, 38, (255, 255, 255), layer=1)
        hud.rect(x, y, w, 3, FOCUS if self.chatting else (160, 160, 160), layer=1)
        shown = self.draft + "|" if self.chatting else self.draft or "Click (or Tab) to chat"
        tone = INK if self.chatting or self.draft else MUTED
        hud.text(shown, x + 8, y + 12, 14, tone, width=w - 16, lines=1, layer=3)
        hud.buttons.append(Button(x, y, w, 38, self._focus_chat, ""))
