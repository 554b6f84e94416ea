"""Screen furniture in logical pixels: panels, text and clickable buttons, batched.

A screen rebuilds its Hud when what it shows changes (not every frame); buttons are
hit-tested in logical coordinates.

Every text has a box (``TextBox``): a width (by default the room from its anchor to the
edge of its column: the screen, or the panel set by ``Hud.column``) and a height or a
line limit (by default one line). A text that does not fit wraps (when it may take more
than one line), then shrinks down to a floor, then is shortened with an ellipsis, so the
laid-out text never leaves its box; the logical screen is letterboxed (layout.py), so a
text that fits fits at every window size. Each Hud keeps its texts with their boxes
(``Hud.texts``) for the tests that check this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Literal

import pyglet
from pyglet import shapes

from simulator.app import crisp, settings
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.render.mesh import Mesh
from simulator.render.palette import FONT, INK, RGB
from simulator.render.scene import MeshGroup, mesh_list

AnchorX = Literal["left", "center", "right"]  # pyglet's
AnchorY = Literal["top", "bottom", "center", "baseline"]
MARGIN = 8  # logical px: a text's default box stops this short of the screen's edge
MIN_FONT = 8.0  # pt: a text shrinks no further (then it is shortened) ...
MIN_SHARE = 0.7  # ... nor below this share of its own size
ELLIPSIS = "…"
BUTTON_PAD = 5  # px: a button's label keeps this far from its sides


@dataclass(frozen=True)
class TextBox:
    """Where a text may lie: lower left corner and size, logical pixels."""

    x: float
    y: float
    w: float
    h: float


@dataclass
class FittedText:
    label: pyglet.text.Label  # its text may be shortened, its size smaller than asked
    box: TextBox
    spec: crisp.Spec  # its design-unit place and size; the label is in device pixels
    device: crisp.Device = crisp.DESIGN  # the device its label is laid out for


@cache
def line_height(size: float, bold: bool = False) -> float:
    """One line's height at ``size`` pt: what a wrapped label adds a line."""
    font = pyglet.font.load(FONT, size, weight="bold" if bold else "normal")
    return float(font.ascent - font.descent)


@cache
def _ascent(size: float, bold: bool) -> float:
    return float(pyglet.font.load(FONT, size, weight="bold" if bold else "normal").ascent)


def _fits(label: pyglet.text.Label, box: TextBox) -> bool:
    return label.content_width <= box.w + 0.5 and label.content_height <= box.h + 0.5


def fit(label: pyglet.text.Label, box: TextBox, k: float = 1.0) -> None:
    """Make ``label`` fit ``box``: smaller type down to the floor, then fewer words
    and an ellipsis (a word longer than the box is cut inside). ``k``: device pixels
    per design unit, when label and box are in a device's pixels (crisp.py)."""
    if _fits(label, box):
        return
    size = float(label.font_size)
    floor = max(MIN_FONT * k, size * MIN_SHARE)
    if not label.multiline and label.content_width > 0:  # one line: straight to its size
        size = max(floor, min(size - 0.5, size * box.w / label.content_width))
        label.font_size = size
    while not _fits(label, box) and size > floor:
        size = max(floor, size - k)
        label.font_size = size
    if _fits(label, box):
        return
    text = label.text
    low, high = 0, len(text)  # the longest prefix that fits with an ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        label.text = _shortened(text, middle)
        if _fits(label, box):
            low = middle
        else:
            high = middle - 1
    label.text = _shortened(text, low)


def _shortened(text: str, chars: int) -> str:
    head = text[:chars]
    cut = head.rfind(" ")
    if chars < len(text) and cut > chars // 2:  # end on a whole word when one is near
        head = head[:cut]
    return head.rstrip(" ,;:.-") + ELLIPSIS


@dataclass
class Button:
    x: float
    y: float
    w: float
    h: float
    action: Callable[[], None]
    label: str
    enabled: bool = True
    tip: str = ""  # what the mouse resting on it shows (simulator/app/tooltip.py)

    def hit(self, px: float, py: float) -> bool:
        return self.enabled and self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@dataclass(frozen=True)
class Tip:
    """A component that is not a button but has something to say when the mouse rests
    on it (a score track spot, a supply pile, a sheet cell): its box, logical px."""

    x: float
    y: float
    w: float
    h: float
    tip: str


