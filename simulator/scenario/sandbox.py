"""``kind = "sandbox"``: bodies at rest where the file puts them, optional placements by
the hand, a fixed run, and a report of what moved (docs/scenario-format.md)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from rules.pieces import PieceSpec, piece_catalogue
from simulator.physics.geometry import (
    GeometryError,
    Point,
    box_polygon,
    checked_convex,
    piece_polygons,
    transform,
)
from simulator.physics.geometry import centroid as polygon_centroid
from simulator.physics.hand import Hand, HandPath
from simulator.physics.materials import MaterialChoice, materials
from simulator.physics.monitor import Monitor
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import OnWorld, Pose, World
from simulator.scenario.fields import Table
from simulator.scenario.header import Header
from simulator.scenario.ranges import SANDBOX

X, Y = SANDBOX["x"], SANDBOX["y"]


@dataclass(frozen=True)
class BodySpec:
    id: str
    static: bool
    polygons: list[list[Point]]  # in the body frame (static: world frame, pose at origin)
    pose: Pose
    material: MaterialChoice  # resolved in the world the body enters
    piece: PieceSpec | None = None
    mirror: bool = False


@dataclass(frozen=True)
class PlaceSpec:
    id: str
    piece: PieceSpec
    mirror: bool
    material: MaterialChoice
    start: Pose
    path: HandPath


@dataclass(frozen=True)
class RunSpec:
    seconds: float = 3.0
    tolerance: float = 0.5
    rotation_tolerance: float = 5.0


@dataclass(frozen=True)
class SandboxExpect:
    stands: bool | None = None
    moved: tuple[str, ...] | None = None
    state_hash: str | None = None

    @property
    def checked(self) -> bool:
        return any(v is not None for v in (self.stands, self.moved, self.state_hash))


@dataclass(frozen=True)
class Sandbox:
    header: Header
    profile: PhysicsProfile
    bodies: list[BodySpec]
    places: list[PlaceSpec]
    run: RunSpec
    expect: SandboxExpect


# -- parsing ---------------------------------------------------------------------------


def parse_sandbox(root: Table, header: Header, profile: PhysicsProfile) -> Sandbox:
    seen: set[str] = set()
    bodies = []
    for section in ("static", "body"):
        for index, raw in enumerate(root.tables(section)):
            bodies.append(_parse_body(root, raw, section, index, seen))
    places = [
        _parse_place(root, raw, index, seen) for index, raw in enumerate(root.tables("place"))
    ]
    if not bodies and not places:
        root.fail("a sandbox needs at least one [[static]], [[body]] or [[place]]")
    run = _parse_run(root.table("run"))
    expect = _parse_expect(
        root.table("expect"), {b.id for b in bodies if not b.static} | {p.id for p in places}
    )
    root.finish()
    return Sandbox(header, profile, bodies, places, run, expect)


def _entry_table(root: Table, raw: Any, section: str, index: int, seen: set[str]) -> Table:
    table = Table(root.doc, raw, f"{section} #{index + 1}", header=(section, index))
    body_id = table.string("id", required=True)
    assert body_id is not None
    table.label = f'{section} "{body_id}"'
    if not body_id:
        table.fail("id must not be empty", "id")
    if body_id in seen:
        table.fail(f"duplicate id {body_id!r} (ids are unique across the file)", "id")
    seen.add(body_id)
    return table


def _parse_material(table: Table, static: bool, piece_material: str | None) -> MaterialChoice:
    """The entry's material: its own ``material``, else its piece's, else the default;
    then any of density, friction and elasticity given directly (kept as the file's own:
    the rest comes from the materials of the world the body enters)."""
    name = table.string("material") or piece_material
    if name is not None and name not in materials():
        table.fail(
            f"unknown material {name!r} (known: {', '.join(sorted(materials()))})", "material"
        )
    own: list[tuple[str, float | None]] = []
    if static and table.has("density"):
        table.fail("a static body has no density", "density")
    if table.has("density"):
        own.append(("density", table.ranged("density", SANDBOX["density"])))
    if table.has("friction"):
        own.append(("friction", table.ranged("friction", SANDBOX["friction"])))
    if table.has("elasticity"):
        own.append(("elasticity", table.ranged("elasticity", SANDBOX["elasticity"])))
    return MaterialChoice(name, tuple((key, float(v)) for key, v in own if v is not None))


def _parse_piece(table: Table) -> PieceSpec:
    piece_id = table.string("piece", required=True)
    catalogue = piece_catalogue()
    if piece_id not in catalogue:
        table.fail(f"unknown piece {piece_id!r} (known: {', '.join(sorted(catalogue))})", "piece")
    return catalogue[piece_id]


def _parse_body(root: Table, raw: Any, section: str, index: int, seen: set[str]) -> BodySpec:
    table = _entry_table(root, raw, section, index, seen)
    static = section == "static"
    given = [key for key in ("box", "polygon", "piece") if table.has(key)]
    if len(given) != 1:
        table.fail(
            "give the shape in exactly one way: box, polygon or piece"
            + (f" (found {', '.join(given)})" if given else "")
        )
    way = given[0]
    piece = None
    mirror = False
    if way == "polygon":
        for key in ("at", "angle"):
            if table.has(key):
                table.fail("a polygon is given in world coordinates; drop 'at' and 'angle'", key)
        points = table.points("polygon") or []
        for x, y in points:
            table.within(x, "polygon", X, "x of each point")
            table.within(y, "polygon", Y, "y of each point")
        try:
            polygon = checked_convex(points)
        except GeometryError as exc:
            table.fail(str(exc), "polygon")
        cx, cy = polygon_centroid([polygon])
        pose = Pose(cx, cy, 0.0)
        polygons = [[(x - cx, y - cy) for x, y in polygon]]
    else:
        at = table.ranged_pair("at", X, Y, what="numbers for the centre")
        angle = table.ranged("angle", SANDBOX["angle"], default=0.0)
        pose = Pose(at[0], at[1], math.radians(angle))
        if way == "box":
            width, height = table.pair("box", positive=True, required=True) or (1.0, 1.0)
            size = SANDBOX["size"]
            polygons = [
                box_polygon(
                    table.within(width, "box", size, "width"),
                    table.within(height, "box", size, "height"),
                )
            ]
        else:
            piece = _parse_piece(table)
            mirror = bool(table.boolean("mirror", default=False))
            polygons = piece_polygons(piece, mirror)
    if way != "piece" and table.has("mirror"):
        table.fail("only a piece can be mirrored", "mirror")
    material = _parse_material(table, static, piece.material if piece else None)
    table.finish()
    return BodySpec(table.data["id"], static, polygons, pose, material, piece, mirror)


def _parse_place(root: Table, raw: Any, index: int, seen: set[str]) -> PlaceSpec:
    table = _entry_table(root, raw, "place", index, seen)
    piece = _parse_piece(table)
    mirror = bool(table.boolean("mirror", default=False))
    material = MaterialChoice(piece.material)
    x = table.ranged("x", X, required=True)
    angle = table.ranged("angle", SANDBOX["angle"], default=0.0)
    start = None
    if table.has("start"):
        start = table.ranged_pair("start", X, Y, what="numbers for where the hand picks it up")
    path = HandPath(
        x=x,
        angle=angle,
        lower_speed=table.ranged("lower_speed", SANDBOX["lower_speed"]),
        travel_height=table.ranged("travel_height", Y),
    )
    table.finish()
    start_pose = Pose(start[0], start[1], 0.0) if start else Pose(x, math.nan, 0.0)
    return PlaceSpec(table.data["id"], piece, mirror, material, start_pose, path)


def _parse_run(table: Table | None) -> RunSpec:
    if table is None:
        return RunSpec()
    run = RunSpec(
        seconds=table.ranged("seconds", SANDBOX["seconds"], default=RunSpec.seconds),
        tolerance=table.ranged("tolerance", SANDBOX["tolerance"], default=RunSpec.tolerance),
        rotation_tolerance=table.ranged(
            "rotation_tolerance", SANDBOX["rotation_tolerance"], default=RunSpec.rotation_tolerance
        ),
    )
    table.finish()
    return run


def _parse_expect(table: Table | None, dynamic_ids: set[str]) -> SandboxExpect:
    if table is None:
        return SandboxExpect()
    moved = table.strings("moved")
    for body_id in moved or []:
        if body_id not in dynamic_ids:
            table.fail(f"no dynamic body has the id {body_id!r}", "moved")
    expect = SandboxExpect(
        stands=table.boolean("stands"),
        moved=tuple(moved) if moved is not None else None,
        state_hash=table.string("state_hash"),
    )
    table.finish()
    return expect


# -- running ---------------------------------------------------------------------------


def build_world(sandbox: Sandbox) -> World:
    """The world at the start of the run: every body at rest where the file puts it.

    Raises PlacementRefused if two bodies overlap or one lies outside the play area.
    """
    world = World(sandbox.profile)
    for spec in sandbox.bodies:
        if spec.static:
            world.add_static(
                spec.id,
                [_placed(poly, spec.pose) for poly in spec.polygons],
                spec.material.resolve(world.materials),
            )
        else:
            world.add_body(
                spec.id,
                spec.polygons,
                spec.pose,
                spec.material.resolve(world.materials),
                piece=spec.piece,
                mirror=spec.mirror,
                edge_radius=spec.piece.edge_radius if spec.piece else 0.0,
            )
    world.load_gradually()
    return world


def _placed(poly: list[Point], pose: Pose) -> list[Point]:
    return transform(poly, pose.x, pose.y, pose.angle)


def run_sandbox(
    sandbox: Sandbox, settings: PhysicsProfile | None = None, on_world: OnWorld | None = None
) -> dict[str, Any]:
    """Run the scenario and build its report (the `replay --json` object).

    ``settings`` replaces the file's physics (profile, materials, hand); ``on_world`` is
    handed the world before it first steps (its final world: a sandbox builds one).
    """
    started = time.perf_counter()
    if settings is not None:
        sandbox = replace(sandbox, profile=settings)
    world = build_world(sandbox)
    if on_world is not None:
        on_world(world)
    monitor = Monitor(
        world, tolerance=sandbox.run.tolerance, rotation_tolerance=sandbox.run.rotation_tolerance
    )
    hand = Hand(world)
    check_every = max(1, round(0.02 / sandbox.profile.dt))
    step_count = [0]

    def watch() -> None:
        step_count[0] += 1
        if step_count[0] % check_every == 0:
            monitor.check()

    for place in sandbox.places:
        start = place.start
        if math.isnan(start.y):  # default: picked up above the target, clear of everything
            top = max((s.bb.top for e in world.entries for s in e.shapes), default=0.0)
            start = Pose(start.x, top + 2 * place.piece.cell_size * 4, 0.0)
        world.add_piece(
            place.id, place.piece, start, place.material.resolve(world.materials), place.mirror
        )
        hand.grab(place.id)
        hand.carry(place.path, on_step=watch)
        monitor.watch(place.id)
    steps = round(sandbox.run.seconds / sandbox.profile.dt)
    done = 0
    frozen = False
    while done < steps:
        chunk = min(check_every, steps - done)
        world.step(chunk)
        done += chunk
        if not frozen:
            monitor.check()
            # Every body sleeps and the hand has let go: nothing left in a sandbox can
            # wake one, so no later check could see anything new.
            frozen = monitor.skip_sleeping and monitor.resting
    wall_ms = (time.perf_counter() - started) * 1000.0
    return _report(sandbox, world, monitor, wall_ms)


def _report(sandbox: Sandbox, world: World, monitor: Monitor, wall_ms: float) -> dict[str, Any]:
    bodies = []
    moved_ids = []
    for entry in world.dynamic_entries:
        start = monitor.reference[entry.id]
        end = entry.pose
        displacement = math.hypot(end.x - start.x, end.y - start.y)
        rotation = math.degrees(end.angle - start.angle)
        moved = displacement > sandbox.run.tolerance or abs(rotation) > (
            sandbox.run.rotation_tolerance
        )
        if moved:  # judged on the end pose, as the contract defines it
            moved_ids.append(entry.id)
        bodies.append(
            {
                "id": entry.id,
                "start": start.as_report(),
                "end": end.as_report(),
                "displacement": displacement,
                "rotation": rotation,
                "moved": moved,
            }
        )
    state_hash = world.state_hash()
    failures = _failures(sandbox.expect, moved_ids, state_hash)
    h = sandbox.header
    return {
        "format": h.format,
        "kind": h.kind,
        "name": h.name,
        "ok": not failures,
        "expect": {"checked": sandbox.expect.checked, "met": not failures, "failures": failures},
        "physics": sandbox.profile.report(),
        "profile": sandbox.profile.name,
        "seed": h.seed,
        "steps": world.steps,
        "sim_seconds": world.time,
        "wall_ms": wall_ms,
        "state_hash": state_hash,
        "bodies": bodies,
        "events": [e.as_dict() for e in monitor.events],
    }


def _failures(expect: SandboxExpect, moved: list[str], state_hash: str) -> list[str]:
    failures = []
    if expect.stands is True and moved:
        failures.append(f"expected the bodies to stand, but moved: {', '.join(moved)}")
    if expect.stands is False and not moved:
        failures.append("expected something to move, but every body stood")
    if expect.moved is not None and set(expect.moved) != set(moved):
        failures.append(
            f"expected exactly [{', '.join(sorted(expect.moved))}] to move, "
            f"but moved: [{', '.join(sorted(moved))}]"
        )
    if expect.state_hash is not None and expect.state_hash != state_hash:
        failures.append(f"expected state_hash {expect.state_hash}, got {state_hash}")
    return failures
