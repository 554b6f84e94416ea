"""A World drawn into a pyglet batch: one vertex list a body, written once.

``WorldScene.sync()`` reads the world (never steps it): bodies that entered get a mesh,
bodies that left lose theirs, and every dynamic body's pose is written to the scene's
pose table (render/posed.py), which the shader reads to turn a body's vertices into
screen positions under the window's view matrix (a Camera), so meshes stay in
centimetres. Every piece a
hand holds gets the hand drawn over it (``hand_view``), in the live world and in a
filmed frame alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pyglet
from pyglet import gl
from pyglet.shapes import get_default_shader

from simulator.physics.lot import Lot
from simulator.physics.world import Entry, World
from simulator.render.bodies import entry_mesh, is_floor_card, opaque
from simulator.render.film import SLIPPING, Frame, Grip, Pose3, grips
from simulator.render.hand_view import SLIP_SECONDS, arm_mesh, hand_mesh, open_hand_mesh
from simulator.render.mesh import Mesh
from simulator.render.palette import BOUNDARY
from simulator.render.posed import (
    BlendedGroup,
    PosedGroup,
    PoseTable,
    posed_list,
    posed_program,
    slots_available,
)
from simulator.render.wood import SHADOW_OFFSET, shadow_mesh

# Draw order: table and plinth, pieces, floor cards, overlays (lot lines, hand). A card
# is drawn thicker than it is (render/bodies.py), down over the tops of the blocks it
# lies on: over them, so its boxes read.
# The wood look's drop shadows lie under all of them but the table.
STATIC, SHADOWS, PIECES, CARDS, OVERLAY = 0, 1, 2, 3, 4
MIN_VIEW = 24.0  # cm: the narrowest region a picture shows
BOUNDARY_HEIGHT = 60.0  # cm: how far up the footprint's boundary lines reach


class MeshGroup(BlendedGroup):
    """pyglet's shape shader with alpha blending, at a draw order."""

    def __init__(self, order: int, parent: pyglet.graphics.Group | None = None) -> None:
        super().__init__(order=order, parent=parent)
        self.program = get_default_shader()

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MeshGroup)
            and self.order == other.order
            and self.parent == other.parent
        )

    def __hash__(self) -> int:
        return hash((self.order, self.parent))


