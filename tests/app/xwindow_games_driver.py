"""Run by test_real_window_games.py under Xvfb: the app's window on a game opened from
``towersim app`` options (``simulator/app/main.py``'s parser and first screen), played to
its results by its computer seats while the test's real keys and clicks skip their moves.

Usage: ``python -m tests.app.xwindow_games_driver OUT [towersim app options]``. Writes to
OUT (each file atomically, as JSON):

- ``status.json`` while the game screen shows, every 0.1 s: whether a computer's move
  is playing back, the moves made, the playbacks seen and how many were skipped;
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

TITLE = "towersim xgames"
GIVE_UP = 150.0  # real seconds: never hang a test


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

    def __call__(self, _: float) -> None:
        page = self.window.page
        if isinstance(page, GameScreen):
            self._follow_playback(page.playback)
            status = {
                "playback": page.playback is not None,
                "moves": page.match.action_count,
                "playbacks": self.playbacks,
                "skipped": self.skipped,
                "overlay": self.window.overlay is not None,
            }
            _write(self.out / "status.json", status)
        elif isinstance(page, ResultsScreen) and self.results is None:
            self._follow_playback(None)
            self.results = page
            self._record(page)
        elif isinstance(page, StartScreen) and self.results is not None:
            _write(self.out / "start.json", {"game": page.choices.game})
            pyglet.app.exit()

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
            "labels": [item.text for item in page.hud._items if hasattr(item, "text")],
            "new_game": [round(x), round(window.height - y)],
            "window": [window.width, window.height],
        }
        _write(self.out / "results.json", document)


def main(out: Path, argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    screen = first_screen(parser.parse_args(argv))
    window = AppWindow(screen, caption=TITLE, home=StartScreen)  # as main.open_window
    guide.show_if_first(screen)
    pyglet.clock.schedule_interval(Watch(window, out), 0.1)
    pyglet.clock.schedule_once(lambda _: pyglet.app.exit(), GIVE_UP)
    pyglet.app.run()


if __name__ == "__main__":  # the Filled In worker is spawned: it re-imports __main__
    main(Path(sys.argv[1]), sys.argv[2:])
