"""Crisp text at any window size: layout stays in design units (layout.py), but a text is
drawn in device pixels, its type set at its design size times the window's scale and
the framebuffer's pixel ratio, at a whole pixel. Scaling the design picture instead
would stretch each glyph's texture and blur it.

The window says which device it draws to (``use``) before each frame; a Hud moves its
labels to device pixels (``place``) when that changed, and draws them in a
``DeviceGroup``, which sets the view to device pixels while they draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pyglet
from pyglet.math import Mat4, Vec3

from simulator.app.layout import DESIGN_H, DESIGN_W, Letterbox

WRAP_SLACK = 2.0  # design px a wrapped text's width gains, so rounding never adds a line


@dataclass(frozen=True)
class Device:
    """Where the design screen lands: the letterbox in window units, and the
    framebuffer's pixels per window unit (2 on a typical high-DPI screen)."""

    box: Letterbox
    ratio: float = 1.0

    @property
    def k(self) -> float:
        """Device pixels per design unit."""
        return self.box.scale * self.ratio

    def point(self, x: float, y: float) -> tuple[int, int]:
        """Design (x, y) as a whole device pixel."""
        wx, wy = self.box.to_window(x, y)
        return round(wx * self.ratio), round(wy * self.ratio)

    def to_design(self, x: float, y: float) -> tuple[float, float]:
        """Device pixel (x, y) back in design units."""
        return self.box.to_logical(x / self.ratio, y / self.ratio)


DESIGN = Device(Letterbox(DESIGN_W, DESIGN_H))  # a window of the design size, no HiDPI
_state: dict[str, Any] = {"window": None, "device": DESIGN}


def use(window: Any, device: Device) -> None:
    """``window`` draws its next frame to ``device`` (the window calls this first)."""
    _state["window"], _state["device"] = window, device


def release(window: Any) -> None:
    """``window`` closes: text drawn after it uses the design size again."""
    if _state["window"] is window:
        use(None, DESIGN)


def current() -> Device:
    return _state["device"]


def device_of(window: Any, box: Letterbox) -> Device:
    """The device of ``window``, whose letterbox (in window units) is ``box``."""
    pixels = window.get_framebuffer_size()[0]
    return Device(box, pixels / max(box.width, 1))


@dataclass(frozen=True)
class Spec:
    """A text's design-unit placement and type size, from which each device's is made."""

    x: float
    y: float
    size: float
    width: float | None  # a wrapped text's width; None: one line


def spec_of(label: pyglet.text.Label) -> Spec:
    width = float(label.width) if label.multiline and label.width else None
    return Spec(float(label.x), float(label.y), float(label.font_size), width)


def place(label: pyglet.text.Label, spec: Spec, device: Device) -> None:
    """Lay ``label`` out for ``device``: its type, position and wrap width in device
    pixels (one layout, however many values change)."""
    x, y = device.point(spec.x, spec.y)
    label.begin_update()
    label.font_size = spec.size * device.k
    label.position = (x, y, 0)
    if spec.width is not None:
        label.width = round((spec.width + WRAP_SLACK) * device.k)
    label.end_update()


@cache
def _device_view(ratio: float) -> Mat4:
    """The view that maps one unit to one framebuffer pixel."""
    return Mat4.from_scale(Vec3(1 / ratio, 1 / ratio, 1.0))


class DeviceGroup(pyglet.graphics.Group):
    """Its children draw in device pixels: the view maps one unit to one framebuffer
    pixel while they draw, and is given back after."""

    def __init__(self, parent: pyglet.graphics.Group | None = None) -> None:
        super().__init__(order=0, parent=parent)
        self._saved: Mat4 | None = None

    def set_state(self) -> None:
        window = _state["window"]
        if window is None:  # no window said where it draws: design units are pixels
            return
        target = _device_view(_state["device"].ratio)
        if window.view == target:  # a design-size window: nothing to set (a view costs)
            return
        self._saved = window.view
        window.view = target

    def unset_state(self) -> None:
        window = _state["window"]
        if window is not None and self._saved is not None:
            window.view = self._saved
        self._saved = None
