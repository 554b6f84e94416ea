"""A World drawn into a pyglet batch: one vertex list a body, moved each frame.

``WorldScene.sync()`` reads the world (never steps it): bodies that entered get a mesh,
bodies that left lose theirs, and every dynamic body's translation and rotation are
written from its pose. The shape shader of pyglet turns them into screen positions
under the window's view matrix (a Camera), so meshes stay in centimetres. Every piece a
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
from simulator.render.wood import SHADOW_OFFSET, shadow_mesh

# Draw order: table and plinth, pieces, floor cards, overlays (lot lines, hand). A card
# is drawn thicker than it is (render/bodies.py), down over the tops of the blocks it
# lies on: over them, so its boxes read.
# The wood look's drop shadows lie under all of them but the table.
STATIC, SHADOWS, PIECES, CARDS, OVERLAY = 0, 1, 2, 3, 4
MIN_VIEW = 24.0  # cm: the narrowest region a picture shows
BOUNDARY_HEIGHT = 60.0  # cm: how far up the footprint's boundary lines reach


class MeshGroup(pyglet.graphics.Group):
    """pyglet's shape shader with alpha blending, at a draw order."""

    def __init__(self, order: int, parent: pyglet.graphics.Group | None = None) -> None:
        super().__init__(order=order, parent=parent)
        self.program = get_default_shader()

    def set_state(self) -> None:
        self.program.bind()
        gl.glEnable(gl.GL_BLEND)
        gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)

    def unset_state(self) -> None:
        gl.glDisable(gl.GL_BLEND)
        self.program.unbind()

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
        self._gone: dict[str, list[Any]] = {}  # id -> its vertex lists (body, shadow)
        self.batch = batch or pyglet.graphics.Batch()
        self.groups = {
            order: MeshGroup(order, parent) for order in (STATIC, SHADOWS, PIECES, CARDS, OVERLAY)
        }
        # the wood look's drop shadow of each dynamic body: id -> (vertex list, count)
        self._shadows: dict[str, tuple[Any, int]] = {}
        self._lists: dict[str, tuple[Entry, Any, int, tuple[float, float, float]]] = {}
        # held body id -> its grip, and the hand's and the arm's (vertex list, count)
        self._hands: dict[str, tuple[Grip, tuple[Any, int], tuple[Any, int]]] = {}
        # a piece that slipped out: its open hand, (vertex list, shown until world time)
        self._slips: dict[str, tuple[Any, float]] = {}
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
        return mesh_list(mesh, self.batch, self.groups[OVERLAY])

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
        for entry, pose in bodies:
            world_ids.add(entry.id)
            cached = self._lists.get(entry.id)
            if cached is not None and cached[0] is not entry:  # same id, new body
                cached[1].delete()
                self._drop_shadow(entry.id)
                cached = None
            if cached is None:
                if entry.id in self._gone:  # back in the world (a fallen piece put back)
                    for vertex_list in self._gone.pop(entry.id):
                        vertex_list.delete()
                self._add(entry, pose)
                continue
            if not entry.dynamic:
                continue
            if pose != cached[3]:
                move_list(cached[1], cached[2], pose)
                self._lists[entry.id] = (entry, cached[1], cached[2], pose)
                shadow = self._shadows.get(entry.id)
                if shadow is not None:
                    move_list(shadow[0], shadow[1], _shadowed(pose))
        for body_id in [k for k in self._lists if k not in world_ids]:
            kept = [self._lists.pop(body_id)[1]]
            shadow = self._shadows.pop(body_id, None)
            if shadow is not None:
                kept.append(shadow[0])  # it lies where it fell with its shadow
            if self.keep_gone:
                self._gone[body_id] = kept
            else:
                for vertex_list in kept:
                    vertex_list.delete()
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
            if cached is None:
                arm = self._list(arm_mesh(grip.strain))  # first: the palm is drawn over it
                hand = self._list(hand_mesh(grip.held.local_polygons, grip.anchor, grip.strain))
                self._hands[key] = (grip, hand, arm)
                cached = (grip, hand, arm)
                moved = True
            else:
                moved = cached[0].pose != grip.pose
            if moved:
                move_list(*cached[1], grip.pose)
                move_list(*cached[2], (x, y, 0.0))  # the arm never turns
                self._hands[key] = (grip, cached[1], cached[2])
        for key in [k for k in self._hands if k not in shown]:
            grip = self._hands[key][0]
            self._drop_hand(key)
            if grip.strain == SLIPPING:  # it was slipping: the fingers open where it went
                mesh = open_hand_mesh(grip.held.local_polygons, grip.anchor)
                shown_list = self._list(mesh)
                move_list(*shown_list, grip.pose)
                self._slips[key] = (shown_list[0], now + SLIP_SECONDS)
        for key in [k for k, (_, until) in self._slips.items() if until <= now or k in shown]:
            self._slips.pop(key)[0].delete()

    def forget_gone(self) -> None:
        """Stop drawing the bodies that left the world (``keep_gone``)."""
        for kept in self._gone.values():
            for vertex_list in kept:
                vertex_list.delete()
        self._gone.clear()

    def _drop_shadow(self, body_id: str) -> None:
        shadow = self._shadows.pop(body_id, None)
        if shadow is not None:
            shadow[0].delete()

    @property
    def gone(self) -> list[str]:
        """The bodies drawn that are no longer in the world (``keep_gone``)."""
        return list(self._gone)

    def _list(self, mesh: Mesh) -> tuple[Any, int]:
        """``mesh`` as an overlay vertex list at the origin, and its vertex count."""
        return mesh_list(mesh, self.batch, self.groups[OVERLAY]), mesh.count

    def _drop_hand(self, key: str) -> None:
        _, hand, arm = self._hands.pop(key)
        hand[0].delete()
        arm[0].delete()

    def _add(self, entry: Entry, pose: Pose3) -> None:
        mesh = entry_mesh(entry, symbols=self.symbols, wood=self.wood)
        if entry.is_table or not entry.dynamic:
            order = STATIC
        else:
            order = CARDS if is_floor_card(entry) else PIECES
        vertex_list = mesh_list(mesh, self.batch, self.groups[order], pose)
        self._lists[entry.id] = (entry, vertex_list, mesh.count, pose)
        if self.wood and order != STATIC:
            shade = shadow_mesh(entry.local_polygons)
            shadow = mesh_list(shade, self.batch, self.groups[SHADOWS], _shadowed(pose))
            self._shadows[entry.id] = (shadow, shade.count)

    def delete(self) -> None:
        for _, vertex_list, _, _ in self._lists.values():
            vertex_list.delete()
        for vertex_list, _ in self._shadows.values():
            vertex_list.delete()
        self._shadows.clear()
        self.forget_gone()
        for key in list(self._hands):
            self._drop_hand(key)
        for vertex_list, _ in self._slips.values():
            vertex_list.delete()
        self._slips.clear()
        for vertex_list in self._decor:
            vertex_list.delete()
        self._lists.clear()
        self._decor.clear()


def _shadowed(pose: Pose3) -> Pose3:
    """Where a body's drop shadow is drawn: its pose shifted by the world's offset."""
    dx, dy = SHADOW_OFFSET
    return (pose[0] + dx, pose[1] + dy, pose[2])


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