def mesh_list(
    mesh: Mesh,
    batch: pyglet.graphics.Batch,
    group: MeshGroup,
    pose: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Any:
    """A vertex list for ``mesh`` placed at pose (x, y cm; angle radians ccw)."""
    n = mesh.count
    x, y, angle = pose
    return group.program.vertex_list(
        n,
        gl.GL_TRIANGLES,
        batch=batch,
        group=group,
        position=("f", mesh.positions),
        colors=("Bn", mesh.colours),
        translation=("f", (x, y) * n),
        rotation=("f", (-math.degrees(angle),) * n),
        zposition=("f", (0.0,) * n),
    )


def move_list(vertex_list: Any, n: int, pose: tuple[float, float, float]) -> None:
    x, y, angle = pose
    vertex_list.translation[:] = (x, y) * n
    # pyglet turns clockwise in degrees; pymunk counter-clockwise in radians.
    vertex_list.rotation[:] = (-math.degrees(angle),) * n


class WorldScene:
    def __init__(
        self,
        world: World,
        batch: pyglet.graphics.Batch | None = None,
        *,
        lot: Lot | None = None,
        parent: pyglet.graphics.Group | None = None,
        symbols: bool = True,
        keep_gone: bool = False,
        wood: bool = False,
    ) -> None:
        self.world = world
        self.symbols = symbols  # each colour's symbol on the pieces (a player's setting)
        self.wood = wood  # the app's look (render/wood.py); pictures and frames stay flat
        # A game screen keeps drawing a body that left the world (a fallen piece the
        # rules took away) where it was last, until ``forget_gone`` (the turn is over).
        self.keep_gone = keep_gone
        self._gone: dict[str, tuple[list[Any], int]] = {}  # id -> (body, shadow), slot
        self.batch = batch or pyglet.graphics.Batch()
        program = posed_program()
        self.table = PoseTable(slots_available())  # every drawn thing's pose, a slot each
        self.groups = {
            order: PosedGroup(order, self.table, program, parent)
            for order in (STATIC, PIECES, CARDS, OVERLAY)
        }
        # drop shadows: the bodies' own slots, shifted by the light's offset
        self.groups[SHADOWS] = PosedGroup(SHADOWS, self.table, program, parent, SHADOW_OFFSET)
        # the wood look's drop shadow of each dynamic body: id -> its vertex list
        self._shadows: dict[str, Any] = {}
        self._lists: dict[str, tuple[Entry, Any, int, Pose3]] = {}  # list, slot, pose
        # held body id -> its grip, and the hand's and the arm's (vertex list, slot)
        self._hands: dict[str, tuple[Grip, tuple[Any, int], tuple[Any, int]]] = {}
        # a piece that slipped out: its open hand, (vertex list, slot), shown until
        self._slips: dict[str, tuple[tuple[Any, int], float]] = {}
        self._decor: list[Any] = []
        sides = footprint_sides(world, lot)
        if sides is not None:
            self._decor.append(self._boundaries(*sides))
        self.sync()

    def _boundaries(self, left: float, right: float, base: float) -> Any:
        """The footprint's side boundaries as dashed red lines rising from the card."""
        mesh = Mesh()
        dash, gap, width = 1.2, 0.8, 0.12
        for x in (left, right):
            y = base
            while y < base + BOUNDARY_HEIGHT:
                top = min(y + dash, base + BOUNDARY_HEIGHT)
                mesh.segment((x, y), (x, top), width, opaque(BOUNDARY, 200))
                y = top + gap
        return posed_list(mesh, self.batch, self.groups[OVERLAY], 0)

    def drawn_pose(self, slot: int) -> Pose3:
        """Where the things drawn at ``slot`` are drawn now."""
        return self.table.poses[slot]

    def sync(self, frame: Frame | Sequence[tuple[Entry, Pose3]] | None = None) -> None:
        """Match the batch to the world now (or to a filmed frame, or to bare filmed
        bodies: no hand then): new bodies, removed bodies, every pose, the hands."""
        now = self.world.time
        if frame is None:
            bodies: Sequence[tuple[Entry, Pose3]] = [(e, _pose(e)) for e in self.world.entries]
            held = grips(self.world)
        elif isinstance(frame, Frame):
            bodies, held, now = frame.bodies, frame.grips, frame.time
        else:
            bodies, held = frame, ()
        world_ids = set()
        lists = self._lists
        for entry, pose in bodies:
            world_ids.add(entry.id)
            cached = lists.get(entry.id)
            if cached is not None and cached[0] is not entry:  # same id, new body
                self._drop_body(entry.id)
                cached = None
            if cached is None:
                if entry.id in self._gone:  # back in the world (a fallen piece put back)
                    self._drop_gone(entry.id)
                self._add(entry, pose)
            elif entry.dynamic and pose != cached[3]:
                self.table.put(cached[2], pose)  # its shadow shares the slot
                lists[entry.id] = (entry, cached[1], cached[2], pose)
        for body_id in [k for k in lists if k not in world_ids]:
            if self.keep_gone:  # it lies where it fell with its shadow
                _, vertex_list, slot, _ = lists.pop(body_id)
                shadow = self._shadows.pop(body_id, None)
                kept = [vertex_list] if shadow is None else [vertex_list, shadow]
                self._gone[body_id] = (kept, slot)
            else:
                self._drop_body(body_id)
        self._show_hands(held, now)

    def _show_hands(self, held: Sequence[Grip], now: float) -> None:
        """The hand over every held piece, at the hand's pose, its arm straight up from
        the grip point; gone once it lets go, but for an open hand a moment where a
        piece slipped out of the fingers."""
        shown = set()
        for grip in held:
            key = grip.held.id
            shown.add(key)
            cached = self._hands.get(key)
            if cached is not None and (
                cached[0].held is not grip.held
                or cached[0].anchor != grip.anchor
                or cached[0].strain != grip.strain
            ):
                self._drop_hand(key)
                cached = None
            x, y, _ = grip.pose
            arm_pose = (x, y, 0.0)  # the arm never turns
            if cached is None:
                arm = self._list(arm_mesh(grip.strain), arm_pose)  # under the palm
                hand = self._list(
                    hand_mesh(grip.held.local_polygons, grip.anchor, grip.strain), grip.pose
                )
                self._hands[key] = (grip, hand, arm)
            elif cached[0].pose != grip.pose:
                self.table.put(cached[1][1], grip.pose)
                self.table.put(cached[2][1], arm_pose)
                self._hands[key] = (grip, cached[1], cached[2])
        for key in [k for k in self._hands if k not in shown]:
            grip = self._hands[key][0]
            self._drop_hand(key)
            if grip.strain == SLIPPING:  # it was slipping: the fingers open where it went
                mesh = open_hand_mesh(grip.held.local_polygons, grip.anchor)
                self._slips[key] = (self._list(mesh, grip.pose), now + SLIP_SECONDS)
        for key in [k for k, (_, until) in self._slips.items() if until <= now or k in shown]:
            self._drop_drawn(self._slips.pop(key)[0])

    def forget_gone(self) -> None:
        """Stop drawing the bodies that left the world (``keep_gone``)."""
        for body_id in list(self._gone):
            self._drop_gone(body_id)

    def _drop_gone(self, body_id: str) -> None:
        kept, slot = self._gone.pop(body_id)
        for vertex_list in kept:
            vertex_list.delete()
        self.table.give_back(slot)

    def _drop_body(self, body_id: str) -> None:
        """Stop drawing a body in the world and its shadow, and free their slot."""
        _, vertex_list, slot, _ = self._lists.pop(body_id)
        vertex_list.delete()
        shadow = self._shadows.pop(body_id, None)
        if shadow is not None:
            shadow.delete()
        self.table.give_back(slot)

    @property
    def gone(self) -> list[str]:
        """The bodies drawn that are no longer in the world (``keep_gone``)."""
        return list(self._gone)

    def _list(self, mesh: Mesh, pose: Pose3) -> tuple[Any, int]:
        """``mesh`` as an overlay vertex list at ``pose``, and its slot."""
        slot = self.table.take(pose)
        return posed_list(mesh, self.batch, self.groups[OVERLAY], slot), slot

    def _drop_drawn(self, drawn: tuple[Any, int]) -> None:
        drawn[0].delete()
        self.table.give_back(drawn[1])

    def _drop_hand(self, key: str) -> None:
        _, hand, arm = self._hands.pop(key)
        self._drop_drawn(hand)
        self._drop_drawn(arm)

    def _add(self, entry: Entry, pose: Pose3) -> None:
        mesh = entry_mesh(entry, symbols=self.symbols, wood=self.wood)
        if entry.is_table or not entry.dynamic:
            order = STATIC
        else:
            order = CARDS if is_floor_card(entry) else PIECES
        slot = self.table.take(pose)
        vertex_list = posed_list(mesh, self.batch, self.groups[order], slot)
        self._lists[entry.id] = (entry, vertex_list, slot, pose)
        if self.wood and order != STATIC:
            shade = shadow_mesh(entry.local_polygons)
            self._shadows[entry.id] = posed_list(shade, self.batch, self.groups[SHADOWS], slot)

    def delete(self) -> None:
        for body_id in list(self._lists):
            self._drop_body(body_id)
        self.forget_gone()
        for key in list(self._hands):
            self._drop_hand(key)
        for drawn, _ in self._slips.values():
            self._drop_drawn(drawn)
        self._slips.clear()
        for vertex_list in self._decor:
            vertex_list.delete()
        self._decor.clear()


def _pose(entry: Entry) -> Pose3:
    p = entry.body.position
    return (p.x, p.y, entry.body.angle)


def world_bounds(world: World, *, floor: float = -1.0) -> tuple[float, float, float, float]:
    """The region (x, y, w, h) around the dynamic bodies (at least MIN_VIEW wide) with
    the table's top edge in view; the statics when nothing moves."""
    boxes = [s.bb for e in world.entries if e.dynamic for s in e.shapes]
    if not boxes:
        boxes = [s.bb for e in world.entries if not e.is_table for s in e.shapes]
    if not boxes:
        return (-20.0, floor, 40.0, 30.0)
    left = min(b.left for b in boxes)
    right = max(b.right for b in boxes)
    if right - left < MIN_VIEW:
        middle = (left + right) / 2
        left, right = middle - MIN_VIEW / 2, middle + MIN_VIEW / 2
    top = max(b.top for b in boxes)
    return (left, floor, right - left, max(top - floor, 10.0))


def footprint_sides(world: World, lot: Lot | None = None) -> tuple[float, float, float] | None:
    """(left, right, base) of a LOTS footprint: from the lot, else from the world's
    "footprint" body (its first polygon is the card), else None."""
    if lot is not None:
        return lot.left, lot.right, lot.grid.origin[1]
    if "footprint" not in world:
        return None
    card = world.entry("footprint").local_polygons[0]
    return min(x for x, _ in card), max(x for x, _ in card), max(y for _, y in card)
