"""Scores that count up: a panel's numbers roll from their old value to the new one.

A panel asks ``Tally.number(key, value)`` what to write for a score when it is built:
the value itself the first time, and after a change the number a count from the number
shown before has reached. The count eases out over COUNT_SECONDS of real time, pushed
on by ``step`` each frame; meanwhile the panel is not rebuilt (a Hud rebuild lays out
every text): the labels the panel bound (``bind``) get their new text straight away,
and a soft highlight behind each bound row fades out over GLOW_SECONDS. So a count
starts when the panel is first built with the new value: after a confirmed move, or,
for a computer's move, once its playback is over (until then the panel keeps the state
before the move, see computer_seats.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pyglet
from pyglet import shapes

from simulator.app.widgets import FittedText, fit
from simulator.render.camera import Rect

COUNT_SECONDS = 0.7  # real seconds a number takes to roll to its new value
GLOW_SECONDS = 1.0  # ... and the highlight behind its row to fade out
GLOW = (255, 214, 90)  # the highlight: warm yellow, translucent
GLOW_ALPHA = 150
GLOW_PAD = 3.0  # logical px the highlight reaches around a row's text


def ease_out(t: float) -> float:
    """Fast first, slow at the end (cubic), over t in [0, 1]."""
    t = min(max(t, 0.0), 1.0)
    return 1.0 - (1.0 - t) ** 3


def worded(head: str, tail: str = "") -> Callable[[int], str]:
    """A row's words around its number: ``head``, the number, ``tail``."""
    return lambda number: f"{head}{number}{tail}"


@dataclass
class Count:
    start: int  # the number shown when the count began
    end: int  # the value it rolls to
    age: float = 0.0  # real seconds since it began

    def shown(self, seconds: float) -> int:
        return round(self.start + (self.end - self.start) * ease_out(self.age / seconds))


@dataclass
class Row:
    """A label showing a key's number, how to word it, and its highlight."""

    text: FittedText
    words: Callable[[int], str]
    glow: shapes.Rectangle | None


class Tally:
    """The numbers a panel shows, per key, and their counts under way."""

    def __init__(self, seconds: float = COUNT_SECONDS, glow_seconds: float = GLOW_SECONDS) -> None:
        self.seconds = seconds
        self.glow_seconds = max(glow_seconds, seconds)
        self._values: dict[Hashable, int] = {}  # the value each key was last given
        self._counts: dict[Hashable, Count] = {}
        self._rows: dict[Hashable, Row] = {}
        self.batch = pyglet.graphics.Batch()  # the highlights

    def number(self, key: Hashable, value: int) -> int:
        """What to write for ``key`` now that its value is ``value``: a change starts a
        count from the number shown so far."""
        old = self._values.get(key)
        if old is not None and value != old:
            self._counts[key] = Count(self.shown(key), value)
        self._values[key] = value
        return self.shown(key, value)

    def shown(self, key: Hashable, default: int = 0) -> int:
        """The number ``key`` shows now (``default`` if it has none)."""
        count = self._counts.get(key)
        if count is not None:
            return count.shown(self.seconds)
        return self._values.get(key, default)

    def counting(self, key: Hashable) -> bool:
        count = self._counts.get(key)
        return count is not None and count.age < self.seconds

    def label(self, key: Hashable) -> pyglet.text.Label | None:
        """The label showing ``key``'s number now, if a panel bound one."""
        row = self._rows.get(key)
        return row.text.label if row is not None else None

    @property
    def running(self) -> bool:
        """A count or a highlight is under way (a frame has something to change)."""
        return bool(self._counts)

    def bind(
        self,
        key: Hashable,
        text: FittedText,
        words: Callable[[int], str],
        highlight: Rect | None = None,
        *,
        glow: bool = True,
    ) -> None:
        """``text`` (just laid out by a panel) shows ``key``'s number as ``words`` says
        it; while a count runs it is rewritten each step, and ``highlight`` (default:
        the text's box) glows behind it, unless ``glow`` is False (another number of
        the row glows for it). A panel binds its rows at every rebuild."""
        old = self._rows.pop(key, None)
        if old is not None and old.glow is not None:
            old.glow.delete()
        light = None
        if glow and key in self._counts:
            box = text.box
            x, y, w, h = highlight or (box.x, box.y, box.w, box.h)
            light = shapes.Rectangle(
                x - GLOW_PAD,
                y - GLOW_PAD,
                w + 2 * GLOW_PAD,
                h + 2 * GLOW_PAD,
                color=(*GLOW, 0),
                batch=self.batch,
            )
        self._rows[key] = Row(text, words, light)
        self._show(key)

    def unbind(self) -> None:
        """The panel is being rebuilt (its labels are gone): drop the rows bound."""
        for key in list(self._rows):
            self._unglow(key)
        self._rows.clear()

    def step(self, seconds: float) -> None:
        """``seconds`` of real time pass: the counts go on, bound labels follow."""
        if not self._counts:
            return
        for key in list(self._counts):
            count = self._counts[key]
            before = count.shown(self.seconds)
            count.age += seconds
            if count.shown(self.seconds) != before or count.age >= self.seconds:
                self._show(key)
            if count.age >= self.glow_seconds:
                del self._counts[key]
                self._unglow(key)

    def _show(self, key: Hashable) -> None:
        row = self._rows.get(key)
        count = self._counts.get(key)
        if row is None:
            return
        label = row.text.label
        words = row.words(self.shown(key))
        if label.text != words:
            label.text = words
            fit(label, row.text.box)  # a digit more must still fit its box
        if row.glow is not None and count is not None:
            fade = 1.0 - min(count.age / self.glow_seconds, 1.0)
            row.glow.opacity = round(GLOW_ALPHA * fade * fade)

    def _unglow(self, key: Hashable) -> None:
        row = self._rows.get(key)
        if row is not None and row.glow is not None:
            row.glow.delete()
            row.glow = None

    def draw(self) -> None:
        """The highlights (draw them before the panel's texts)."""
        if self._counts:
            self.batch.draw()

    def reset(self) -> None:
        """Forget every number: the next ones show at once (a new or loaded game)."""
        self.unbind()
        self._values.clear()
        self._counts.clear()
