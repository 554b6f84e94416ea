"""How a game screen's camera frames the tower: steady while a piece is held, eased
between moves, and shaken a little when something falls.

The screen aims the framing at its tower only between moves (nothing in the hand), so
the world never moves under the mouse during a placement; a new aim is reached over
EASE_SECONDS. A fall shakes the drawn view for SHAKE_SECONDS, a decaying wobble that
never reaches the mouse's mapping (``camera`` stays still, ``drawn_camera`` shakes).
"""

from __future__ import annotations

import math
from typing import Any

from simulator.app.dust import Dust
from simulator.physics.world import World
from simulator.render.camera import Camera, Rect

EASE_SECONDS = 0.4
AIM_TOLERANCE = 0.25  # cm: a new aim closer than this to the last one is not taken
SHAKE_SECONDS = 0.45
SHAKE_PIXELS = 7.0  # the first swing of a shake, in logical pixels
SHAKE_HZ = 14.0


def frame(bounds: Rect, aspect: float, floor: float | None = None) -> Rect:
    """``bounds`` (x, y, w, h, cm) widened or heightened to ``aspect`` (width / height):
    widened about its middle; heightened upwards, so the table stays at the bottom of
    the view and the tower fills as much of it as the aspect allows. With ``floor``
    (the table's underside), the height a short tower does not need goes first below
    its bottom, down to the floor (the table's front shows its depth), then above: the
    view ends just above the room the tower needs, not in an empty band."""
    x, y, w, h = bounds
    if w / h < aspect:
        middle, w = x + w / 2, h * aspect
        x = middle - w / 2
    else:
        spare = w / aspect - h
        if floor is not None:
            y -= min(spare, max(0.0, y - floor))
        h = w / aspect
    return x, y, w, h


def below(view: Rect, top: float) -> Rect:
    """The part of ``view`` under ``top`` (logical y): where the tower is framed when a
    message strip covers the top of the view (the world is still drawn under it)."""
    x, y, w, h = view
    return x, y, w, min(h, top - y)


def _smooth(t: float) -> float:
    """Ease in and out over t in [0, 1]."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


class Framing:
    """The world region a screen shows in ``viewport``, eased towards its aim."""

    def __init__(self, viewport: Rect) -> None:
        self.viewport = viewport
        self.region: Rect | None = None  # shown now
        self._start: Rect | None = None
        self._aim: Rect | None = None
        self._eased = EASE_SECONDS  # seconds into the current ease
        self._shaken = SHAKE_SECONDS  # seconds into the current shake

    @property
    def aspect(self) -> float:
        return self.viewport[2] / self.viewport[3]

    def aim(self, bounds: Rect, floor: float | None = None) -> None:
        """Frame ``bounds`` (the tower with its headroom; ``floor``: see ``frame``): at
        once the first time, else eased from what is shown now. Call it only between
        moves."""
        region = frame(bounds, self.aspect, floor)
        if self._aim is not None and all(
            abs(a - b) < AIM_TOLERANCE for a, b in zip(region, self._aim, strict=True)
        ):
            return  # a body settling a hair does not restart the ease
        if self.region is None:
            self.region = region
            self._eased = EASE_SECONDS
        else:
            self._start, self._eased = self.region, 0.0
        self._aim = region

    def reset(self) -> None:
        """Forget the framing: the next aim is shown at once (a new game, a load)."""
        self.region = self._start = self._aim = None
        self._eased = EASE_SECONDS

    def hold(self) -> None:
        """Stop where the view is now (a piece was picked up mid-ease)."""
        self._aim = self._start = self.region
        self._eased = EASE_SECONDS

    @property
    def moving(self) -> bool:
        return self._eased < EASE_SECONDS

    def step(self, seconds: float) -> None:
        """Let ``seconds`` of real time pass: the ease and the shake go on."""
        self._shaken = min(self._shaken + seconds, SHAKE_SECONDS)
        if not self.moving or self._start is None or self._aim is None:
            return
        self._eased = min(self._eased + seconds, EASE_SECONDS)
        k = _smooth(self._eased / EASE_SECONDS)
        self.region = tuple(  # type: ignore[assignment]
            a + (b - a) * k for a, b in zip(self._start, self._aim, strict=True)
        )

    def shake(self) -> None:
        """Something fell: wobble the drawn view for a moment."""
        self._shaken = 0.0

    def shake_offset(self) -> tuple[float, float]:
        """The drawn view's offset now (logical pixels): a decaying wobble, (0, 0) once
        the shake is over."""
        t = self._shaken
        if t >= SHAKE_SECONDS:
            return 0.0, 0.0
        size = SHAKE_PIXELS * (1.0 - t / SHAKE_SECONDS) ** 2
        turn = 2.0 * math.pi * SHAKE_HZ * t
        return size * math.cos(turn), size * 0.6 * math.sin(1.7 * turn)

    def camera(self) -> Camera:
        """The steady view: what the mouse maps through."""
        assert self.region is not None, "aim the framing before drawing"
        return Camera(self.region, self.viewport)

    def drawn_camera(self) -> Camera:
        """The view as drawn: the steady one, shaken while a fall is felt."""
        dx, dy = self.shake_offset()
        vx, vy, vw, vh = self.viewport
        return Camera(self.camera().world, (vx + dx, vy + dy, vw, vh))


class FallFeel:
    """Shakes a framing when a body touches the table off the tower's support (a fall),
    at the moment the screen shows it: live, or in a computer's move played back; and
    kicks up dust where each such piece hits the table."""

    def __init__(self) -> None:
        self._world: World | None = None
        self._felt = 0.0  # the world time shown last (simulated seconds)
        self.dust = Dust()

    def feel(
        self,
        world: World,
        shown: float,
        framing: Framing,
        support: tuple[float, float] | None = None,
        seconds: float = 0.0,
    ) -> None:
        """The screen shows ``world`` as it was at time ``shown``, ``seconds`` of real
        time after the last call: shake for any fall since the time shown last, with a
        puff of dust where each piece hit the table. A new world, or one shown earlier
        (a rebuild, a load), starts afresh without shaking."""
        self.dust.step(seconds)
        if world is not self._world or shown < self._felt:
            self._world, self._felt = world, shown
            self.dust.clear()
            return
        table: float | None = None  # found only when a fall is shown, not every frame
        for touch in reversed(world.table_touches):  # in time order: newest last
            if touch.time <= self._felt:
                break
            off = support is None or not support[0] <= touch.x <= support[1]
            if touch.time <= shown and off:
                framing.shake()
                table = _table_top(world) if table is None else table
                self.dust.puff(touch.x, table, touch.time)
        self._felt = shown


def _table_top(world: World) -> float:
    """The height of the table's top (cm): where a falling piece lands."""
    tops = [s.bb.top for e in world.entries if e.is_table for s in e.shapes]
    return max(tops) if tops else 0.0


def shown_time(world: World, playback: Any) -> float:
    """The world time a screen shows: now, or where a computer's filmed move (which ran
    to its end already) is being played back."""
    if playback is None or playback.frame is None:
        return world.time
    return world.time - playback.frames[-1].time + playback.frame.time
