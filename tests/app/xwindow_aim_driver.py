"""Run by test_aim_real_window.py under Xvfb: the app's window on the start screen,
whose "Measure my hand" opens the aiming test, then its result page, where Save keeps
the hand as "me". The test's real mouse (xdotool) does every click.

Usage: ``python -m tests.app.xwindow_aim_driver OUT REPEATS``: the test runs the
person's conditions REPEATS times over (a longer test than a person's minute, so the fit
has the trials to recover a known hand). Writes to OUT (each file atomically, as JSON):

- ``start.json`` while the start screen shows: the "Measure my hand" button's centre;
- ``targets.json`` once the test shows: every click's target centre in window pixels
  (y down, as xdotool counts), with its condition, and window pixels per table cm;
- ``status.json`` every 0.05 s while the test shows: the sequence under way and the
  clicks made in it; ``test.png``, the window while the second circle waits for its
  start click (taken then, so it delays no timed click);
- ``result.json`` once the result page shows: the fit, every trial's time as the app
  measured it, the Save button's centre; ``result.png``;
- ``saved.json`` once Save has written the profile: what ``personal.load()`` reads
  back, and the hand ``my_hand()`` builds; then it exits. Never run by pytest directly.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path
from typing import Any

import pyglet

from simulator.app import start_screen
from simulator.app.aim.results import AimResults
from simulator.app.aim.screen import AimScreen
from simulator.app.aim.task import PX_PER_CM, Design, crossing_order, positions
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.motor import personal

TITLE = "towersim xaim"
GIVE_UP = 900.0  # real seconds: never hang a test; longer than the test waits


def _write(path: Path, document: dict[str, Any]) -> None:
    part = path.with_suffix(".part")
    part.write_text(json.dumps(document))
    os.replace(part, path)


def _shot(window: AppWindow, path: Path) -> None:
    window.switch_to()
    window.on_draw()  # into the back buffer, read before any flip
    pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))


class Watch:
    """Looks at the window every 0.05 s and writes what the test waits for."""

    def __init__(self, window: AppWindow, out: Path) -> None:
        self.window = window
        self.out = out
        self.targets_written = False
        self.test_shot = False
        self.result_written = False

    def _centre(self, button: Any) -> list[int]:
        window = self.window
        x, y = window.box.to_window(button.x + button.w / 2, button.y + button.h / 2)
        return [round(x), round(window.height - y)]

    def __call__(self, _seconds: float) -> None:
        page = self.window.page
        if isinstance(page, StartScreen):
            button = next(b for b in page.hud.buttons if b.label.startswith("Measure my hand"))
            _write(self.out / "start.json", {"measure": self._centre(button)})
        elif isinstance(page, AimScreen):
            self._test(page)
        elif isinstance(page, AimResults):
            self._result(page)

    def _test(self, page: AimScreen) -> None:
        if not self.targets_written:
            self.targets_written = True
            _write(self.out / "targets.json", self._targets(page))
        task = page.task
        if task.sequence == 1 and task.clicks == 0 and not self.test_shot:
            _shot(self.window, self.out / "test.png")
            self.test_shot = True
        status = {"sequence": task.sequence, "clicks": task.clicks, "shot": self.test_shot}
        _write(self.out / "status.json", status)

    def _targets(self, page: AimScreen) -> dict[str, Any]:
        """Every click of the test: its target's centre in window pixels, y down."""
        window, design = self.window, page.design
        sequences = []
        for amplitude, width in design.conditions():
            centres = positions(amplitude, design.targets)
            clicks = []
            for index in crossing_order(design.targets):
                lx, ly = page.camera.to_screen(*centres[index])
                wx, wy = window.box.to_window(lx, ly)
                clicks.append([wx, window.height - wy])
            sequences.append({"amplitude_cm": amplitude, "width_cm": width, "clicks": clicks})
        per_cm = PX_PER_CM * window.box.scale
        return {
            "sequences": sequences,
            "px_per_cm": per_cm,
            "window": [window.width, window.height],
        }

    def _result(self, page: AimResults) -> None:
        if not self.result_written:
            self.result_written = True
            _shot(self.window, self.out / "result.png")
            fit = page.fit
            save = next(b for b in page.hud.buttons if b.label.startswith("Save as my hand"))
            document = {
                "problem": page.problem,
                "fit": None
                if fit is None
                else {
                    "a_s": fit.a_s,
                    "b_s_per_bit": fit.b_s_per_bit,
                    "r2": fit.r2,
                    "throughput_bits_s": fit.throughput_bits_s,
                    "endpoint_sd_cm": fit.endpoint_sd_cm,
                    "conditions": [c.row() for c in fit.conditions],
                },
                "times": [t.seconds for t in page.task.trials],
                "kept": len(page.task.kept()),
                "save": self._centre(save),
            }
            _write(self.out / "result.json", document)
        if page.saved:
            _shot(self.window, self.out / "saved.png")
            loaded = personal.load()
            hand = personal.my_hand()
            _write(
                self.out / "saved.json",
                {
                    "path": str(personal.profile_path()),
                    "problem": loaded.problem,
                    "profile": None if loaded.profile is None else asdict(loaded.profile),
                    "hand": None if hand is None else asdict(hand),
                },
            )
            pyglet.app.exit()


def _give_up(_seconds: float) -> None:
    print(f"the driver gave up after {GIVE_UP:.0f} s", file=sys.stderr)
    pyglet.app.exit()


def main(out: Path, repeats: int) -> None:
    # The start screen's button opens the person's test; here it runs REPEATS times over.
    design = replace(Design(), repeats=repeats)
    start_screen.AimScreen = partial(AimScreen, design=design)  # type: ignore[misc]
    window = AppWindow(StartScreen(), caption=TITLE, home=StartScreen)
    pyglet.clock.schedule_interval(Watch(window, out), 0.05)
    pyglet.clock.schedule_once(_give_up, GIVE_UP)
    pyglet.app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
