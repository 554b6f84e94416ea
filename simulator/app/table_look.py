"""What ``GameScreen.draw_table`` (game_screen.py) draws of a physical game's view: its
parts as protocols, so the LOTS and Crazy Tower views need not share a base class."""

from __future__ import annotations

from typing import Protocol

from simulator.app.flashes import Flashes
from simulator.app.framing import FallFeel, Framing
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.render.camera import Camera


class Drawn(Protocol):
    """What draws itself with ``draw()`` (a Hud, Crazy Tower's icons)."""

    def draw(self) -> None: ...


class TableLook(Protocol):
    """The parts of a physical game's view that ``GameScreen.draw_table`` draws."""

    framing: Framing  # the world's framing under the mouse and on screen
    flashes: Flashes  # where the last move scored, in world coordinates
    fall_feel: FallFeel  # the shake and the dust of a fall
    tally: Tally  # the scores counting up
    hud: Hud  # the panel
    banner: Banner  # the message strip

    def camera(self) -> Camera:
        """The steady camera the mouse maps through (frames the world at first)."""
        ...

    def draw_ghost(self) -> None:
        """The held piece's landing, in world coordinates."""

    def draw_ghost_label(self) -> None:
        """The words beside the ghost, in logical coordinates."""

    def rebuild_hud(self) -> None:
        """Lay the panel out again (the screen was ``dirty``)."""