class Hud:
    """Shapes and labels in three layers (panels, marks, text) plus the buttons and the
    tips of other components."""

    # Heard on every button press (the window's click); one app window at a time.
    on_press: ClassVar[Callable[[], None] | None] = None

    def __init__(self, scale: float | None = None) -> None:
        # The player's text size (settings, "UI scale"); a text still shrinks to its box.
        self.scale = settings.current().ui_scale if scale is None else scale
        self.batch = pyglet.graphics.Batch()
        self._groups = [pyglet.graphics.Group(order=i) for i in range(4)]
        self._text_groups = [crisp.DeviceGroup(group) for group in self._groups]  # crisp.py
        self._placed: tuple[crisp.Device, int] = (crisp.DESIGN, 0)  # texts laid out for it
        self._items: list[Any] = []
        self.buttons: list[Button] = []
        self.tips: list[Tip] = []
        self.texts: list[FittedText] = []
        self.bounds: tuple[float, float] = (MARGIN, DESIGN_W - MARGIN)  # texts fill it

    def clear(self) -> None:
        for item in self._items:
            item.delete()
        self._items.clear()
        self.buttons.clear()
        self.tips.clear()
        self.texts.clear()
        self._placed = (crisp.DESIGN, 0)
        self.bounds = (MARGIN, DESIGN_W - MARGIN)

    def column(self, left: float, right: float) -> None:
        """Texts drawn from now on (until ``clear``) without a width of their own fill
        at most this column: a panel's texts stop at its edges."""
        self.bounds = (left + MARGIN, right - MARGIN)

    def rect(
        self, x: float, y: float, w: float, h: float, rgb: RGB, alpha: int = 255, layer: int = 0
    ) -> None:
        item = shapes.Rectangle(
            x, y, w, h, color=(*rgb, alpha), batch=self.batch, group=self._groups[layer]
        )
        self._items.append(item)

    def border(self, x: float, y: float, w: float, h: float, rgb: RGB, layer: int = 1) -> None:
        item = shapes.Box(
            x, y, w, h, thickness=2, color=rgb, batch=self.batch, group=self._groups[layer]
        )
        self._items.append(item)

    def circle(self, x: float, y: float, r: float, rgb: RGB, layer: int = 1) -> None:
        item = shapes.Circle(x, y, r, color=rgb, batch=self.batch, group=self._groups[layer])
        self._items.append(item)

    def polygon(self, points: list[tuple[float, float]], rgb: RGB, layer: int = 1) -> None:
        item = shapes.Polygon(*points, color=rgb, batch=self.batch, group=self._groups[layer])
        self._items.append(item)

    def image(
        self, image: Any, x: float, y: float, w: float, h: float, layer: int = 1
    ) -> tuple[float, float, float, float]:
        """A pyglet image fitted inside the box (x, y, w, h), its shape kept and centred;
        where it was drawn."""
        scale = min(w / image.width, h / image.height)
        dw, dh = image.width * scale, image.height * scale
        left, bottom = x + (w - dw) / 2, y + (h - dh) / 2
        sprite = pyglet.sprite.Sprite(
            image, left, bottom, batch=self.batch, group=self._groups[layer]
        )
        sprite.scale = scale
        self._items.append(sprite)
        return left, bottom, dw, dh

    def picture(self, mesh: Mesh, layer: int = 2) -> None:
        """A mesh (say a piece's picture, piece_pictures.py) drawn in a layer."""
        if mesh.count:
            group = MeshGroup(0, parent=self._groups[layer])
            self._items.append(mesh_list(mesh, self.batch, group))

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 13,
        rgb: RGB = INK,
        *,
        bold: bool = False,
        anchor_x: AnchorX = "left",
        anchor_y: AnchorY = "baseline",
        width: float | None = None,
        height: float | None = None,
        lines: int | None = None,
        layer: int = 2,
    ) -> FittedText:
        """A text in its box: ``width`` (default: the room to its column's edge) by
        ``height`` or ``lines`` lines (default: one line; three when only a width is
        given), wrapping when it may take more than one line."""
        size *= self.scale
        if anchor_y == "baseline":  # a larger scale must not lift a top line off the screen
            while size > MIN_FONT and y + _ascent(size, bold) > DESIGN_H:
                size -= 0.5
        w = max(1.0, width if width is not None else _room(x, anchor_x, self.bounds))
        if height is None:
            lines = lines or (3 if width is not None else 1)
        h = height if height is not None else (lines or 1) * line_height(size, bold)
        h = min(h, _room_below(y, anchor_y, _ascent(size, bold)))  # a box stays on the screen
        multiline = h >= 2 * line_height(size, bold)
        label = pyglet.text.Label(
            text,
            x=x,
            y=y,
            font_name=FONT,
            font_size=size,
            weight="bold" if bold else "normal",
            color=(*rgb, 255),
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            width=int(w) if multiline else None,
            multiline=multiline,
            batch=self.batch,
            group=self._text_groups[layer],
        )
        box = _box(x, y, w, h, anchor_x, anchor_y, _ascent(size, bold))
        fit(label, box)
        self._items.append(label)
        fitted = FittedText(label, box, crisp.spec_of(label))
        self.texts.append(fitted)
        return fitted

    def button(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        label: str,
        action: Callable[[], None],
        *,
        enabled: bool = True,
        tone: RGB = (70, 110, 170),
        tip: str = "",
    ) -> Button:
        fill = tone if enabled else (170, 170, 170)
        self.rect(x, y, w, h, fill, layer=1)
        self.text(
            label,
            x + w / 2,
            y + h / 2,
            12,
            (255, 255, 255),
            anchor_x="center",
            anchor_y="center",
            width=w - 2 * BUTTON_PAD,
            height=min(h, line_height(12)),
            layer=3,
        )
        button = Button(x, y, w, h, action, label, enabled, tip)
        self.buttons.append(button)
        return button

    def tip(self, x: float, y: float, w: float, h: float, tip: str) -> None:
        """What the component in (x, y, w, h) says to a resting mouse (tooltip.py)."""
        self.tips.append(Tip(x, y, w, h, tip))

    def press(self, x: float, y: float) -> bool:
        """Run the button under (x, y), if any; True when one was pressed."""
        for button in reversed(self.buttons):
            if button.hit(x, y):
                if Hud.on_press is not None:
                    Hud.on_press()
                button.action()
                return True
        return False

    def draw(self) -> None:
        device = crisp.current()
        if self._placed != (device, len(self.texts)):
            self.place(device)
        self.batch.draw()

    def place(self, device: crisp.Device) -> None:
        """Lay every text out in ``device``'s pixels (a resize, or texts added since)."""
        for fitted in self.texts:
            if fitted.device != device:
                crisp.place(fitted.label, fitted.spec, device)
                fitted.device = device
                box, k = fitted.box, device.k  # type set larger may be relatively wider
                fit(fitted.label, TextBox(0, 0, box.w * k, box.h * k), k)
        self._placed = (device, len(self.texts))


