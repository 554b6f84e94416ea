"""Run by test_real_window_games.py under Xvfb: the app's window on a game opened from
``towersim app`` options (``simulator/app/main.py``'s parser and first screen), played to
its results by its computer seats while the test's real keys and clicks skip their moves.

Usage: ``python -m tests.app.xwindow_games_driver OUT [towersim app options]``. Writes to
OUT (each file atomically, as JSON):

- ``status.json`` while the game screen shows, every 0.1 s: whether a computer's move
  is playing back, the moves made, the playbacks seen and how many were skipped;
- ``keys.json`` when a person's seat must act (LOTS): ``{"seq": n, "keys": [...]}``, the
  next keys (xdotool names) a person would press, worked out from what the screen shows
  now; the next only after the test has written ``pressed.json`` with that ``seq`` and
  the window has had a moment to follow them;
- ``results.json`` once the results show: what the card says, the match's ``outcome()``
  and scores, the labels drawn, the "New game" button's centre in window pixels (y down,
  as xdotool counts); ``results.png``, the window's pixels then;
- ``start.json`` once the start screen has come up after the results (the game it is on),
  then exits. Never run by pytest directly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import pyglet

from simulator.app import guide
from simulator.app.game_screen import GameScreen
from simulator.app.main import add_arguments, first_screen
from simulator.app.results import ResultsScreen
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.games.lots.live import HOLDING, SETTLED

TITLE = "towersim xgames"
GIVE_UP = 300.0  # real seconds: never hang a test; longer than the test waits (240 s)
FOLLOW = 0.3  # real seconds the window gets to follow keys before the next are worked out


class LotsHand:
    """A LOTS person's next keys, by keyboard only (docs/app.md): roll, pick the first
    block of the bank, step it right across the lot to its last column the rules accept
    (the ghost says), release it there from the pick-up height, confirm the verdict (a
    block taken back: undo, and let go a step further in next time). A clumsy player: a
    block dropped at the edge is likely to fall, which ends a solo game.
    [] while nothing is for the person to do."""

    def __init__(self) -> None:
        self.accepted = False  # the held block has been over a spot the rules accept
        # Blocks taken back since the last one that stayed: each try lets go a step
        # further in (the same keys would make the same drop, and the same refusal).
        self.refused = 0

    def __call__(self, screen: Any) -> list[str]:
        state = screen.match.state
        live = screen.live
        if live is None or live.stage != HOLDING:
            self.accepted = False
        if live is None:
            if screen.turns.acting() not in screen.turns.seats.humans:
                return []
            return {"roll": ["r"], "place": ["1"], "bonus": ["p"], "steal": ["p"]}.get(
                state.phase, []
            )
        if live.stage == SETTLED:  # confirm the verdict; a refused one: undo, pick again
            if screen.message.startswith("Refused"):
                self.refused += 1
                return ["BackSpace"]
            self.refused = 0
            return ["Return"]
        if live.stage != HOLDING:
            return []
        problem = screen.turns.ghost()[1]
        if problem is None:
            self.accepted = True
            return ["Right"]  # further right while the rules still accept the spot
        if self.accepted:  # one column past the last accepted: back, and let go
            return ["Left"] * (1 + self.refused) + ["space"]
        # not over the lot yet: towards it, from whichever side the hand picked it up
        lot = screen.match.lot
        x = live.held.body.position.x
        return ["Right"] if x < (lot.left + lot.right) / 2 else ["Left"]


HANDS = {"lots": LotsHand}  # the games whose person's seat the driver plays by keys


def _write(path: Path, document: dict[str, Any]) -> None:
    part = path.with_suffix(".part")
    part.write_text(json.dumps(document))
    os.replace(part, path)


class Watch:
    """Looks at the window every 0.1 s and writes what the test waits for."""

    def __init__(self, window: AppWindow, out: Path) -> None:
        self.window = window
        self.out = out
        self.playback: Any = None  # the computer's move playing back, last seen
        self.playbacks = 0
        self.skipped = 0
        self.results: ResultsScreen | None = None
        self.hand: Any = None  # the person's keys, for a game in HANDS
        self.keys_seq = 0  # the last keys.json written
        self.followed = 0.0  # real seconds since the test pressed them

    def __call__(self, seconds: float) -> None:
        page = self.window.page
        if isinstance(page, GameScreen):
            self._follow_playback(page.playback)
            self._hand(page, seconds)
            status = {
                "playback": page.playback is not None,
                "moves": page.match.action_count,
                "playbacks": self.playbacks,
                "skipped": self.skipped,
                "overlay": self.window.overlay is not None,
                "keys": self.keys_seq,
                "message": page.message,
            }
            _write(self.out / "status.json", status)
        elif isinstance(page, ResultsScreen) and self.results is None:
            self._follow_playback(None)
            self.results = page
            self._record(page)
        elif isinstance(page, StartScreen) and self.results is not None:
            _write(self.out / "start.json", {"game": page.choices.game})
            pyglet.app.exit()

    def _hand(self, page: GameScreen, seconds: float) -> None:
        """The person's next keys, once the last were pressed and followed."""
        if self.hand is None and page.match.kind in HANDS:
            self.hand = HANDS[page.match.kind]()
        hand = self.hand
        pressed = self.out / "pressed.json"
        done = json.loads(pressed.read_text())["seq"] if pressed.exists() else 0
        if hand is None or done < self.keys_seq:
            return
        self.followed += seconds
        if self.followed < FOLLOW:
            return
        keys = hand(page)
        if keys:
            self.keys_seq += 1
            self.followed = 0.0
            _write(self.out / "keys.json", {"seq": self.keys_seq, "keys": keys})

    def _follow_playback(self, playback: Any) -> None:
        """Count the computers' moves played back, and those cut short by a skip."""
        if playback is self.playback:
            return
        if self.playback is not None and self.playback.clock < self.playback.duration:
            self.skipped += 1
        if playback is not None:
            self.playbacks += 1
        self.playback = playback

    def _record(self, page: ResultsScreen) -> None:
        window = self.window
        window.switch_to()
        window.on_draw()  # the card into the back buffer, read before any flip
        pyglet.image.get_buffer_manager().get_color_buffer().save(str(self.out / "results.png"))
        match = page.game.match
        outcome = match.outcome()
        new_game = next(b for b in page.hud.buttons if b.label.startswith("New game"))
        x, y = window.box.to_window(new_game.x + new_game.w / 2, new_game.y + new_game.h / 2)
        shown = page.results
        document = {
            "game": match.kind,
            "headline": shown.headline,
            "why": shown.why,
            "rows": shown.rows,
            "outcome": {
                "over": outcome.over,
                "winners": list(outcome.winners),
                "reason": outcome.reason,
            },
            "scores": dict(match.summary()["scores"]),
            "players": list(match.summary()["scores"]),
            "moves": [[action.get("player"), action.get("type")] for action in match.actions],
            "labels": [item.text for item in page.hud._items if hasattr(item, "text")],
            "new_game": [round(x), round(window.height - y)],
            "window": [window.width, window.height],
        }
        _write(self.out / "results.json", document)


def _give_up(_seconds: float) -> None:
    """Stop the app, saying so: an exit the test sees must not look like a silent one."""
    print(f"the driver gave up after {GIVE_UP:.0f} s without results", file=sys.stderr)
    pyglet.app.exit()


def main(out: Path, argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    screen = first_screen(parser.parse_args(argv))
    window = AppWindow(screen, caption=TITLE, home=StartScreen)  # as main.open_window
    guide.show_if_first(screen)
    pyglet.clock.schedule_interval(Watch(window, out), 0.1)
    pyglet.clock.schedule_once(_give_up, GIVE_UP)
    pyglet.app.run()


if __name__ == "__main__":  # the Filled In worker is spawned: it re-imports __main__
    main(Path(sys.argv[1]), sys.argv[2:])
