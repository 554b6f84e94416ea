"""The first-game guide: a few steps over the real game screen, each a short text with
an arrow to the thing to use (the roll button, the bank, the tower, Confirm), going on
when the player does it (or with Next). Skip or Esc ends it.

The steps are data, ``assets/guides/<game>.toml``::

    title = "Your first LOTS turn"
    [[step]]
    text = "Roll the die: click here or press R."
    anchor = "roll"          # a name the game screen gives a rectangle (guide_anchors)
    until = "gone"           # what moves the guide on, below

``until``: ``next`` (only the Next button), ``click`` (a click on the anchor), ``gone``
(the anchor was on screen and is gone: the player used it, by click or key), ``live``
(a move is under way: a piece in the hand, a block in pencil), ``move`` (a move entered
the game's log while the step showed), ``shows:NAME`` (the anchor NAME appears).

A guide shows by itself on a player's first game of each game (settings.guides_seen);
G (listed in the help) shows it again, F2 the rules page (simulator/app/rules_page.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import pyglet
from pyglet.window import key

from rules.assets import assets_dir, load_asset
from rules.errors import AssetError
from simulator.app import settings
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.overlay import HelpAction, Overlay
from simulator.app.rules_page import RulesPage
from simulator.app.screen import Window
from simulator.app.widgets import Hud
from simulator.render.palette import FONT, INK

Rect = tuple[float, float, float, float]  # x, y, w, h in logical pixels
UNTIL = ("next", "click", "gone", "live", "move")
BOX_W = 400.0
TOP = DESIGN_H - 72.0  # the box stays below the message strip along the top
GAP = 54.0  # between the text box and what it points at
CLEARANCE = 8.0  # between the text box and anything else the player uses
SCAN = 24.0  # the step of the places tried when nothing beside the anchor is clear
MARGIN = 10.0
ACCENT = (245, 170, 20)
PAPER = (255, 251, 236)


class GuidedScreen(Protocol):
    """What the guide reads of the game screen it shows over (GameScreen is one: it
    imports this module, so the guide names it only through this protocol)."""

    window: Window | None
    match: Any
    live: Any  # the move under way, or None

    @property
    def move_in_progress(self) -> bool: ...

    def say(self, message: str) -> None: ...

    def guide_anchors(self) -> dict[str, Rect]: ...

    def guide_keep_clear(self) -> list[Rect]: ...


@dataclass(frozen=True)
class Step:
    text: str
    anchor: str | None = None
    until: str = "next"


@dataclass(frozen=True)
class GuideContent:
    game: str
    title: str
    steps: tuple[Step, ...]


def guide_path(game: str) -> str:
    return f"guides/{game}.toml"


def has_guide(game: str) -> bool:
    return (assets_dir() / guide_path(game)).is_file()


def load_guide(game: str) -> GuideContent:
    """``game``'s guide; AssetError (one line) for a file that does not fit."""
    path = guide_path(game)
    data = load_asset(path)
    where = f"assets/{path}"
    title, steps = data.get("title"), data.get("step")
    if not isinstance(title, str) or not isinstance(steps, list) or not steps:
        raise AssetError(f"{where}: needs a title and at least one [[step]]")
    found = []
    for number, table in enumerate(steps, 1):
        text, anchor, until = table.get("text"), table.get("anchor"), table.get("until", "next")
        if not isinstance(text, str) or not text.strip():
            raise AssetError(f"{where}: step {number} has no text")
        if anchor is not None and not isinstance(anchor, str):
            raise AssetError(f"{where}: step {number}: anchor must be a name")
        if not isinstance(until, str) or not (until in UNTIL or until.startswith("shows:")):
            raise AssetError(
                f"{where}: step {number}: until must be one of {', '.join(UNTIL)} or shows:NAME"
            )
        if until in ("click", "gone") and anchor is None:
            raise AssetError(f"{where}: step {number}: until = {until!r} needs an anchor")
        found.append(Step(" ".join(text.split()), anchor, until))
    return GuideContent(game, title, tuple(found))


def offer(screen: GuidedScreen, window: Window) -> None:
    """Put G (this game's guide again) and F2 (the rules page) in the window's help."""
    game = screen.match.kind
    actions = [HelpAction(key.F2, "F2", "the rules of this game", lambda: _rules(window, game))]
    if has_guide(game):
        actions.insert(
            0, HelpAction(key.G, "G", "show the first-game guide again", lambda: show(screen))
        )
    window.help_actions = [*window.help_actions, *actions]


def _rules(window: Window, game: str) -> None:
    window.open_overlay(RulesPage(game))


def show(screen: GuidedScreen) -> GuideOverlay | None:
    """Show the screen's game guide over it now (None if the game has none)."""
    window = screen.window
    game = screen.match.kind
    if window is None or not has_guide(game):
        return None
    try:
        content = load_guide(game)
    except AssetError as exc:  # a guide file that does not fit: one line, the game goes on
        screen.say(f"The guide cannot be shown: {exc}")
        return None
    guide = GuideOverlay(screen, content)
    window.open_overlay(guide)
    return guide


