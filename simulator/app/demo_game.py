"""``towersim demo`` with a display: the app on a LOTS game between two computer
players, played on screen turn by turn (close the window to stop)."""

from __future__ import annotations

import pyglet

from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow


def open_demo(seed: int, footprint: str) -> int:
    match = session.new_match(["Computer A", "Computer B"], footprint, seed)
    screen = LotsScreen(match, seed=seed, autosave=False)
    screen.message = "Demo: two computers build a LOTS tower. Press H for help."
    AppWindow(screen, caption="towersim demo: LOTS", home=StartScreen)
    pyglet.app.run()
    return 0
