"""The physics world: a pymunk space built only from asset data and options.

Determinism (docs/architecture.md): a fixed dt, one solver thread and bodies created in a fixed
order make a run bit-for-bit reproducible on one platform. Reproduction never relies on
``Space.copy()``; it comes from rebuilding the world and replaying the actions.

Everything the physics reads comes from the world's profile (solver values, materials,
the hand's settings), and whoever wants to watch a run attaches a step observer
(``World.observe``) to the world it is handed: no global state, no patched methods.
"""

from __future__ import annotations

import functools
import hashlib
import math
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pymunk

from rules.pieces import PieceSpec
from simulator.physics.geometry import (
    GeometryError,
    Point,
    Polygon,
    checked_convex,
    inset,
    piece_polygons,
    transform,
)
from simulator.physics.hand_settings import HandSettings
from simulator.physics.materials import Material, Materials
from simulator.physics.profile import PhysicsProfile

# Collision types: only contacts between a piece and the table raise a Python callback,
# so the per-step cost stays in Chipmunk.
PIECE_TYPE = 1
TABLE_TYPE = 2

_cp_step = pymunk._chipmunk.lib.cpSpaceStep


def _pending(space: pymunk.Space) -> bool:
    """Whether pymunk's Space.step has Python work to do around the C step: bodies to
    check, objects added or removed during a step, post-step callbacks."""
    return bool(
        space._bodies_to_check
        or space._add_later
        or space._remove_later
        or space._post_step_callbacks
        or space.threaded
    )


# Overlap (cm) the validity check forgives, so pieces may start exactly touching.
TOUCH_TOLERANCE = 0.01


# Called after each World.step(count) with the world and the count; read-only by
# contract (an observer that changed the world would change the run it watches).
StepObserver = Callable[["World", int], None]
# Handed each world a run builds as its main world (a film, the tuning lab's capture).
OnWorld = Callable[["World"], None]


