"""Run by test_network_windows.py under Xvfb: ``towersim host ...`` or ``towersim join
...`` exactly as typed (simulator/cli.py's main), with a watcher that writes what the
test waits for. Never run by pytest directly.

Usage: ``python -m tests.app.xwindow_network_driver OUT towersim-arguments...``. Writes
to OUT (each file atomically, as JSON):

- ``status.json`` every 0.1 s: the screen shown, the room, our seat, whether every seat
  is held, and in a game the moves made, the state hash, who is to act;
- ``keys.json`` when our seat must act in a LOTS game: ``{"seq": n, "keys": [...]}``,
  the next keys a person would press (tests/app/xwindow_games_driver.LotsHand), the
  next only after the test wrote ``pressed.json`` with that ``seq``;
- ``NAME.png`` when the test writes ``shoot.json`` ``{"name": NAME}`` (the window's
  pixels then); ``status.json`` lists the shots taken.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pyglet

from simulator.app.net_game import NetworkGame
from simulator.app.net_link import lobby_ready
from simulator.cli import main as towersim
from tests.app.xwindow_games_driver import FOLLOW, LotsHand, _write

GIVE_UP = 170.0  # real seconds: never hang a test


class Watch:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.hand = LotsHand()
        self.keys_seq = 0
        self.followed = 0.0
        self.shots: list[str] = []

    def __call__(self, seconds: float) -> None:
        window = next(iter(pyglet.app.windows), None)
        if window is None:
            return
        page = window.page
        link = getattr(page, "link", None)
        status: dict[str, Any] = {"page": type(page).__name__, "shots": self.shots}
        if link is not None:
            status |= {
                "room": link.room,
                "seat": link.seat,
                "ready": lobby_ready(link.lobby),
                "started": bool(link.lobby.get("started")),
            }
        if isinstance(page, NetworkGame):
            status["game"] = type(page.screen).__name__
            page = page.screen
            match = page.match
            status |= {
                "moves": match.action_count,
                "places": sum(a.get("type") == "place" for a in match.actions),
                "hash": match.state_hash(),
                "to_act": [match.state.players[match.state.to_act]]
                if match.kind == "lots" and match.state.to_act is not None
                else [],
                "message": page.message,
                "playback": page.playback is not None,
                "hands": sorted(link.hands) if link is not None else [],
            }
            self._keys(page, link, seconds)
        status["keys"] = self.keys_seq
        self._shoot(window)
        _write(self.out / "status.json", status)

    def _keys(self, page: Any, link: Any, seconds: float) -> None:
        if page.match.kind != "lots" or link is None:
            return
        pressed = self.out / "pressed.json"
        done = json.loads(pressed.read_text())["seq"] if pressed.exists() else 0
        if done < self.keys_seq:
            return
        self.followed += seconds
        if self.followed < FOLLOW:
            return
        keys = self.hand(page)
        if keys:
            self.keys_seq += 1
            self.followed = 0.0
            _write(self.out / "keys.json", {"seq": self.keys_seq, "keys": keys})

    def _shoot(self, window: Any) -> None:
        request = self.out / "shoot.json"
        if not request.exists():
            return
        name = json.loads(request.read_text())["name"]
        request.unlink()
        window.switch_to()
        window.on_draw()  # into the back buffer, read before any flip
        buffer = pyglet.image.get_buffer_manager().get_color_buffer()
        buffer.save(str(self.out / f"{name}.png"))
        self.shots.append(name)


def main(out: Path, argv: list[str]) -> int:
    pyglet.clock.schedule_interval(Watch(out), 0.1)
    pyglet.clock.schedule_once(lambda _: pyglet.app.exit(), GIVE_UP)
    return towersim(argv)


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2:]))
