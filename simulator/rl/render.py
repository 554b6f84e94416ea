"""Pictures of a match for the research environments: Gymnasium's ``rgb_array`` frames
and its ``human`` window.

``FrameRenderer.frame(match)`` draws a match as ``towersim replay --png`` does (the world
fitted to the picture, the LOTS footprint's boundaries; for LOTS: Filled In, which has no
world, every player's tower sheet as drawn so far) and returns the pixels: (H, W, 3)
uint8 RGB, top row first. It keeps one GL context, framebuffer and world scene for its
lifetime (a hidden window per frame is the slow part); ``close()`` frees them.

``HumanViewer`` is ``render_mode="human"``: a visible pyglet window. Why it draws the
match itself (``draw(match)``) rather than showing a FrameRenderer's frame: pyglet's
headless (EGL, no display) mode is chosen once per process, before the first window,
and a visible window cannot exist in a headless process. So the viewer draws straight
into its own window's context, needs no offscreen renderer, and an environment in
human mode should never make one before the viewer's window is open (the viewer raises
a RuntimeError saying so if pyglet already runs headless). Once the viewer is open,
offscreen frames work in the same process too (through a hidden window on the display).
``show(rgb)`` puts any frame in the window, fitted with its aspect kept.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from rules.pieces import Cell
from simulator.games.filled_in.draw import tint
from simulator.games.match import Match, PhysicalMatch
from simulator.games.registry import GAMES
from simulator.physics.lot import Lot
from simulator.physics.world import World
from simulator.render.camera import Camera, fit_region
from simulator.render.mesh import Mesh
from simulator.render.offscreen import Surface
from simulator.render.palette import BACKGROUND, FONT, INK, RGB, colour, contrast
from simulator.render.symbols import placed, symbol_triangles

SIZES = range(16, 4097)  # pixels a frame may be wide or high
PAPER: RGB = (255, 255, 252)
GRID: RGB = (175, 178, 186)
TOOL_TINT = 0.6  # how light an empty tool box shows the colour it asks for (1: white)
NAME_CHARS = 16  # a longer player name is shortened over its sheet


def _pixels(name: str, value: int) -> int:
    size = operator.index(value)
    if size not in SIZES:
        raise ValueError(f"{name} must be {SIZES.start} to {SIZES.stop - 1} pixels, not {size}")
    return size


class _Painter:
    """Draws a match into the GL target bound now. The world's scene (its vertex lists
    belong to one GL context) is kept and synced between frames, made again when the
    match's world was replaced (a reset, a rebuild)."""

    def __init__(self) -> None:
        self._scene: Any = None
        self._lot: Any = None

    def paint(self, match: Match | World, window: Any, width: int, height: int) -> None:
        if isinstance(match, World):  # a world of its own ("would this stand?")
            self._paint_world(match, None, window, width, height)
        elif isinstance(match, PhysicalMatch):
            self._paint_world(match.world, match.lot, window, width, height)
        elif isinstance(match, Match) and "sheets" in (content := _content(match.kind)):
            _paint_sheets(match, content, width, height)  # a game of drawn sheets
        else:
            raise TypeError(f"cannot draw a {type(match).__name__}: no world and no sheets")

    def _paint_world(
        self, world: World, lot: Lot | None, window: Any, width: int, height: int
    ) -> None:
        from pyglet.math import Mat4  # lazy: headless

        from simulator.render.scene import WorldScene, world_bounds  # lazy: display

        if self._scene is not None and (self._scene.world is not world or self._lot is not lot):
            self.delete()
        if self._scene is None:
            self._scene, self._lot = WorldScene(world, lot=lot), lot
        else:
            self._scene.sync()
        viewport = (0.0, 0.0, float(width), float(height))
        camera = Camera(fit_region(world_bounds(world), width / height), viewport)
        window.view = camera.matrix()
        self._scene.batch.draw()
        window.view = Mat4()

    def delete(self) -> None:
        if self._scene is not None:
            self._scene.delete()
            self._scene = None


@cache  # a copy per frame would cost more than the frame's sheets; nobody changes it
def _content(kind: str) -> Mapping[str, Any]:
    return GAMES.get(kind).load("engine").content()


