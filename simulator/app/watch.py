"""The replay viewer: any save, recording or scenario played back move by move.

The run already happened headless (``simulator.replay.film_moves``: the physics is never
stepped here); the viewer shows its frames and knows where each move starts, so the
player can step to the previous or next move (Left / Right, buttons), click or drag the
timeline, play or pause (Space) and change the speed (+ / -), reading each move's
verdict in the game's own words. The app's Watch buttons and ``towersim replay FILE
--watch`` open this same screen. A game without a physics world (Filled In) has no table
to film: the viewer steps through its moves with their verdicts and the scores after
each, and says so. Where the replay stands and how it plays on is the transport's
(watch_transport.py, no pyglet); this screen draws it and maps the input onto it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

import pyglet

from simulator.app.display import display_available
from simulator.app.layout import DESIGN_H, DESIGN_W, clipped
from simulator.app.playback import speed_text
from simulator.app.screen import Screen, Window
from simulator.app.watch_transport import Transport, game_part, move_text
from simulator.games.registry import GAMES
from simulator.render.camera import Camera, fit_region
from simulator.render.mesh import Mesh
from simulator.replay import film_caption

if TYPE_CHECKING:
    from simulator.render.scene import WorldScene
    from simulator.replay import FilmedMoves

SHORTCUTS = [
    ("Left / Right", "previous / next move"),
    ("Home / End", "first / last move"),
    ("Space", "play / pause"),
    ("+ / -", "faster / slower"),
    ("click, drag the timeline", "go to that moment"),
]
HAND_ROOM = 8.0  # cm above the final tower: the hand carries pieces in above it
NO_TABLE = "{title} has no table to watch: step through its moves, their verdicts and the scores."
SHEETS = (16.0, 150.0, 760.0, 500.0)  # where a sheet game's sheets go (x, y, w, h)
MOVES_X = 800.0  # the list of moves beside them

# Layout (logical pixels): the text on top, the table, the timeline and the buttons.
VIEW = (0.0, 140.0, float(DESIGN_W), 520.0)
BAR = (40.0, 100.0, float(DESIGN_W - 80), 14.0)  # the timeline: x, y, w, h
BAR_GRAB = 16.0  # a click this far above or below the bar still takes it
ROW_Y, ROW_H = 30.0, 40.0  # the buttons
INK_LIGHT = (235, 238, 245)


class ReplayViewer(Transport, Screen):
    shortcuts = SHORTCUTS

    def __init__(
        self,
        filmed: FilmedMoves,
        caption: list[str],
        back: tuple[str, Callable[[], Screen]] | None = None,
    ) -> None:
        from simulator.app.widgets import Hud  # lazy: display
        from simulator.render.scene import world_bounds  # lazy: display

        super().__init__(filmed)  # the transport
        self.caption = caption
        self.back = back  # (label, the screen it goes back to), e.g. the results
        self.world = filmed.film.world
        self.dt = self.world.profile.dt if self.world is not None else 1 / 60
        self.scene: WorldScene | None = None  # built on the first draw (the window's GL)
        self.camera = None
        if self.world is not None:  # the final tower, with room above it for the hand
            x, y, w, h = world_bounds(self.world)
            region = (x, y, w, h + HAND_ROOM)
            self.camera = Camera(fit_region(region, VIEW[2] / VIEW[3]), VIEW)
        self.hud = Hud()
        self.cursor_hud = Hud()
        self._cursor: tuple[int, int] | None = None
        table = self.world is None and filmed.states
        self.painter = game_part(filmed.kind, "replay_table") if table else None
        self._sheet_batch: Any = None  # the painter's drawing (built on a draw: GL)
        self._sheet_lists: list[Any] = []

    # -- drawing ------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        from simulator.render.scene import WorldScene  # lazy: display

        if self.world is not None and self.camera is not None:
            if self.scene is None:
                self.scene = WorldScene(self.world)
            if self.frames:
                self.scene.sync(self.frames[self.index])  # the bodies and the hands
            window.view = base @ self.camera.matrix()
            with clipped(window, window.box, VIEW):
                self.scene.batch.draw()
            window.view = base
        if self.dirty:
            self._rebuild()
        if self._sheet_batch is not None:
            self._sheet_batch.draw()
        self.hud.draw()
        self._draw_cursor()

    def _rebuild(self) -> None:
        self.dirty = False
        hud = self.hud
        hud.clear()
        width = DESIGN_W - 28
        title = self.caption[0] if self.caption else "Replay"
        hud.text(title, 14, DESIGN_H - 28, 16, bold=True, width=width - 260, lines=1)
        if len(self.caption) > 1:
            hud.text(self.caption[1], 14, DESIGN_H - 52, 11, (90, 90, 90), width=width, lines=1)
        hud.rect(8, VIEW[1] + VIEW[3] + 4, DESIGN_W - 16, 78, (255, 255, 255), 230)
        hud.text(self.text, 16, VIEW[1] + VIEW[3] + 74, 14, width=width, anchor_y="top")
        if self.world is None and self.moves:  # no world to film: the moves, in words
            self._sheet_words(hud)
        if self.back is not None:
            label, _ = self.back
            hud.button(DESIGN_W - 250, DESIGN_H - 46, 236, 34, label, self._go_back)
        self._timeline(hud)
        self._buttons(hud)

    def _sheet_words(self, hud: Any) -> None:
        """For a game without a table: its state after the move (drawn by its painter),
        the scores, and the moves around this one."""
        kind = self.filmed.kind
        title = GAMES.get(kind).title if kind in GAMES.kinds() else kind
        state = self.filmed.states[self.move] if self.filmed.states else None
        x, width = (MOVES_X, DESIGN_W - MOVES_X - 16) if self.painter else (40.0, VIEW[2] - 80)
        top = VIEW[1] + VIEW[3] - 30
        if self.painter is not None and state is not None:
            self._paint_state(state)
        else:
            hud.text(NO_TABLE.format(title=title), x, top, 13, (90, 90, 90), width=width)
            top -= 32
        if state is not None and kind in GAMES.kinds():
            scores = GAMES.get(kind).load("engine").scores(state)
            after = ", ".join(f"{name} {points}" for name, points in scores.items())
            hud.text(f"Scores after this move: {after}.", x, top, 13, bold=True, width=width)
        y = top - 44
        chars = int(width / 9)  # a 12-point bold line's characters that fit
        for number in range(max(0, self.move - 4), min(len(self.moves), self.move + 6)):
            move = self.moves[number]
            line = move_text(kind, move, number + 1, len(self.moves))
            tone = (20, 20, 20) if number == self.move else (120, 120, 120)
            if number == self.move:
                hud.rect(x - 8, y - 8, width + 8, 28, (255, 240, 190), 255)
            shown = _shortened(line, chars - 4 if number == self.move else chars)  # bold: wider
            hud.text(shown, x, y, 12, tone, bold=number == self.move)
            y -= 34

    def _paint_state(self, state: Any) -> None:
        from simulator.render.scene import MeshGroup, mesh_list  # lazy: display

        if self._sheet_batch is None:
            self._sheet_batch = pyglet.graphics.Batch()
            self._sheet_group = MeshGroup(0)
        self._drop_sheets()
        mesh = Mesh()
        assert self.painter is not None
        self.painter(mesh, self.hud, state, SHEETS)
        self._sheet_lists.append(mesh_list(mesh, self._sheet_batch, self._sheet_group))

    def _drop_sheets(self) -> None:
        for item in self._sheet_lists:
            item.delete()
        self._sheet_lists.clear()

    def _timeline(self, hud: Any) -> None:
        x, y, w, h = BAR
        hud.rect(x, y, w, h, (200, 204, 214), layer=0)
        count = len(self.moves)
        for number, mark in enumerate(self.marks):
            if self.frames:
                at = mark / self.last_frame if self.last_frame else 0.0
            else:
                at = number / (count - 1) if count > 1 else 0.0
            tone = (60, 70, 90) if number != self.move else (200, 90, 20)
            hud.rect(x + at * w - 1, y - 4, 2, h + 8, tone, layer=1)

    def _buttons(self, hud: Any) -> None:
        play = "Pause (Space)" if self.playing else "Play (Space)"
        hud.button(40, ROW_Y, 210, ROW_H, "Previous move (Left)", lambda: self.step(-1))
        hud.button(262, ROW_Y, 160, ROW_H, play, self.toggle, tone=(40, 140, 70))
        hud.button(434, ROW_Y, 210, ROW_H, "Next move (Right)", lambda: self.step(1))
        hud.button(676, ROW_Y, 120, ROW_H, "Slower (-)", lambda: self.faster(-1))
        hud.button(808, ROW_Y, 120, ROW_H, "Faster (+)", lambda: self.faster(1))
        hud.text(f"Speed {speed_text(self.speed)}", 944, ROW_Y + 14, 13, bold=True)

    def _draw_cursor(self) -> None:
        """The timeline's cursor and the time shown, laid out again only when they move."""
        x, y, w, h = BAR
        shown = (round(self.fraction() * w), round(self.shown_time() * 10))
        if shown != self._cursor:
            self._cursor = shown
            hud = self.cursor_hud
            hud.clear()
            hud.rect(x, y, self.fraction() * w, h, (70, 110, 170), layer=0)
            hud.circle(x + self.fraction() * w, y + h / 2, 10, (200, 90, 20), layer=1)
            hud.text(self.time_words(), DESIGN_W - 40, ROW_Y + 14, 12, anchor_x="right")
        self.cursor_hud.draw()

    # -- input ----------------------------------------------------------------------------

    def attach(self, window: Window) -> None:
        super().attach(window)
        # The Screen protocol has no button release: the viewer hears it from the window
        # itself, to know when a drag along the timeline ends.
        window.push_handlers(on_mouse_release=self._released)

    def close(self) -> None:
        if self.window is not None:
            self.window.remove_handlers(on_mouse_release=self._released)
        self.hud.clear()
        self.cursor_hud.clear()
        self._drop_sheets()
        if self.scene is not None:
            self.scene.delete()
            self.scene = None

    def _released(self, *_: Any) -> None:
        self.dragging = False

    def on_timeline(self, x: float, y: float) -> bool:
        bx, by, bw, bh = BAR
        return bx - 8 <= x <= bx + bw + 8 and by - BAR_GRAB <= y <= by + bh + BAR_GRAB

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.on_timeline(x, y):
            self.dragging = True
            self.seek((x - BAR[0]) / BAR[2])
        else:
            self.hud.press(x, y)

    def on_mouse_motion(self, x: float, y: float) -> None:
        if self.dragging:
            self.seek((x - BAR[0]) / BAR[2])

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        from pyglet.window import key  # lazy: display

        if symbol == key.LEFT:
            self.step(-1)
        elif symbol == key.RIGHT:
            self.step(1)
        elif symbol == key.HOME:
            self.go_to_move(0)
        elif symbol == key.END:
            self.go_to_move(len(self.moves) - 1)
        elif symbol == key.SPACE:
            self.toggle()
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.faster(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.faster(-1)

    def _go_back(self) -> None:
        if self.back is not None and self.window is not None:
            self.window.show(self.back[1]())


def _shortened(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1].rstrip() + "…"


def watch_film(filmed: FilmedMoves, err: TextIO) -> bool:
    """``replay FILE --watch``: open the viewer on ``filmed`` in a window; False (with a
    reason) when no display exists."""
    if not display_available():
        print("towersim replay: --watch needs a display (DISPLAY is not set)", file=err)
        return False
    from simulator.app.window import AppWindow  # lazy: display

    caption = film_caption(filmed.report, filmed.report.get("file", ""))
    AppWindow(ReplayViewer(filmed, caption), caption="towersim: replay")
    pyglet.app.run()
    return True
