"""What the Crazy Tower screen draws: the tower framed through a steady camera, the
ghost of the held piece (red with the reason where a release is refused), the flashes
and tallies of scoring, the panel, the legend, the message strip and saboteur mode's
covers. It reads the turn (turn.py) and holds every pyglet object of the screen."""

from __future__ import annotations

import math
from typing import Any, Protocol

import pyglet

from simulator.app.crazy_tower.cover import PASS, Cover
from simulator.app.crazy_tower.facts import DIAMONDS
from simulator.app.crazy_tower.icons import Icons
from simulator.app.crazy_tower.panel import (
    LEGEND_H,
    PANEL_X,
    PanelActions,
    PanelView,
    draw_legend,
    draw_panel,
)
from simulator.app.crazy_tower.tips import card_tip
from simulator.app.crazy_tower.turn import CrazyTowerTurn
from simulator.app.crazy_tower.words import role_text
from simulator.app.flashes import Flashes
from simulator.app.framing import FallFeel, Framing, below, shown_time
from simulator.app.ghost_label import REFUSED_INK, REFUSED_TONE, GhostLabel, body_boxes, union
from simulator.app.ghost_spread import spread_band
from simulator.app.guide import bounds
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.playback import Playback
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.games.crazy_tower.live import SETTLED
from simulator.physics.world import Entry
from simulator.render.bodies import entry_mesh, opaque
from simulator.render.camera import Camera
from simulator.render.mesh import Mesh
from simulator.render.palette import colour, colour_name_of
from simulator.render.scene import OVERLAY, MeshGroup, WorldScene, mesh_list, move_list
from simulator.render.symbols import placed, symbol_triangles

WORLD_VIEW = (0.0, float(LEGEND_H), float(PANEL_X - 16), float(DESIGN_H - LEGEND_H))
# The region the camera shows around the tower (cm): room on the left where the hand
# picks pieces up (the near centimetre of a piece there shows: it is PICKUP_GAP, 3 cm,
# left of the tower), a little on the right (more when a diamonds box lets a block be
# pulled out), above for the hand, and never narrower than the ground card. The width
# sets the scale at this view's aspect, so every centimetre of room on the sides is
# view left empty above a short tower.
ROOM_LEFT, ROOM_RIGHT, ROOM_PULL, ROOM_ABOVE, MIN_HALF_WIDTH = 4.0, 2.0, 8.0, 10.0, 10.0
TABLE_SHOWN = -1.2  # cm of the table's edge below the tower
INK, SHADE = (240, 240, 240), (26, 30, 40)  # a cover's words and its background
Box = tuple[float, float, float, float]  # logical x, y, w, h


class Stage(Protocol):
    """The screen the view draws for (its GameScreen) and the buttons it offers."""

    def confirm(self) -> None: ...

    def undo(self) -> None: ...

    def elsewhere(self) -> dict[str, str]: ...

    def draw_table(
        self,
        window: Any,
        base: Any,
        look: Any,
        *,
        scene: WorldScene,
        frame: Any,
        world_view: Box,
        extras: Any = (),
    ) -> None: ...


