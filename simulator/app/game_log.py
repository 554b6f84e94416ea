"""The panel's game log: what happened so far, one sentence a move's event in the game's
own words, the newest at the bottom, in the panel's free space below its last item (it
shows only where there is room for a few lines, so it never covers the panel)."""

from __future__ import annotations

from typing import Any

import pyglet

from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.watch_transport import BOOKKEEPING, told
from simulator.app.widgets import Hud
from simulator.render.palette import FONT, INK

SIZE = 11
GAP = 18.0  # logical px between the panel's last item and the log
LINE_GAP = 3.0
MOST = 40  # events looked at: a long game shows its latest
ROOM = 90.0  # px the log needs to show at all (its title and two lines)
TONE = (70, 72, 84)
TIP = "What happened so far in this game, one line an event, the newest at the bottom."


def free_top(panel: Hud, left: float) -> float:
    """How high the panel's free space reaches: just below its lowest text or button
    right of ``left`` (the panel's column)."""
    lows = [b.y for b in panel.buttons if b.x >= left - 1]
    lows += [t.box.y for t in panel.texts if t.box.x >= left - 1]
    return (min(lows) if lows else DESIGN_H) - GAP


def lines(kind: str, events: list[dict[str, Any]]) -> list[str]:
    """The log's sentences, oldest first: one an event the game's words tell."""
    out = []
    for event in events[-MOST:]:
        if event.get("type") in BOOKKEEPING:
            continue
        said = told(kind, (event,))
        if said:
            out.append(said)
    return out


class GameLog:
    def __init__(self) -> None:
        self.hud = Hud(scale=1.0)
        self.shown: list[str] = []  # the sentences on screen, oldest first
        self._key: Any = None

    def draw(self, match: Any, panel: Hud, left: float, bottom: float) -> None:
        """Lay out (when the events or the panel's free space changed) and draw."""
        top = free_top(panel, left)
        # the events change only with a move or a notice: read them only then
        key = (id(match), match.action_count, len(match.notices), round(top), left, bottom)
        if key != self._key:
            self._key = key
            self._lay_out(lines(match.kind, match.events()), left, bottom, top)
        self.hud.draw()

    def _lay_out(self, said: list[str], left: float, bottom: float, top: float) -> None:
        hud = self.hud
        hud.clear()
        self.shown = []
        if top - bottom < ROOM or not said:
            return
        width = DESIGN_W - left - 16
        title_h = 22.0
        y = bottom + 6
        for sentence in reversed(said):  # the newest first, from the bottom up
            height = _height(sentence, width)
            if y + height > top - title_h:
                break
            hud.text(sentence, left, y, SIZE, TONE, width=width, height=height, anchor_y="bottom")
            self.shown.insert(0, sentence)
            y += height + LINE_GAP
        if self.shown:
            hud.text("What happened", left, y + 4, 12, INK, bold=True, anchor_y="bottom")
            hud.tip(left, bottom, width, y + title_h - bottom, TIP)


def _height(text: str, width: float) -> float:
    """The height ``text`` takes wrapped at ``width`` (logical px)."""
    label = pyglet.text.Label(
        text, font_name=FONT, font_size=SIZE, width=int(width), multiline=True
    )
    height = float(label.content_height)
    label.delete()
    return height + 2
