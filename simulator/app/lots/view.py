"""The LOTS screen's drawing: the framed tower, the ghost and its label, the panel, the
score track and the flashes. It reads the turns (turns.py) and holds the pyglet
objects; it never changes the game (its buttons call the turns and the screen).
``GameScreen.draw_table`` draws it.
"""

from __future__ import annotations

from typing import Any

import pyglet

from simulator.app import guide
from simulator.app.flashes import Flashes
from simulator.app.framing import FallFeel, Framing, below, shown_time
from simulator.app.game_screen import GameScreen
from simulator.app.ghost_label import REFUSED_INK, REFUSED_TONE, GhostLabel, body_boxes, union
from simulator.app.ghost_spread import spread_band
from simulator.app.layout import DESIGN_H
from simulator.app.lots.flashes import lots_flashes
from simulator.app.lots.ghost import Cells
from simulator.app.lots.host import Events
from simulator.app.lots.panel import PANEL_X, TRACK_H, draw_panel, draw_track
from simulator.app.lots.tips import RISK_TIP
from simulator.app.lots.turns import RISK_HAND, LotsTurns
from simulator.app.playback import Playback
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.games.lots.live import SETTLED
from simulator.games.lots.placement import PICKUP_ABOVE, PICKUP_LEFT
from simulator.physics.geometry import Polygon
from simulator.render.bodies import opaque
from simulator.render.camera import Camera
from simulator.render.mesh import Mesh
from simulator.render.palette import colour, colour_name_of
from simulator.render.scene import OVERLAY, MeshGroup, mesh_list
from simulator.render.symbols import placed as placed_at
from simulator.render.symbols import symbol_triangles

WORLD_VIEW = (0.0, float(TRACK_H), float(PANEL_X - 16), float(DESIGN_H - TRACK_H))
# The framing around the tower (cm): the pick-up spot left of the lot (a piece there is
# up to PIECE_ROOM wide and tall), the hand's headroom above the tower, the table below.
PIECE_ROOM = 5.0
HEADROOM = PICKUP_ABOVE + PIECE_ROOM / 2 + 1.0
TABLE_SHOWN = 1.5
Box = tuple[float, float, float, float]


def risk_tone(risk: float) -> tuple[int, int, int]:
    """Green when nothing is likely to fall, amber, then red."""
    if risk < 0.15:
        return (30, 130, 60)
    return (200, 120, 0) if risk < 0.5 else (200, 30, 30)


def _bounds(shape: list[Polygon]) -> Box:
    xs = [x for poly in shape for x, _ in poly]
    ys = [y for poly in shape for _, y in poly]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def in_world(x: float, y: float) -> bool:
    """Whether logical (x, y) is over the tower's view (not the panel, not the track)."""
    return x < WORLD_VIEW[2] and y > TRACK_H