class CrazyTowerView:
    def __init__(self, turn: CrazyTowerTurn, stage: Stage) -> None:
        self.turn = turn
        self.stage = stage
        self.hud = Hud()
        self.icons = Icons()
        self.banner = Banner(WORLD_VIEW[2])
        self.cover_hud = Hud()
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_group = MeshGroup(OVERLAY)
        self._ghost: Any = None
        self._ghost_key: tuple[str, bool] | None = None
        self._spread: Any = None  # the chosen hand's spread under the ghost
        self.ghost_label = GhostLabel()
        # under the message strip (8 below the top): it never hides the piece in the hand
        self.framing = Framing(below(WORLD_VIEW, DESIGN_H - 8 - self.banner.height))
        self.fall_feel = FallFeel()
        self.tally, self.flashes = Tally(), Flashes()  # scores count; scoring flashes
        self._shown_cover: tuple[int, str] | None = None

    def step(self, seconds: float, playback: Playback | None) -> None:
        """A frame's time for what eases: the framing, the tallies, the flashes."""
        self.framing.step(seconds)
        self.tally.step(seconds)
        self.flashes.step(seconds)
        world = self.turn.match.world
        self.fall_feel.feel(world, shown_time(world, playback), self.framing, seconds=seconds)

    # -- the camera -----------------------------------------------------------------------

    def camera(self) -> Camera:
        """The steady view the mouse maps through (framed between moves only)."""
        if self.framing.region is None:
            self.reframe()
        return self.framing.camera()

    def reframe(self) -> None:
        """Aim the framing at the tower, between moves only: while a piece is in the hand
        (or settles) the view stays where it is, so nothing moves under the mouse."""
        if self.turn.live is None or self.framing.region is None:
            self.framing.aim(self.tower_bounds())

    def tower_bounds(self) -> Box:
        """The tower with room for the hand, the table along the bottom (cm)."""
        match, live = self.turn.match, self.turn.live
        held = live.piece if live is not None else None
        entries = match.world.entries
        boxes = [s.bb for e in entries if not e.is_table and e.id != held for s in e.shapes]
        left = min(min(b.left for b in boxes), -MIN_HALF_WIDTH) - ROOM_LEFT
        room = ROOM_PULL if self.turn.shown()["phase"] == DIAMONDS else ROOM_RIGHT
        right = max(max(b.right for b in boxes), MIN_HALF_WIDTH) + room
        bottom, top = TABLE_SHOWN, max(b.top for b in boxes) + ROOM_ABOVE
        return left, bottom, right - left, top - bottom

    def in_world(self, x: float, y: float) -> bool:
        return x < WORLD_VIEW[2] and y > LEGEND_H

    def guide_anchors(self) -> dict[str, Box]:
        """Your bank's blocks, Reveal, the tower and Confirm, where shown."""
        turn = self.turn
        boxes = [s.bb for e in turn.match.world.entries if not e.is_table for s in e.shapes]
        camera = self.camera()
        left, bottom = camera.to_screen(min(b.left for b in boxes), min(b.bottom for b in boxes))
        right, top = camera.to_screen(max(b.right for b in boxes), max(b.top for b in boxes))
        found = {"tower": (left, bottom, right - left, top - bottom)}
        shown = turn.shown()
        hand = set(shown["players"][shown["current"]]["hand"]) if turn.human_turn() else set()
        buttons = self.hud.buttons
        found |= bounds(buttons, lambda b: b.label in hand, "bank")
        found |= bounds(buttons, lambda b: b.label.startswith("Reveal"), "reveal")
        found |= bounds(buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    def tip_huds(self) -> list[Hud]:
        """The huds whose components have tips (tooltip.py), the topmost last."""
        return [self.hud, self.ghost_label.hud]

    def floor_tip(self, x: float, y: float) -> str | None:
        """What the floor card laid on the tower under logical (x, y) is, if one is."""
        if not self.in_world(x, y):
            return None
        world = self.turn.match.world
        found = {e.id: e for e in world.dynamic_entries}
        for floor, card in enumerate(self.turn.shown()["floors"]):
            entry = found.get(card)
            if entry is not None:
                left, bottom, w, h = self._screen_box(
                    entry, (entry.pose.x, entry.pose.y, entry.pose.angle)
                )
                if left <= x <= left + w and bottom <= y <= bottom + h:
                    return card_tip(card, floor)
        return None

    # -- drawing ------------------------------------------------------------------------

    def draw(self, window: Any, base: Any, scene: WorldScene, playback: Playback | None) -> None:
        """Draw into ``window`` whose view is the letterbox matrix ``base``."""
        window.view = base
        turn = self.turn
        if turn.covers:
            cover = turn.covers.queue[0]
            if self._shown_cover != (id(cover), cover.stage):  # text layouts are costly
                self._shown_cover = (id(cover), cover.stage)
                draw_cover(self.cover_hud, cover, turn.is_saboteur(cover.player))
            self.cover_hud.draw()
            return
        # A computer's filmed move, unless the hand holds a piece: then the live world.
        frame = playback.frame if playback is not None and turn.live is None else None
        self.stage.draw_table(
            window,
            base,
            self,
            scene=scene,
            frame=frame,
            world_view=WORLD_VIEW,
            extras=(self.icons,),
        )

    def close(self) -> None:
        """Free the GL objects the view holds; safe twice."""
        if self._ghost is not None:
            self._ghost[0].delete()
            self._ghost, self._ghost_key = None, None
        if self._spread is not None:
            self._spread.delete()
            self._spread = None
        for hud in (self.hud, self.cover_hud, self.banner.hud):
            hud.clear()
        self.ghost_label.hide()
        self.icons.clear()
        self._shown_cover = None

    def _held(self) -> Entry:
        live = self.turn.live
        held = live.held if live is not None else None
        if held is None:
            raise RuntimeError("the hand holds nothing")
        return held

    def ghost_pose(self) -> tuple[float, float, float] | None:
        """Where the ghost is drawn: the held piece dropped straight down from where it
        hangs, onto the tower or, over nothing of it, onto the table (a release there
        is refused: the ghost is red)."""
        landed = self.turn.landed()
        if landed is None:
            return None
        pose = self._held().pose
        return pose.x, pose.y - landed[1], pose.angle

    def ghost_box(self) -> Box | None:
        """The ghost on screen (logical x, y, w, h), or None when none is drawn."""
        pose = self.ghost_pose()
        return None if pose is None else self._screen_box(self._held(), pose)

    def held_box(self) -> Box | None:
        """The held piece on screen (logical x, y, w, h), or None."""
        if self.turn.ghost() is None:
            return None
        held = self._held()
        return self._screen_box(held, (held.pose.x, held.pose.y, held.pose.angle))

    def _screen_box(self, entry: Entry, pose: tuple[float, float, float]) -> Box:
        x, y, angle = pose
        c, s = math.cos(angle), math.sin(angle)
        camera = self.camera()
        points = [
            camera.to_screen(x + c * px - s * py, y + s * px + c * py)
            for poly in entry.local_polygons
            for px, py in poly
        ]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def draw_ghost_label(self) -> None:
        """Why a release at the ghost is refused, beside the ghost and the piece."""
        found, ghost, held = self.turn.ghost(), self.ghost_box(), self.held_box()
        if found is None or not found[1] or ghost is None:
            self.ghost_label.hide()
            return
        avoid = union(ghost, held) if held is not None else ghost
        said = ["Cannot release here:", f"{found[1]}."]
        live = self.turn.live
        skip = live.piece if live is not None else None
        pieces = body_boxes(self.camera(), self.turn.match.world, skip=skip)
        view = self.framing.viewport
        self.ghost_label.show(said, REFUSED_TONE, avoid=avoid, view=view, obstacles=pieces)
        self.ghost_label.draw()

    def draw_ghost(self) -> None:
        """A translucent copy of the held piece where it would land (red if refused);
        over nothing of the tower, red on the table under the piece."""
        found, pose, live = self.turn.ghost(), self.ghost_pose(), self.turn.live
        if found is None or pose is None or live is None:
            return
        problem = found[1]
        key_now = (live.piece, problem is not None)
        if self._ghost_key != key_now:
            if self._ghost is not None:
                self._ghost[0].delete()
            held = self._held()
            mesh = entry_mesh(held, alpha=110)
            if problem:  # red, with a cross: refused whatever the piece's colour
                mesh = Mesh()
                for poly in held.local_polygons:
                    mesh.polygon(poly, opaque(REFUSED_TONE, 110))
                    mesh.outline(poly, 0.08, opaque(REFUSED_TONE, 220))
                size = 0.8 * min(_extent(held.local_polygons))
                mesh.triangles(placed(symbol_triangles("cross"), 0.0, 0.0, size), REFUSED_INK)
            self._ghost = (mesh_list(mesh, self._ghost_batch, self._ghost_group), mesh.count)
            self._ghost_key = key_now
        move_list(self._ghost[0], self._ghost[1], pose)
        if self._spread is not None:
            self._spread.delete()
            self._spread = None
        between, landed = self.turn.spread(), self.turn.landed()
        if between is not None and landed is not None:
            band = Mesh()
            tone = REFUSED_TONE if problem else colour(colour_name_of(self._held())).rgb
            spread_band(band, between, landed[0], tone)
            self._spread = mesh_list(band, self._ghost_batch, self._ghost_group)
        self._ghost_batch.draw()

    def rebuild_hud(self) -> None:
        self.hud.clear()
        self.icons.clear()
        turn = self.turn
        live = turn.live
        view = PanelView(
            turn.match.state,
            turn.game.controllers,
            holding=live is not None,
            time_left=turn.time_left(),
            give=turn.give,
            held=live.piece if live is not None else None,
            tally=self.tally,
            elsewhere=self.stage.elsewhere(),
        )
        draw_panel(self.hud, self.icons, view, PanelActions(turn.pick, turn.move, turn.show_role))
        draw_legend(self.hud, self.icons, WORLD_VIEW[2])
        if live is not None and live.stage == SETTLED:
            if live.after is not None:
                self.hud.button(
                    16,
                    DESIGN_H - 104,
                    180,
                    34,
                    "Confirm (Enter)",
                    self.stage.confirm,
                    tone=(40, 140, 70),
                )
            self.hud.button(
                206,
                DESIGN_H - 104,
                180,
                34,
                "Undo (Backspace)",
                self.stage.undo,
                tone=(170, 70, 60),
            )


def draw_cover(hud: Hud, cover: Cover, saboteur: bool) -> None:
    """The whole screen hidden: pass the device to ``cover.player``, or their role
    (``saboteur``: whether they are the saboteur)."""
    hud.clear()
    hud.rect(0, 0, DESIGN_W, DESIGN_H, SHADE, 255, layer=0)
    mid = DESIGN_W / 2
    if cover.stage == PASS:
        hud.text(
            f"Pass the device to {cover.player}",
            mid,
            DESIGN_H / 2 + 40,
            30,
            INK,
            bold=True,
            anchor_x="center",
        )
        hud.text(
            f"{cover.player}: click anywhere (or press Space) when only you can see the screen.",
            mid,
            DESIGN_H / 2 - 20,
            15,
            INK,
            anchor_x="center",
        )
        return
    headline, text = role_text(cover.player, saboteur)
    tone = (220, 70, 60) if saboteur else (90, 170, 240)
    hud.rect(mid - 380, DESIGN_H / 2 - 130, 760, 260, (40, 46, 60), 255, layer=1)
    hud.text(headline, mid, DESIGN_H / 2 + 60, 28, tone, bold=True, anchor_x="center")
    hud.text(text, mid - 340, DESIGN_H / 2 + 10, 15, INK, width=680, anchor_y="top")
    hud.text(
        "Click (or Space) to hide your role and play.",
        mid,
        DESIGN_H / 2 - 105,
        12,
        (190, 190, 190),
        anchor_x="center",
    )


def _extent(polygons: list[list[tuple[float, float]]]) -> tuple[float, float]:
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    return max(xs) - min(xs), max(ys) - min(ys)