class Banner:
    """The message strip along the top of a screen's left part, laid out again only
    when the message changes (a text layout costs more than a frame's drawing)."""

    def __init__(self, width: float, *, height: float = 58, size: float = 13) -> None:
        self.width, self.height, self.size = width, height, size
        self.hud = Hud()
        self._shown: str | None = None

    def draw(self, message: str) -> None:
        if message != self._shown:
            self._shown = message
            hud, top = self.hud, DESIGN_H - 8
            hud.clear()
            hud.rect(8, top - self.height, self.width - 16, self.height, (255, 255, 255), 228)
            box_h = self.height - 12
            hud.text(
                message, 16, top - 6, self.size, width=self.width - 36, height=box_h, anchor_y="top"
            )
        self.hud.draw()


def _room(x: float, anchor_x: str, bounds: tuple[float, float]) -> float:
    """The width a text anchored at x has up to its column's edges."""
    left, right = x - bounds[0], bounds[1] - x
    if anchor_x == "center":
        return 2 * min(left, right)
    return left if anchor_x == "right" else right


def _room_below(y: float, anchor_y: str, ascent: float) -> float:
    """The most height a text anchored at y has before it leaves the screen."""
    if anchor_y == "top":
        return y
    if anchor_y == "baseline":
        return y + ascent
    if anchor_y == "bottom":
        return DESIGN_H - y
    return 2 * min(y, DESIGN_H - y)


def _box(
    x: float, y: float, w: float, h: float, anchor_x: str, anchor_y: str, ascent: float
) -> TextBox:
    left = {"left": x, "center": x - w / 2, "right": x - w}[anchor_x]
    top = {"top": y, "center": y + h / 2, "bottom": y + h, "baseline": y + ascent}[anchor_y]
    return TextBox(left, top - h, w, h)