def show_if_first(screen: Any) -> GuideOverlay | None:
    """On a player's first game of this game, its guide (else None)."""
    kind = getattr(getattr(screen, "match", None), "kind", None)
    if kind is None or kind in settings.current().guides_seen:
        return None
    return show(screen)


class GuideOverlay(Overlay):
    """The guide over a game screen: not modal, the player plays through it."""

    def __init__(self, screen: GuidedScreen, content: GuideContent) -> None:
        self.screen = screen
        self.content = content
        self.scale = settings.current().ui_scale
        self.hud = Hud(scale=1.0)  # the guide scales its own text
        self.index = 0
        self._shown: Any = None  # what the hud shows: (index, anchor rectangle)
        self._cleared: Any = None  # what it was laid out to leave in sight
        self.box: Rect | None = None  # the text box, once drawn
        self.tip: tuple[float, float] | None = None  # where its arrow points
        self._begin()

    @property
    def step(self) -> Step:
        return self.content.steps[self.index]

    def anchor(self) -> Rect | None:
        """Where the step's anchor is now (None: not on screen)."""
        name = self.step.anchor
        return self.screen.guide_anchors().get(name) if name else None

    # -- going on -----------------------------------------------------------------------

    def _begin(self) -> None:
        self._moves = self.screen.match.action_count
        self._seen = False

    def next(self) -> None:
        if self.index + 1 >= len(self.content.steps):
            self.finish()
            return
        self.index += 1
        self._begin()

    def finish(self) -> None:
        """Done or skipped: it does not show by itself again."""
        self.close()
        settings.mark_guide_seen(self.content.game)

    def close(self) -> None:
        super().close()
        self.hud.clear()

    def _done(self, anchors: dict[str, Rect]) -> bool:
        """The player did what the step asks."""
        until, screen = self.step.until, self.screen
        if until == "gone":
            here = self.step.anchor in anchors
            self._seen = self._seen or here
            return self._seen and not here
        if until == "live":
            return screen.live is not None
        if until == "move":
            return screen.match.action_count > self._moves
        if until.startswith("shows:"):
            return until[6:] in anchors
        return False

    # -- input ----------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if self.hud.press(x, y):
            return True
        rect = self.anchor()
        if self.step.until == "click" and rect is not None and _inside(rect, x, y):
            self.next()  # the click goes on to the game too
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE and not self.screen.move_in_progress:
            self.finish()  # with a move in progress Esc is the game's: it undoes the move
            return True
        return False

    # -- drawing --------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        anchors = self.screen.guide_anchors()
        while not self.closed and self._done(anchors):
            self.next()
        if self.closed:
            return
        rect = anchors.get(self.step.anchor) if self.step.anchor else None
        # Laid out again for a new step or anchor, and when something the player uses
        # (a button, the words beside the ghost) has come under the box: never before,
        # so the box does not wander while nothing it hides changes.
        clear = self._keep_clear(anchors)
        key_now = tuple(tuple(round(v) for v in r) for r in clear)
        hidden = (
            self.box is not None
            and key_now != self._cleared
            and any(_overlap(self.box, other) for other in clear)
        )
        if (self.index, rect) != self._shown or hidden:
            self._shown, self._cleared = (self.index, rect), key_now
            self._rebuild(rect)
        self.hud.draw()

    def _keep_clear(self, anchors: dict[str, Rect]) -> list[Rect]:
        """What the box must not cover: everything the guide could point at and what
        the screen says the player uses (its buttons, the words beside the ghost)."""
        return [*anchors.values(), *self.screen.guide_keep_clear()]

    def box_for(self, rect: Rect | None, height: float) -> Rect:
        """Where the text box goes: beside the anchor where nothing else the player
        uses is covered; else the nearest such place on the screen; else where it
        covers least."""
        w = BOX_W * self.scale
        clear = [_grown(r, CLEARANCE) for r in self._keep_clear(self.screen.guide_anchors())]
        places: list[tuple[float, float]] = []
        if rect is not None:
            ax, ay, aw, ah = rect
            cx, cy = ax + aw / 2 - w / 2, ay + ah / 2 - height / 2
            places += [
                (ax + aw + GAP, cy),
                (ax - GAP - w, cy),
                (cx, ay - GAP - height),
                (cx, ay + ah + GAP),
            ]
            clear.append(_grown(rect, GAP / 2))
            near = (ax + aw / 2, ay + ah / 2)
        else:
            places.append((DESIGN_W / 2 - w / 2, 120.0))
            near = (DESIGN_W / 2, 120.0 + height / 2)
        scan = [
            (MARGIN + i * SCAN, MARGIN + j * SCAN)
            for i in range(int((DESIGN_W - w - 2 * MARGIN) // SCAN) + 1)
            for j in range(int((TOP - height - MARGIN) // SCAN) + 1)
        ]
        scan.sort(key=lambda p: math.dist((p[0] + w / 2, p[1] + height / 2), near))
        boxes = [_clamped((x, y, w, height)) for x, y in [*places, *scan]]
        for box in boxes:
            if not any(_overlap(box, other) for other in clear):
                return box
        return min(boxes, key=lambda box: sum(_overlap_area(box, other) for other in clear))

    def _rebuild(self, rect: Rect | None) -> None:
        hud, s = self.hud, self.scale
        hud.clear()
        steps = self.content.steps
        text_w = BOX_W * s - 32
        measure = pyglet.text.Label(
            self.step.text, font_name=FONT, font_size=13 * s, width=int(text_w), multiline=True
        )
        text_h = measure.content_height + 4 * s  # the whole text: it is never cut short
        height = text_h + 112 * s
        measure.delete()
        box = self.box_for(rect, height)
        self.box = box
        self.tip = None if rect is None else _tip(rect, _centre(box))  # the arrow's point
        x, y, w, h = box
        if rect is not None:
            _frame(hud, _grown(rect, 5), ACCENT, 4)
            _arrow(hud, box, rect)
        hud.rect(x, y, w, h, PAPER, layer=1)
        _frame(hud, box, ACCENT, 3)
        top = y + h - 14 * s
        hud.text(self.content.title, x + 16, top - 12 * s, 14 * s, bold=True)
        counter = f"Step {self.index + 1} of {len(steps)}"
        hud.text(counter, x + 16, top - 32 * s, 11 * s, (110, 110, 110))
        hud.text(
            self.step.text,
            x + 16,
            top - 44 * s,
            13 * s,
            INK,
            width=text_w,
            height=text_h,
            anchor_y="top",
        )
        last = self.index + 1 == len(steps)
        bh = 30 * s
        hud.button(x + w - 16 - 110 * s, y + 12, 110 * s, bh, "Done" if last else "Next", self.next)
        if not last:
            hud.button(
                x + 16, y + 12, 150 * s, bh, "Skip guide (Esc)", self.finish, tone=(120, 120, 130)
            )


def _inside(rect: Rect, x: float, y: float) -> bool:
    rx, ry, rw, rh = rect
    return rx <= x <= rx + rw and ry <= y <= ry + rh


def _grown(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _overlap_area(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(w, 0.0) * max(h, 0.0)


def _clamped(box: Rect) -> Rect:
    x, y, w, h = box
    x = min(max(x, MARGIN), DESIGN_W - MARGIN - w)
    y = min(max(y, MARGIN), TOP - h)
    return (x, y, w, h)


def _centre(rect: Rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def _tip(rect: Rect, towards: tuple[float, float]) -> tuple[float, float]:
    """The point of ``rect``'s outline (grown a little) nearest ``towards``."""
    x, y, w, h = _grown(rect, 6)
    px, py = towards
    return min(max(px, x), x + w), min(max(py, y), y + h)


def _frame(hud: Hud, rect: Rect, rgb: tuple[int, int, int], width: float) -> None:
    x, y, w, h = rect
    for part in ((x, y, w, width), (x, y + h - width, w, width), (x, y, width, h)):
        hud.rect(*part, rgb, layer=1)
    hud.rect(x + w - width, y, width, h, rgb, layer=1)


def _arrow(hud: Hud, box: Rect, rect: Rect) -> None:
    """A thick arrow from the text box's edge to the anchor's edge."""
    tx, ty = _tip(rect, _centre(box))
    bx, by, bw, bh = box
    sx, sy = min(max(tx, bx), bx + bw), min(max(ty, by), by + bh)
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    if length < 12:
        return
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    head = 18.0
    ex, ey = tx - ux * head, ty - uy * head  # where the shaft ends and the head begins
    half = 3.5
    shaft = [
        (sx + nx * half, sy + ny * half),
        (ex + nx * half, ey + ny * half),
        (ex - nx * half, ey - ny * half),
        (sx - nx * half, sy - ny * half),
    ]
    hud.polygon(shaft, ACCENT, layer=2)
    hud.polygon([(tx, ty), (ex + nx * 11, ey + ny * 11), (ex - nx * 11, ey - ny * 11)], ACCENT, 2)


def bounds(buttons: list[Any], wanted: Any, name: str) -> dict[str, Rect]:
    """{name: the rectangle around the wanted buttons}, or {} when none is on screen:
    what a game screen's ``guide_anchors`` builds its anchors from."""
    found = [b for b in buttons if wanted(b)]
    if not found:
        return {}
    left, bottom = min(b.x for b in found), min(b.y for b in found)
    right, top = max(b.x + b.w for b in found), max(b.y + b.h for b in found)
    return {name: (left, bottom, right - left, top - bottom)}


def table_in_sight(buttons: list[Any], label: Rect | None, tower: Rect, top: float) -> list[Rect]:
    """A physical game's ``guide_keep_clear``: its buttons (Undo among them), the words
    beside the ghost (``label``) and the column above the tower up to ``top``, where the
    pieces go, whoever plays them."""
    x, y, w, _ = tower
    found = [(b.x, b.y, b.w, b.h) for b in buttons]
    if label is not None:
        found.append(label)
    return [*found, (x, y, w, max(top - y, 0.0))]