class PlacementRefused(ValueError):
    """A body may not enter the world where it was asked to; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    angle: float  # radians, counter-clockwise

    def as_report(self) -> list[float]:
        return [self.x, self.y, math.degrees(self.angle)]


@dataclass
class Entry:
    """One body of the world, in creation order."""

    id: str
    body: pymunk.Body
    shapes: list[pymunk.Poly]
    local_polygons: list[Polygon]
    material: Material
    start: Pose
    piece: PieceSpec | None = None
    mirror: bool = False
    is_table: bool = False

    @property
    def dynamic(self) -> bool:
        return self.body.body_type == pymunk.Body.DYNAMIC

    @property
    def pose(self) -> Pose:
        p = self.body.position
        return Pose(p.x, p.y, self.body.angle)

    @functools.cached_property
    def radius(self) -> float:
        """Distance from the centroid to the farthest vertex (cm)."""
        return max(math.hypot(x, y) for poly in self.local_polygons for x, y in poly)

    def world_polygons(self) -> list[Polygon]:
        pose = self.pose
        return [transform(poly, pose.x, pose.y, pose.angle) for poly in self.local_polygons]


class Observation:
    """An attached step observer; ``detach()`` (or leaving a ``with`` block) ends it."""

    def __init__(self, world: World, observer: StepObserver) -> None:
        self.world = world
        self.observer = observer
        self.attached = True

    def detach(self) -> None:
        """Stop observing (a second call does nothing)."""
        if self.attached:
            self.attached = False
            self.world._detach(self.observer)

    def __enter__(self) -> Observation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.detach()


@dataclass(frozen=True)
class Loading:
    """Bodies taking up their weight over ``steps`` steps from step ``start``."""

    start: int
    steps: int
    bodies: list[Entry]


@dataclass(frozen=True)
class RestGroup:
    """Bodies put to sleep as one group (``World.rest_others``): Chipmunk wakes them all
    when any is touched, so while ``root`` sleeps, every one of them does."""

    root: pymunk.Body
    members: frozenset[str]  # body ids

    @property
    def asleep(self) -> bool:
        return self.root.is_sleeping


@dataclass(frozen=True)
class TableTouch:
    time: float
    body_id: str
    x: float


@dataclass
class World:
    """A pymunk space plus the bookkeeping the simulator needs (ids, start poses, touches)."""

    profile: PhysicsProfile
    play_area: tuple[float, float, float, float] = (-200.0, -50.0, 200.0, 400.0)
    space: pymunk.Space = field(init=False)
    entries: list[Entry] = field(init=False, default_factory=list)
    table_touches: list[TableTouch] = field(init=False, default_factory=list)
    steps: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        p = self.profile
        space = pymunk.Space(threaded=False)
        space.threads = 1  # the threaded solver is not deterministic
        space.gravity = (0.0, -p.gravity)
        space.iterations = p.iterations
        space.collision_slop = p.collision_slop
        space.collision_bias = p.collision_bias
        space.damping = p.damping
        space.sleep_time_threshold = p.sleep_time_threshold
        space.idle_speed_threshold = p.idle_speed_threshold
        space.on_collision(PIECE_TYPE, TABLE_TYPE, begin=self._on_table_contact)
        self.space = space
        self._by_id: dict[str, Entry] = {}
        self._owner: dict[pymunk.Shape, str] = {}
        # A tuple, replaced on (de)tach, so an observer may detach while being called.
        self._observers: tuple[StepObserver, ...] = ()
        self._loading: Loading | None = None
        self.rest_group: RestGroup | None = None  # the last group rest_others made
        # Dynamic bodies added (or copied) since the last step: Chipmunk knows none of
        # their contacts yet, so they must not be put to sleep (rest_others).
        self._unstepped: set[str] = set()

    def __getstate__(self) -> dict[str, Any]:
        # A copy (a bot's rollout) is another world: it starts with no observers.
        state = self.__dict__.copy()
        state["_observers"] = ()
        # A copy has none of Chipmunk's cached contacts (pymunk copies bodies and
        # shapes, not arbiters) until it steps: see find_contacts.
        state["_unstepped"] = {e.id for e in self.entries if e.dynamic}
        return state

    # -- building -------------------------------------------------------------------

    @property
    def time(self) -> float:
        return self.steps * self.profile.dt

    @property
    def materials(self) -> Materials:
        return self.profile.materials

    def material(self, name: str) -> Material:
        """The named material of this world's table (KeyError naming the known ones)."""
        return self.profile.materials[name]

    @property
    def hand_settings(self) -> HandSettings:
        """What a Hand in this world grips and moves with, unless it is given its own."""
        return self.profile.hand

    def entry(self, body_id: str) -> Entry:
        return self._by_id[body_id]

    def __contains__(self, body_id: str) -> bool:
        return body_id in self._by_id

    @property
    def dynamic_entries(self) -> list[Entry]:
        return [e for e in self.entries if e.dynamic]

    def add_static(
        self,
        body_id: str,
        polygons: Sequence[Sequence[Point]],
        material: Material,
        *,
        is_table: bool = False,
    ) -> Entry:
        """A fixed body of convex polygons in world coordinates (a table, a lot, an incline)."""
        polys = [self._checked(body_id, poly) for poly in polygons]
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        shapes = [pymunk.Poly(body, poly, radius=0.0) for poly in polys]
        for shape in shapes:
            shape.collision_type = TABLE_TYPE if is_table else PIECE_TYPE
        entry = Entry(
            body_id, body, shapes, polys, material, Pose(0.0, 0.0, 0.0), is_table=is_table
        )
        return self._add(entry, shape_material=material)

    def add_body(
        self,
        body_id: str,
        local_polygons: Sequence[Sequence[Point]],
        pose: Pose,
        material: Material,
        *,
        piece: PieceSpec | None = None,
        mirror: bool = False,
        edge_radius: float = 0.0,
    ) -> Entry:
        """A dynamic body of convex shapes given around its centroid, after a validity check.

        ``edge_radius`` rounds the corners without changing the outline (wooden pieces are
        not knife-edged: a piece landing on a neighbour's corner slides off it).
        """
        polys = [self._checked(body_id, poly) for poly in local_polygons]
        world_polys = [transform(poly, pose.x, pose.y, pose.angle) for poly in polys]
        reason = self.placement_problem(world_polys)
        if reason:
            raise PlacementRefused(f"{body_id!r} cannot enter the world: {reason}")
        body = pymunk.Body()  # mass and moment follow from the shapes' density
        shapes = [pymunk.Poly(body, inset(poly, edge_radius), radius=edge_radius) for poly in polys]
        for shape in shapes:
            shape.collision_type = PIECE_TYPE
        body.position = (pose.x, pose.y)
        body.angle = pose.angle
        entry = Entry(body_id, body, shapes, polys, material, pose, piece=piece, mirror=mirror)
        return self._add(entry, shape_material=material)

    def add_piece(
        self, body_id: str, spec: PieceSpec, pose: Pose, material: Material, mirror: bool = False
    ) -> Entry:
        return self.add_body(
            body_id,
            piece_polygons(spec, mirror),
            pose,
            material,
            piece=spec,
            mirror=mirror,
            edge_radius=spec.edge_radius,
        )

    def remove(self, body_id: str) -> None:
        """Take a body out of the world (a piece that left the game)."""
        entry = self._by_id.pop(body_id)
        for shape in entry.shapes:
            del self._owner[shape]
        self.space.remove(entry.body, *entry.shapes)
        self.entries.remove(entry)
        self._unstepped.discard(body_id)

    def placement_problem(self, world_polygons: Sequence[Polygon]) -> str | None:
        """Why shapes at these world positions may not enter, or None if they may."""
        x0, y0, x1, y1 = self.play_area
        for poly in world_polygons:
            for x, y in poly:
                if not (x0 <= x <= x1 and y0 <= y <= y1):
                    return f"point ({x:.6g}, {y:.6g}) is outside the play area"
        probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        for poly in world_polygons:
            probe = pymunk.Poly(probe_body, poly, radius=0.0)
            for hit in self.space.shape_query(probe):
                contact = hit.contact_point_set
                if contact.normal.length < 0.5:
                    # Chipmunk gives no normal (and zero depths) when one shape lies
                    # wholly inside the other, identical shapes included.
                    owner = self._owner_of(hit.shape)
                    return f"it would lie inside {owner!r} or wholly around it"
                depth = -min(p.distance for p in contact.points)
                if depth > TOUCH_TOLERANCE:
                    owner = self._owner_of(hit.shape)
                    return f"it would overlap {owner!r} by {depth:.2f} cm"
        return None

    def _checked(self, body_id: str, polygon: Sequence[Point]) -> Polygon:
        try:
            return checked_convex(polygon)
        except GeometryError as exc:
            raise PlacementRefused(f"{body_id!r}: {exc}") from None

    def _add(self, entry: Entry, shape_material: Material) -> Entry:
        if entry.id in self._by_id:
            raise PlacementRefused(f"a body with id {entry.id!r} already exists")
        for shape in entry.shapes:
            shape.friction = shape_material.friction
            shape.elasticity = shape_material.elasticity
            if entry.dynamic:
                shape.density = shape_material.density
        self.space.add(entry.body, *entry.shapes)
        self.entries.append(entry)
        if entry.dynamic:
            self._unstepped.add(entry.id)
        self._by_id[entry.id] = entry
        self._owner.update(dict.fromkeys(entry.shapes, entry.id))
        return entry

    def _owner_of(self, shape: pymunk.Shape) -> str:
        return self._owner.get(shape, "the hand")

    # -- running ----------------------------------------------------------------------

    def load_gradually(self) -> None:
        """Let the dynamic bodies that rest on something now take up their weight over
        the profile's ``load_time``, as hands setting a stack down would.

        Call it on a world built with its bodies already in place (a sandbox, a drawn
        tower), before the first step. Put down at once, a tall stack's contacts start
        with no impulses, and the solver's first steps let it sag and lean before they
        converge: measured, a 20-block stack of 4 cm blocks tipped at 91 % of its
        analytic overhang (docs/physics.md). Bodies touching nothing fall freely from the
        first step, and nothing sleeps until the load is taken up.
        """
        steps = round(self.profile.load_time / self.profile.dt)
        resting = [e for e in self.dynamic_entries if self._touches_something(e)]
        if steps > 0 and resting:
            self._loading = Loading(self.steps, steps, resting)

    @property
    def loading(self) -> bool:
        """True while resting bodies are still taking up their weight."""
        return self._loading is not None

    def _touches_something(self, entry: Entry) -> bool:
        return any(
            hit.shape is not None and hit.shape.body is not entry.body
            for shape in entry.shapes
            for hit in self.space.shape_query(shape)
        )

    def rest_others(self, moving: Entry) -> bool:
        """Put every dynamic body but ``moving`` to sleep as one group, if each is idle
        by Chipmunk's own test (kinetic energy m v² + I ω² under m times the squared idle
        speed); returns whether it did.

        Called when the hand picks ``moving`` up (rest 2, docs/physics.md "Resting"), if
        ``moving`` touches nothing (a piece taken from the supply, not pulled out): a
        quiet tower then costs nothing while the piece travels through free air, and the
        first touch wakes the whole group at once (cpBodySleepWithGroup, whose purpose
        in Chipmunk is exactly this), with its contacts' impulses kept. A body still
        moving keeps everything awake: nothing in motion is ever frozen.
        """
        # Only a piece in free air: Chipmunk keeps a sleeping body's contacts for its
        # group, and one shared with a body left awake corrupts its memory.
        if self._touches_something(moving):
            return False
        others = [e for e in self.entries if e.dynamic and e is not moving]
        if not others or not all(self.idle(e) for e in others):
            return False
        group = self.rest_group
        if group is not None and group.asleep and group.members == {e.id for e in others}:
            return True  # still the same group, asleep since the last grab
        return self.sleep_as_group(others)

    def idle(self, entry: Entry) -> bool:
        """Asleep, or slow enough to fall asleep by Chipmunk's own test: kinetic energy
        m v² + I ω² under m times the squared idle speed."""
        body = entry.body
        if body.is_sleeping:
            return True
        idle = self.profile.idle_speed_threshold
        # Chipmunk's estimate when none is set (cpSpaceProcessComponents).
        idle_sq = idle * idle if idle > 0 else (self.profile.gravity * self.profile.dt) ** 2
        return body.kinetic_energy <= body.mass * idle_sq

    def sleep_as_group(self, entries: Sequence[Entry]) -> bool:
        """Put ``entries`` to sleep as one group (Chipmunk's cpBodySleepWithGroup: the
        first touch of any wakes them all, each contact's impulse kept); returns whether
        it could. The caller makes sure no awake body shares a contact with them.

        Never while bodies take up their load or sleeping is off, nor with a body
        Chipmunk has not stepped with (a copy's, a body just put down): it knows none of
        its contacts, so it would wake without their impulses, under the push of the
        piece that touched it."""
        if not entries or self._loading is not None:
            return False
        if not math.isfinite(self.space.sleep_time_threshold):
            return False
        if self._unstepped & {e.id for e in entries}:
            return False
        bodies = [e.body for e in entries]
        for body in bodies:  # a body asleep in another group cannot join this one
            if body.is_sleeping:
                body.activate()
        root = bodies[0]
        root.sleep()
        for body in bodies[1:]:
            body.sleep_with_group(root)
        self.rest_group = RestGroup(root, frozenset(e.id for e in entries))
        return True

    def find_contacts(self) -> None:
        """Step a copy once before its first grab, if its rest puts towers to sleep:
        Chipmunk finds every contact again (a settled tower does not move in one step),
        so its tower can sleep as a group at the next grab, as the original's would. A
        copy's tower slept without them wakes with no impulses under a touching piece's
        push, and knocks over pieces the original keeps (tests/physics/test_rest.py)."""
        if self._unstepped and self.profile.resting.group_sleep:
            self.step()

    def step(self, count: int = 1) -> None:
        dt = self.profile.dt
        # The first load_time seconds of a loaded world take the slow path.
        count_left = count if self._loading is None else self._step_loading(count)
        space = self.space
        if _pending(space):  # pymunk's own step has Python work to do around the C step
            step = space.step
            for _ in range(count_left):
                step(dt)
        elif count_left:
            # The same C step as pymunk's Space.step, without its per-call Python
            # bookkeeping when none is pending (a third of a resting step's cost).
            space._locked = True
            try:
                for _ in range(count_left):
                    _cp_step(space._space, dt)
            finally:
                space._locked = False
                space._removed_shapes.clear()
        self.steps += count_left
        if self._unstepped and count > 0:
            self._unstepped.clear()
        if self._observers:  # one test per call when nobody watches: the hot path
            for observer in self._observers:
                observer(self, count)

    def _step_loading(self, count: int) -> int:
        """Step while bodies take up their weight: each carries (1 - k/n) of it for step
        k of n as an upward force (pymunk clears forces every step). Returns the steps
        of ``count`` left to take the ordinary way."""
        loading, space, dt = self._loading, self.space, self.profile.dt
        assert loading is not None
        space.sleep_time_threshold = math.inf
        lift = [(e.body, e.body.mass * self.profile.gravity) for e in loading.bodies]
        taken = 0
        while taken < count:
            k = self.steps - loading.start + 1
            if k > loading.steps:
                break
            share = 1.0 - k / loading.steps
            for body, weight in lift:
                body.force = (0.0, weight * share)
            space.step(dt)
            self.steps += 1
            taken += 1
        if self.steps - loading.start >= loading.steps:
            space.sleep_time_threshold = self.profile.sleep_time_threshold
            self._loading = None
        return count - taken

    def observe(self, observer: StepObserver) -> Observation:
        """Call ``observer(world, count)`` after every ``step(count)`` until detached."""
        self._observers = (*self._observers, observer)
        return Observation(self, observer)

    def _detach(self, observer: StepObserver) -> None:
        kept = list(self._observers)
        kept.remove(observer)  # one attachment of it (the same one may be attached twice)
        self._observers = tuple(kept)

    def _on_table_contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        for shape in arbiter.shapes:
            body = shape.body  # a shape in contact is always on a body
            if (
                shape.collision_type == PIECE_TYPE
                and body is not None
                and body.body_type == pymunk.Body.DYNAMIC
            ):
                points = arbiter.contact_point_set.points
                x = points[0].point_a.x if points else body.position.x
                self.table_touches.append(TableTouch(self.time, self._owner_of(shape), x))

    # -- reading ----------------------------------------------------------------------

    def state_hash(self, extra: bytes = b"") -> str:
        """SHA-256 over every dynamic body's id, exact pose and velocity, in creation order.

        ``extra`` lets a match fold its rules state into the same digest.
        """
        digest = hashlib.sha256()
        pack = struct.Struct("<6d").pack
        for entry in self.entries:
            if not entry.dynamic:
                continue
            body = entry.body
            digest.update(entry.id.encode())
            digest.update(
                pack(
                    body.position.x,
                    body.position.y,
                    body.angle,
                    body.velocity.x,
                    body.velocity.y,
                    body.angular_velocity,
                )
            )
        digest.update(extra)
        return digest.hexdigest()


def new_worlds(on_world: OnWorld | None) -> OnWorld:
    """A function to hand a run's main world to, as often as convenient, that passes each
    world on to ``on_world`` once: a runner hands its match's world after every action,
    so a world rebuilt from the log reaches ``on_world`` too, and the last is the final."""
    last: list[World] = []

    def hand(world: World) -> None:
        if on_world is not None and (not last or last[0] is not world):
            last[:] = [world]
            on_world(world)

    return hand