def _paint_sheets(match: Match, content: Mapping[str, Any], width: int, height: int) -> None:
    """Every player's tower sheet side by side, as drawn so far (the engine's describe()
    of the state, its content's sheets; no rules internals): filled boxes in their
    colour with its symbol (purple spaces too), each drawn block edged as one piece, empty
    tool boxes tinted in the colour they ask for, thick lines between levels, the
    foundation; each sheet headed by its player and score. One vertex list and a label a
    player, made for the frame."""
    import pyglet  # lazy: headless

    from simulator.render.scene import MeshGroup, mesh_list  # lazy: display

    seen = GAMES.get(match.kind).load("engine").describe(match.state)
    sheets = {sheet["id"]: _Sheet(sheet) for sheet in content["sheets"]}
    players = [(name, about, sheets[about["sheet"]]) for name, about in seen["players"].items()]
    mesh = Mesh()
    each = width / len(players)
    pad = max(2.0, min(each, height) * 0.04)
    label = max(6.0, min(14.0, height / 28, each / 12))  # text size (points)
    room = (each - 2 * pad, height - label * 2.2 - 3 * pad)  # a sheet's, in pixels
    cell = min(min(room[0] / s.width, room[1] / s.height) for _, _, s in players)  # one for all
    batch = pyglet.graphics.Batch()
    labels = []
    for seat, (player, about, spec) in enumerate(players):
        x0 = seat * each + (each - spec.width * cell) / 2
        _sheet(mesh, spec, about, x0, 2 * pad, cell)
        ground = [col for row, col in spec.boxes if row == 0]
        left, right = x0 + min(ground) * cell - pad / 2, x0 + (max(ground) + 1) * cell + pad / 2
        mesh.polygon(_square(left, pad, right - left, pad * 0.8), (*INK, 255))
        name = player if len(player) <= NAME_CHARS else player[:15] + "…"
        labels.append(
            pyglet.text.Label(
                f"{name}: {about['score']}",
                x=seat * each + each / 2,
                y=height - pad,
                anchor_x="center",
                anchor_y="top",
                font_name=FONT,
                font_size=label,
                weight="bold",
                color=(*INK, 255),
                batch=batch,
            )
        )
    boxes = mesh_list(mesh, batch, MeshGroup(0))
    batch.draw()
    boxes.delete()
    for text in labels:
        text.delete()


