"""A LOTS placement driven live, one physics step at a time (the app's mouse).

The player holds a piece in the simulated hand and moves it freely, so a careless sweep
knocks the tower. Every step's hand target is recorded as run-length segments
``[steps, x, y, angle degrees, mirrored]``; a scenario ``place`` action carrying that
``path`` replays the same calls in the same order, hence the same world, bit for bit.
Targets are rounded to RESOLUTION before use, so the file holds exactly what ran.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pymunk

from rules.errors import IllegalMove
from rules.lots import PlacementOutcome, placement_choices, spec_of
from rules.lots.placement import piece_name
from simulator.games.actions import live_target, path_steps_left
from simulator.games.ahead import DrivenPath, settle_in_looks
from simulator.games.live_stage import HOLDING, SETTLED, SETTLING, LiveStage
from simulator.games.lots.placement import PICKUP_ABOVE, PICKUP_LEFT, Placement
from simulator.games.lots.table import LotsTable
from simulator.games.lots.verdicts import conclude, placement_monitor
from simulator.motor.placing import tremor_of
from simulator.physics.geometry import piece_polygons
from simulator.physics.monitor import WATCH_EVERY
from simulator.physics.settle import Settler
from simulator.physics.world import TOUCH_TOLERANCE, Entry, Pose

RESOLUTION = 1e-3  # cm and degrees: targets are rounded to this before they are used

Segment = list[float]


def _r(value: float) -> float:
    return round(value / RESOLUTION) * RESOLUTION


class LivePlacement(LiveStage):
    """One placement step (a block, then optionally a cube) under live control; what it
    holds is read through ``held`` (simulator/games/live_stage.py)."""

    match: LotsTable

    def __init__(
        self,
        match: LotsTable,
        block: str | None,
        cube: str | None = None,
        jolt: tuple[float, float] = (0.0, 0.0),
        tremor: Sequence[float] | None = None,
    ) -> None:
        state = match.state
        if state.phase not in ("place", "replace"):
            raise IllegalMove("no placement is expected now")
        if (block, cube) not in placement_choices(state):
            what = " and ".join(piece_name(p) for p in (block, cube) if p) or "nothing"
            raise IllegalMove(f"{what} may not be placed now")
        self._begin(match)
        self.block, self.cube = block, cube
        # A dexterity profile's jolt as the hand lets go of each piece (cm/s), recorded
        # as the placement's release_vx / release_vy.
        self.jolt = (round(jolt[0], 3), round(jolt[1], 3))
        # The chosen hand's tremor (hand model 2), [rms cm, Hz, half-band Hz, seed],
        # acting while each piece is held, as in a scripted placement; None: steady.
        self.tremor = None if tremor is None else list(tremor)
        self.pieces = [p for p in (block, cube) if p is not None]
        self.paths: list[list[Segment]] = []
        self.monitor, _ = placement_monitor(match)  # checked by drive, every WATCH_EVERY
        self.mirrored = False
        self.outcome: PlacementOutcome | None = None
        self._steps = 0
        self._settler: Settler | None = None
        self._pick_up(0)

    # -- holding ------------------------------------------------------------------------

    def _pick_up(self, index: int) -> None:
        world, lot = self.match.world, self.match.lot
        piece = self.pieces[index]
        spec = spec_of(piece)
        top = max(s.bb.top for e in world.entries for s in e.shapes)
        pose = Pose(lot.left - PICKUP_LEFT, top + PICKUP_ABOVE, 0.0)
        world.add_piece(piece, spec, pose, world.material(spec.material), False)
        self.monitor.watch_falls(piece)  # a piece knocked out of the hand falls too
        self.match.hand.grab(piece)
        self.match.hand.tremor = tremor_of(self.tremor)  # its clock starts with the grab
        self.piece = piece
        self.paths.append([])
        self.mirrored = False
        self.stage = HOLDING

    def drive(self, x: float, y: float, angle: float, steps: int = 1) -> bool:
        """Move the hand ``steps`` fixed steps towards (x, y) cm and ``angle`` degrees
        (counter-clockwise); True when the piece rests on something."""
        if self.stage != HOLDING:
            raise RuntimeError("the hand holds nothing")
        x, y, angle = (_r(v) for v in live_target(x, y, angle))
        path = self.paths[-1]
        # A hold longer than a save may record freezes the hand: the player must let go.
        steps = min(steps, path_steps_left(path, self.match.profile.dt))
        mirror = int(self.mirrored)
        if not steps:
            pass
        elif path and path[-1][1:] == [x, y, angle, mirror]:
            path[-1][0] += steps
        else:
            path.append([steps, x, y, angle, mirror])
        resting = False
        hand = self.match.hand
        speed = hand.settings.travel_speed
        for ran in range(1, steps + 1):
            resting = hand.drive_towards(x, y, math.radians(angle), speed)
            self._steps += 1
            if self._steps % WATCH_EVERY == 0:
                self.monitor.check()
            if hand.dropped:  # it slipped out of the fingers: the path ends here
                path[-1][0] -= steps - ran
                self._let_go(jolt=False)
                return False
        return resting

    def flip(self) -> str | None:
        """Mirror the held piece where it hangs; the reason if it cannot turn over there."""
        if self.stage != HOLDING:
            return "the hand holds nothing"
        world, hand = self.match.world, self.match.hand
        entry = self._in_hand()
        pose, spec = entry.pose, entry.piece
        assert spec is not None
        problem = _room_problem(entry, piece_polygons(spec, not self.mirrored))
        if problem:
            return f"no room to turn it over here: {problem}"
        hand.release()
        world.remove(entry.id)
        self.mirrored = not self.mirrored
        fresh = world.add_piece(entry.id, spec, pose, world.material(spec.material), self.mirrored)
        fresh.body.velocity = entry.body.velocity
        fresh.body.angular_velocity = entry.body.angular_velocity
        hand.grab(entry.id)
        hand.tremor = tremor_of(self.tremor)
        x, y = hand.body.position
        self.paths[-1].append(
            [0, _r(x), _r(y), _r(math.degrees(hand.body.angle)), int(self.mirrored)]
        )
        return None

    def release(self) -> None:
        if self.stage != HOLDING:
            raise RuntimeError("the hand holds nothing")
        self._let_go(jolt=True)

    @property
    def dropped(self) -> bool:
        """The piece slipped out of the fingers (a careless sweep) instead of being let
        go: it settles wherever it falls (docs/physics.md, "The grip")."""
        return self.match.hand.dropped and self.stage != HOLDING

    def _let_go(self, *, jolt: bool) -> None:
        self.match.hand.release()
        if jolt and any(self.jolt):  # as LotsMatch applies a scripted placement's jolt
            body = self._in_hand().body
            body.velocity = (body.velocity.x + self.jolt[0], body.velocity.y + self.jolt[1])
        self.monitor.watch(self.piece)
        self.stage = SETTLING
        self._settler = Settler(self.match.world, self.monitor)

    # -- settling -----------------------------------------------------------------------

    def settle_chunk(self) -> bool:
        """One look of the settle loop (as simulator.physics.settle.settle does it);
        True once this piece has settled (the next piece is then in the hand)."""
        if self.stage != SETTLING:
            return self.stage == SETTLED
        assert self._settler is not None
        if self._settler.look() is None:
            return False
        if len(self.paths) < len(self.pieces):
            self._pick_up(len(self.paths))
        else:
            self.stage = SETTLED
            self.outcome = conclude(self.match, self.block, self.cube, self.monitor)
        return True

    def placement(self) -> Placement:
        """The scenario action that replays this placement."""
        paths = [[list(seg) for seg in path] for path in self.paths]
        return Placement(
            block=self.block,
            cube=self.cube,
            path=paths[0] if self.block is not None else None,
            cube_path=paths[-1] if self.cube is not None else None,
            release_vx=self.jolt[0],
            release_vy=self.jolt[1],
            tremor=None if self.tremor is None else list(self.tremor),
        )


def _room_problem(entry: Entry, local: list[list[tuple[float, float]]]) -> str | None:
    """Why ``local`` polygons at the entry's pose would overlap another body (the entry
    itself does not count), or None."""
    pose = entry.pose
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    space = entry.body.space
    if space is None:  # a body in no world overlaps nothing
        return None
    probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    for poly in local:
        points = [(pose.x + c * x - s * y, pose.y + s * x + c * y) for x, y in poly]
        probe = pymunk.Poly(probe_body, points, radius=0.0)
        for hit in space.shape_query(probe):
            if hit.shape.body is entry.body:
                continue
            depth = -min(p.distance for p in hit.contact_point_set.points)
            if depth > TOUCH_TOLERANCE:
                return f"it would overlap another piece by {depth:.2f} cm"
    return None


class RecordedRun:
    """A live placement replayed from its recorded paths as far as they go: all at once
    (``run_recorded``) or ahead of its final action, as a network game streams them
    (simulator/games/ahead.py, an AheadRun)."""

    def __init__(self, match: LotsTable, placement: Placement) -> None:
        self.key = _key(placement)
        self.live = LivePlacement(
            match, placement.block, placement.cube, self.key[2], placement.tremor
        )
        self.driven: list[DrivenPath] = []  # per piece, its rows driven so far
        self.released = 0  # pieces let go

    def continues(self, action: dict[str, Any]) -> bool:
        placement = Placement.from_action(action)
        paths = _paths(placement)
        return (
            _key(placement) == self.key
            and len(paths) >= len(self.driven)
            and all(done.continues(path) for done, path in zip(self.driven, paths, strict=False))
        )

    def feed(self, action: dict[str, Any], *, released: bool) -> None:
        """Every piece but the last is let go and settled; the last let go when
        ``released`` (``settle`` settles it)."""
        self.feed_paths(_paths(Placement.from_action(action)), released)

    def feed_paths(self, paths: list[list[Segment]], released: bool) -> None:
        """As ``feed``, for the paths themselves (run_recorded: the final action)."""
        live = self.live
        if len(paths) != len(live.pieces) and (released or len(paths) > len(live.pieces)):
            raise IllegalMove("a live placement needs one path per piece it places")
        for index in range(self.released, len(paths)):
            self.settle()  # the piece before, let go when its stream ended, settles first
            if index == len(self.driven):
                self.driven.append(DrivenPath())
            self._drive(paths[index], self.driven[index])
            if index < len(paths) - 1 or released:
                self._let_go(self.driven[index])
            if index < len(paths) - 1:
                self.settle()

    def settle(self, chunks: int | None = None) -> bool:
        return settle_in_looks(self.live, chunks, SETTLING)

    def _drive(self, path: list[Segment], done: DrivenPath) -> None:
        live = self.live
        for new, (_, x, y, angle, mirrored), steps in done.fresh(path):
            if new:
                if live.stage != HOLDING:
                    raise IllegalMove("the path goes on after the piece slipped out of the hand")
                if bool(mirrored) != live.mirrored:
                    problem = live.flip()
                    if problem:
                        raise IllegalMove(problem)
            if steps > 0 and live.stage == HOLDING:  # (a slip ends the row's drive)
                live.drive(x, y, angle, steps)

    def _let_go(self, done: DrivenPath) -> None:
        if self.live.stage == HOLDING:
            self.live.release()
        done.closed = True
        self.released += 1


def _key(placement: Placement) -> tuple[Any, ...]:
    """What makes a live placement this placement, its paths aside."""
    jolt = (round(placement.release_vx, 3), round(placement.release_vy, 3))
    tremor = None if placement.tremor is None else tuple(placement.tremor)
    return placement.block, placement.cube, jolt, tremor


def _paths(placement: Placement) -> list[list[Segment]]:
    return [p for p in (placement.path, placement.cube_path) if p is not None]


def run_recorded(
    match: LotsTable, placement: Placement, ahead: RecordedRun | None = None
) -> PlacementOutcome:
    """Replay a live placement from its recorded paths (LotsMatch.place calls this),
    going on from ``ahead`` when the paths were run ahead of it."""
    run = ahead or RecordedRun(match, placement)
    run.feed_paths(_paths(placement), released=True)
    run.settle()
    assert run.live.outcome is not None
    return run.live.outcome