class LotsView:
    def __init__(self, turns: LotsTurns, screen: GameScreen) -> None:
        self.turns = turns
        self.screen = screen  # its undo, confirm and the seats played elsewhere
        self.hud = Hud()
        self.track_hud = Hud()
        self.banner = Banner(WORLD_VIEW[2])
        self.ghost_label = GhostLabel()
        # framed under the message strip (its top is 8 below the screen's): the piece in
        # the hand is never hidden under it
        self.framing = Framing(below(WORLD_VIEW, DESIGN_H - 8 - self.banner.height))
        self.fall_feel = FallFeel()
        self.tally, self.flashes = Tally(), Flashes()  # scores count up; scoring flashes
        self._ghost_cells: Cells | None = None  # the ghost drawn last, and its refusal
        self._ghost_problem: str | None = None
        self._ghost_shape: list[Polygon] | None = None
        self._ghost: Any = None
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_group = MeshGroup(OVERLAY)

    # -- time ------------------------------------------------------------------------------

    def step(self, seconds: float, playback: Playback | None) -> None:
        """The framing eases, scores count, flashes fade; a fall shakes the view."""
        self.framing.step(seconds)
        self.tally.step(seconds)
        self.flashes.step(seconds)
        match = self.turns.match
        world = match.world
        support = (match.lot.left, match.lot.right)
        self.fall_feel.feel(world, shown_time(world, playback), self.framing, support, seconds)

    def scored(self, events: Events, state: Any, *, held: bool) -> None:
        lots_flashes(self.flashes, events, state, self.turns.match.lot, held=held)

    def reset(self) -> None:
        """Another game is shown: no count and no flash carries over."""
        self.tally.reset()
        self.flashes.clear()

    # -- the camera ------------------------------------------------------------------------

    def camera(self) -> Camera:
        """The steady view the mouse maps through (framed between moves only)."""
        if self.framing.region is None:
            self.reframe()
        return self.framing.camera()

    def reframe(self) -> None:
        """Aim the framing at the tower, between moves only: while a piece is held (or
        settles) the view stays where it is, so nothing moves under the mouse."""
        if self.turns.live is None or self.framing.region is None:
            self.framing.aim(self.tower_bounds())

    def tower_bounds(self) -> Box:
        """The tower (without a piece in the hand), the pick-up spot left of the lot and
        the hand's headroom above, the table's edge below (cm)."""
        match, live = self.turns.match, self.turns.live
        held = live.piece if live is not None else None
        tops = [
            s.bb.top
            for e in match.world.entries
            if not e.is_table and e.id != held
            for s in e.shapes
        ]
        half = max(-match.lot.left, match.lot.right) + PICKUP_LEFT + PIECE_ROOM / 2 + 1.0
        top = max(tops, default=0.0) + HEADROOM
        return (-half, -TABLE_SHOWN, 2 * half, top + TABLE_SHOWN)

    # -- the ghost -------------------------------------------------------------------------

    def draw_ghost(self) -> None:
        """A translucent copy of the piece where it lands if let go now (dropped straight
        down from where it hangs); red, with a cross, where a release is refused. With a
        chosen hand, a faint band under it: where that hand's pieces land, aimed here."""
        if self._ghost is not None:
            self._ghost.delete()
            self._ghost = None
        self._ghost_cells, self._ghost_problem, self._ghost_shape = None, None, None
        spot = self.turns.ghost_spot()
        if spot is None or not spot.cells:
            return
        problem = spot.problem
        tone = REFUSED_TONE if problem else colour(colour_name_of(self.turns.held())).rgb
        mesh = Mesh()
        between = self.turns.spread()
        if between is not None:
            spread_band(mesh, between, spot.shape, tone)
        for poly in spot.shape:
            mesh.polygon(poly, opaque(tone, 90))
            mesh.outline(poly, 0.06, opaque(tone, 200))
        if problem:
            left, bottom, width, height = _bounds(spot.shape)
            size = min(self.turns.match.lot.grid.cell, width, height) * 0.6
            cross = symbol_triangles("cross")
            mesh.triangles(
                placed_at(cross, left + width / 2, bottom + height / 2, size), REFUSED_INK
            )
        self._ghost = mesh_list(mesh, self._ghost_batch, self._ghost_group)
        self._ghost_batch.draw()
        self._ghost_cells, self._ghost_problem = spot.cells, problem
        self._ghost_shape = spot.shape

    def ghost_box(self) -> Box | None:
        """The ghost on screen (logical x, y, w, h), or None when none is drawn."""
        if not self._ghost_cells or self._ghost_shape is None:
            return None
        left, bottom, width, height = _bounds(self._ghost_shape)
        camera = self.camera()
        x0, y0 = camera.to_screen(left, bottom)
        x1, y1 = camera.to_screen(left + width, bottom + height)
        return x0, y0, x1 - x0, y1 - y0

    def held_box(self) -> Box | None:
        """The held piece on screen (logical x, y, w, h), or None."""
        if not self.turns.holding():
            return None
        camera = self.camera()
        polygons = self.turns.held().world_polygons()
        points = [camera.to_screen(x, y) for poly in polygons for x, y in poly]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def ghost_words(self) -> tuple[list[str], tuple[int, int, int]] | None:
        """What the label beside the ghost says, and in which tone: why a release there
        is refused, or the fall risk of the spot (None: nothing to say)."""
        if self._ghost_problem:
            return ["Cannot release here:", f"{self._ghost_problem}."], REFUSED_TONE
        turns = self.turns
        if not turns.show_risk or not self._ghost_cells:
            return None
        risk = turns.ghost_risk()
        hand = f"for your {turns.hand.name} hand" if turns.hand else f"for a {RISK_HAND} hand"
        if risk is None:
            return ["Chance of a fall here: ...", f"{hand} (K hides this)"], (90, 90, 90)
        shown = f"Chance of a fall here: {round(risk * 100)}%"
        return [shown, f"{hand} (K hides this)"], risk_tone(risk)

    def draw_ghost_label(self) -> None:
        """The ghost's label, beside the ghost and the held piece, never over them."""
        said, ghost, held = self.ghost_words(), self.ghost_box(), self.held_box()
        if said is None or ghost is None:
            self.ghost_label.hide()
            return
        avoid = union(ghost, held) if held is not None else ghost
        live = self.turns.live
        world = self.turns.match.world
        pieces = body_boxes(self.camera(), world, skip=live.piece if live is not None else None)
        tip = "" if self._ghost_problem else RISK_TIP
        view = self.framing.viewport
        self.ghost_label.show(*said, avoid=avoid, view=view, obstacles=pieces, tip=tip)
        self.ghost_label.draw()

    # -- the panel -------------------------------------------------------------------------

    def rebuild_hud(self) -> None:
        turns, screen = self.turns, self.screen
        self.hud.clear()
        state = turns.match.state
        draw_panel(
            self.hud,
            state,
            crew=turns.crew(),
            humans=turns.seats.humans,
            levels=turns.seats.levels,
            on_move=turns.move,
            on_pick=turns.pick,
            holding=turns.live is not None,
            with_cube=turns.with_cube,
            tally=self.tally,
            elsewhere=screen.elsewhere(),
        )
        if turns.my_move("replace"):
            self.hud.button(
                16,
                DESIGN_H - 50,
                300,
                34,
                "Pick up the fallen piece (Space)",
                turns.pick_replacement,
            )
        if turns.live is not None and turns.live.stage == SETTLED:
            self.hud.button(
                16, DESIGN_H - 104, 180, 34, "Confirm (Enter)", screen.confirm, tone=(40, 140, 70)
            )
            self.hud.button(
                206, DESIGN_H - 104, 180, 34, "Undo (Backspace)", screen.undo, tone=(170, 70, 60)
            )
        self.track_hud.clear()
        draw_track(self.track_hud, state)

    def guide_anchors(self) -> dict[str, guide.Rect]:
        """The roll button, your bank's blocks, the lot and Confirm, where shown."""
        match, camera = self.turns.match, self.camera()
        lot = match.lot
        left, bottom = camera.to_screen(lot.left, lot.grid.origin[1])
        right, top = camera.to_screen(lot.right, lot.grid.origin[1] + 6 * lot.grid.cell)
        found = {"tower": (left, bottom, right - left, top - bottom)}
        acting = self.turns.acting()
        bank = self.turns.bank() if acting in self.turns.seats.humans else []
        labels = {f"{i + 1}: {piece}" for i, piece in enumerate(bank)}
        buttons = self.hud.buttons
        found |= guide.bounds(buttons, lambda b: b.label in labels, "bank")
        found |= guide.bounds(buttons, lambda b: b.label.startswith("Roll"), "roll")
        found |= guide.bounds(buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    def close(self) -> None:
        self.ghost_label.hide()