class _Sheet:
    """A tower sheet as the engine's content describes it."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.width, self.height = data["width"], data["height"]
        self.boxes: list[Cell] = [(row, col) for row, col in data["boxes"]]
        self.tools = {(t["box"][0], t["box"][1]): t["colour"] for t in data["tools"]}
        self._level = {
            (row, col): k for k, level in enumerate(data["levels"]) for row, col in level
        }

    def level_of(self, box: Cell) -> int:
        return self._level[box]


def _sheet(
    mesh: Mesh, spec: _Sheet, about: dict[str, Any], x0: float, y0: float, cell: float
) -> None:
    """One player's sheet (``about``: the engine's description of the player)."""
    tools = spec.tools
    owner: dict[Cell, int] = {}  # which drawn block a box belongs to (purples: their own)
    for index, block in enumerate(about["blocks"]):
        owner.update(dict.fromkeys(((r, c) for r, c in block["cells"]), index))
    owner.update({(r, c): -1 - k for k, (r, c) in enumerate(about["purple_spaces"])})
    paint = {(r, c): ink for r, c, ink in about["ink"]}
    edge = max(1.0, cell / 16)
    for row, col in spec.boxes:
        x, y = x0 + col * cell, y0 + row * cell
        box = _square(x, y, cell, cell)
        if (row, col) in paint:
            filled = colour(paint[row, col])
            mesh.polygon(box, (*filled.rgb, 255))
            shape = placed(symbol_triangles(filled.symbol), x + cell / 2, y + cell / 2, cell / 2)
            mesh.triangles(shape, (*contrast(filled.rgb), 255))
        elif (row, col) in tools:
            mesh.polygon(box, (*tint(colour(tools[row, col]).rgb, TOOL_TINT), 255))
        else:
            mesh.polygon(box, (*PAPER, 255))
        mesh.outline(box, 1.0, (*GRID, 255))
    for (row, col), piece in owner.items():  # a block's outer edges, so it reads as one
        x, y = x0 + col * cell, y0 + row * cell
        for (dr, dc), a, b in _SIDES:
            if owner.get((row + dr, col + dc)) != piece:
                start, end = (x + a[0] * cell, y + a[1] * cell), (x + b[0] * cell, y + b[1] * cell)
                mesh.segment(start, end, edge, (*INK, 255))
    for row, col in spec.boxes:  # a level's edge: the box above or right in another level
        x, y = x0 + col * cell, y0 + row * cell
        level = spec.level_of((row, col))
        for (dr, dc), a, b in _SIDES[1::2]:
            other = (row + dr, col + dc)
            if other in spec.boxes and spec.level_of(other) != level:
                start, end = (x + a[0] * cell, y + a[1] * cell), (x + b[0] * cell, y + b[1] * cell)
                mesh.segment(start, end, 2 * edge, (*INK, 255))


# A box's sides: the neighbour across it, and its ends in box units from the lower left.
_SIDES = (
    ((-1, 0), (0, 0), (1, 0)),
    ((1, 0), (0, 1), (1, 1)),
    ((0, -1), (0, 0), (0, 1)),
    ((0, 1), (1, 0), (1, 1)),
)


def _square(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


class FrameRenderer:
    """Frames of a match, ``width`` x ``height`` pixels (16 to 4096 each), drawn headless
    unless this process already has a display window. The GL context is made on the first
    frame and kept until ``close()``."""

    def __init__(self, width: int = 480, height: int = 480) -> None:
        self.width = _pixels("width", width)
        self.height = _pixels("height", height)
        self._surface: Surface | None = None
        self._painter = _Painter()

    def frame(self, match: Match | World) -> np.ndarray:
        """The match (or a bare world) now as (height, width, 3) uint8 RGB, top row first."""
        if self._surface is None:
            self._surface = Surface(self.width, self.height)
        surface = self._surface
        surface.begin(BACKGROUND)
        try:
            self._painter.paint(match, surface.window, self.width, self.height)
            rgba = surface.rgba()
        finally:
            surface.end()
        pixels = np.frombuffer(rgba, dtype=np.uint8).reshape(self.height, self.width, 4)
        return np.ascontiguousarray(pixels[::-1, :, :3])

    def close(self) -> None:
        if self._surface is not None:
            self._surface.window.switch_to()  # the scene's vertex lists live in this context
            self._painter.delete()
            self._surface.close()
            self._surface = None

    def __enter__(self) -> FrameRenderer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class HumanViewer:
    """A visible window, ``width`` x ``height`` pixels, opened by the first ``draw`` or
    ``show``. With ``fps``, a frame stays at least 1/fps seconds before the next one
    replaces it (Gymnasium's ``render_fps``), the window's events pumped meanwhile. Once
    the person closes the window (or presses Escape), later frames are not shown."""

    def __init__(
        self,
        width: int = 480,
        height: int = 480,
        *,
        caption: str = "towersim",
        fps: float | None = None,
    ) -> None:
        self.width = _pixels("width", width)
        self.height = _pixels("height", height)
        if fps is not None and not fps > 0:
            raise ValueError(f"fps must be positive, not {fps}")
        self.caption = caption
        self.fps = fps
        self._window: Any = None
        self._closed = False  # by the person, or by close()
        self._painter = _Painter()
        self._shown_at: float | None = None

    @property
    def is_open(self) -> bool:
        return self._window is not None

    def draw(self, match: Match | World) -> None:
        """Draw the match straight into the window (no offscreen frame) and show it."""
        window = self._begin()
        if window is not None:
            self._painter.paint(match, window, self.width, self.height)
            self._end(window)

    def show(self, rgb: np.ndarray) -> None:
        """Show a frame, (H, W, 3) uint8 RGB top row first, fitted to the window."""
        if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
            raise ValueError(f"a frame is (H, W, 3) uint8, not {rgb.shape} {rgb.dtype}")
        window = self._begin()
        if window is None:
            return
        import pyglet  # lazy: headless

        high, wide = rgb.shape[:2]
        data = np.ascontiguousarray(rgb).tobytes()
        image = pyglet.image.ImageData(wide, high, "RGB", data, pitch=-wide * 3)
        scale = min(self.width / wide, self.height / high)
        w, h = wide * scale, high * scale
        image.blit((self.width - w) / 2, (self.height - h) / 2, width=w, height=h)
        self._end(window)

    def close(self) -> None:
        if self._window is not None:
            self._window.switch_to()
            self._painter.delete()
            self._window.close()
            self._window = None
        self._closed = True

    def _begin(self) -> Any:
        """The window cleared and current (opened on the first frame), or None when the
        person has closed it."""
        if self._window is not None:
            self._window.dispatch_events()
            if self._window.has_exit:
                self.close()
        if self._closed:
            return None
        if self._window is None:
            self._window = self._open()
        from pyglet import gl  # lazy: display
        from pyglet.math import Mat4  # lazy: headless

        window = self._window
        window.switch_to()
        gl.glViewport(0, 0, *window.get_framebuffer_size())
        window.projection = Mat4.orthogonal_projection(0, self.width, 0, self.height, -1, 1)
        window.view = Mat4()
        r, g, b = BACKGROUND
        gl.glClearColor(r / 255, g / 255, b / 255, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        return window

    def _end(self, window: Any) -> None:
        """Flip the frame into view; with ``fps``, keep the last one up long enough."""
        if self.fps is not None and self._shown_at is not None:
            due = self._shown_at + 1.0 / self.fps
            while (left := due - time.monotonic()) > 0:
                window.dispatch_events()
                time.sleep(min(left, 0.02))
        window.flip()
        window.dispatch_events()
        self._shown_at = time.monotonic()

    def _open(self) -> Any:
        import pyglet  # lazy: headless

        if pyglet.options["headless"]:
            raise RuntimeError(
                "render_mode='human' needs a display, but pyglet already runs headless in "
                "this process (an offscreen frame or picture came first); open the human "
                "window first, or render in another process"
            )
        try:
            return pyglet.window.Window(
                self.width, self.height, caption=self.caption, vsync=False, resizable=False
            )
        except Exception as exc:  # no display: pyglet's own error names the X problem
            raise RuntimeError(f"render_mode='human' cannot open a window: {exc}") from exc
