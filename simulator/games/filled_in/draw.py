"""A tiny off-screen canvas for pictures and printable sheets, drawn with pyglet headless.

Pictures are drawn through EGL without a display (Mesa's llvmpipe on a server) into a
framebuffer and saved as PNG. pyglet is imported here, lazily, and nowhere in the
physics. Coordinates are pixels with y pointing up, as in OpenGL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.assets import load_asset
from simulator.files import write_atomically
from simulator.render.offscreen import offscreen
from simulator.render.palette import FONT, RGB

Point = tuple[float, float]

# Draw order: fills under lines under text, whatever order they were added in.
FILL, LINE, TEXT = 0, 1, 2


def colour_rgb(name: str) -> RGB:
    """The screen colour of a piece colour (assets/colours.toml)."""
    r, g, b = load_asset("colours.toml")["colour"][name]["rgb"]
    return int(r), int(g), int(b)


def tint(rgb: RGB, amount: float) -> RGB:
    """``rgb`` mixed with white (amount 0: unchanged, 1: white): a light print tone."""
    r, g, b = rgb
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
    )


@dataclass
class Canvas:
    width: int
    height: int
    background: RGB = (255, 255, 255)
    ops: list[tuple[int, str, tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, fill: RGB) -> None:
        self.ops.append((FILL, "rect", (x, y, w, h), {"color": fill}))

    def polygon(self, points: list[Point], fill: RGB) -> None:
        """A convex polygon."""
        self.ops.append((FILL, "polygon", tuple(points), {"color": fill}))

    def outline(self, points: list[Point], colour: RGB, thickness: float = 1.0) -> None:
        self.ops.append((LINE, "outline", tuple(points), {"color": colour, "thickness": thickness}))

    def box(
        self, x: float, y: float, w: float, h: float, colour: RGB, thickness: float = 1.0
    ) -> None:
        self.outline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], colour, thickness)

    def line(
        self, x0: float, y0: float, x1: float, y1: float, colour: RGB, thickness: float = 1.0
    ) -> None:
        self.ops.append((LINE, "line", (x0, y0, x1, y1), {"color": colour, "thickness": thickness}))

    def triangle(self, points: list[Point], fill: RGB) -> None:
        self.ops.append((LINE, "polygon", tuple(points), {"color": fill}))

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: RGB = (0, 0, 0),
        *,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        bold: bool = False,
    ) -> None:
        self.ops.append(
            (
                TEXT,
                "text",
                (text, x, y),
                {
                    "font_size": size,
                    "color": (*colour, 255),
                    "anchor_x": anchor_x,
                    "anchor_y": anchor_y,
                    "weight": "bold" if bold else "normal",
                },
            )
        )

    def png_bytes(self) -> bytes:
        return _render(self)


def write_png(canvas: Canvas, path: str | Path) -> None:
    """Render ``canvas`` and write it as a PNG, atomically."""
    write_atomically(path, canvas.png_bytes())


def _render(canvas: Canvas) -> bytes:
    with offscreen(canvas.width, canvas.height, canvas.background) as target:
        pyglet = target.pyglet  # imported headless by offscreen(), so only now
        from pyglet import shapes  # lazy: display

        batch = pyglet.graphics.Batch()
        groups = {layer: pyglet.graphics.Group(order=layer) for layer in (FILL, LINE, TEXT)}
        keep: list[object] = []  # shapes vanish from the batch when garbage-collected
        for layer, kind, args, style in canvas.ops:
            group = groups[layer]
            if kind == "rect":
                x, y, w, h = args
                keep.append(shapes.Rectangle(x, y, w, h, batch=batch, group=group, **style))
            elif kind == "polygon":
                keep.append(shapes.Polygon(*args, batch=batch, group=group, **style))
            elif kind == "outline":
                keep.append(shapes.MultiLine(*args, closed=True, batch=batch, group=group, **style))
            elif kind == "line":
                x0, y0, x1, y1 = args
                keep.append(shapes.Line(x0, y0, x1, y1, batch=batch, group=group, **style))
            else:
                text, x, y = args
                keep.append(
                    pyglet.text.Label(
                        text, x=x, y=y, font_name=FONT, batch=batch, group=group, **style
                    )
                )
        batch.draw()
        del keep
    return target.png()
