"""The simulated hand: a kinematic body carrying a piece along a scripted path.

The piece hangs from the hand through a pivot joint (position) and a gear joint (angle),
both with force limits, so a piece that bumps the tower is pushed back and pushes the
tower in turn: a careless path (too low, too fast) knocks pieces off. A grip that yields
(``HandSettings.slip``, docs/physics.md "The grip") lets go of a piece pushed out of the
fingers, so a sweep knocks pieces off instead of shoving the tower along.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pymunk

from simulator.motor.tremor import Tremor
from simulator.physics.hand_settings import HandSettings
from simulator.physics.seating import caught_side, turned_in_grip
from simulator.physics.world import Entry, World

# |normal.y| above which a contact carries the piece (cos 45 degrees).
SUPPORT_NORMAL = 0.7
# Fraction of the lowering speed under which a touching piece counts as stopped.
STOPPED = 0.25
# Fraction of a joint's error left after one second (see Hand.grab).
GRIP_ERROR_BIAS = 1e-8
# Steadying before the descent: how close the piece must hang (cm, radians), how long.
STEADY_POSITION = 0.005
STEADY_ANGLE = 0.001
STEADY_CAP = 0.5
# Letting a caught piece down (see Hand.reseat): lift it clear of the corner it rests on,
# move it this far off it, lower it again (cm); at most MAX_RESEATS times. A corner
# catches from about 0.03 cm of overlap (docs/bots.md, what the physics allows).
RESEAT_LIFT = 0.2
RESEAT_STEP = 0.05
MAX_RESEATS = 9
# A piece turned in the grip (seating.TURNED) is lifted until it hangs within this many
# degrees of the hand's angle before it is moved off the corner.
LEVEL = 0.5
# The hand's per-step reads and writes call Chipmunk's accessors directly, the very
# functions pymunk's Body properties wrap: the same values, without a Python property,
# a Vec2d and __setattr__ each time (together as much as a resting tower's step).
_cp = pymunk._chipmunk.lib
_GET_POSITION = _cp.cpBodyGetPosition
_GET_ANGLE = _cp.cpBodyGetAngle
_SET_VELOCITY = _cp.cpBodySetVelocity
_GET_VELOCITY = _cp.cpBodyGetVelocity
_SET_SPIN = _cp.cpBodySetAngularVelocity


@dataclass(frozen=True)
class HandPath:
    """Where the piece goes: above ``x`` at a safe height, turned to ``angle`` (degrees,
    counter-clockwise), then lowered at ``lower_speed`` until it touches something.

    ``travel_height`` overrides the safe height (a careless path flies too low), and
    ``descend_to`` the height where slow lowering starts (None: just above what is below).
    ``rest_y`` is where the piece's lowest point should come to rest; a hand with
    ``reseats`` feels a piece caught above it and lets it down up to that many times.

    ``rehearsal`` skips the trip through free air: the piece starts hanging still above
    ``x`` at the travel height, turned, where the trip and the steadying leave it. It
    lands within about 1.6 mm of where the whole path puts it, which is close enough
    for a computer player's rehearsal of a move (docs/physics.md, "Resting") and not
    for the move itself.

    Hand model 2 (docs/physics.md, "The hand model"): ``travel_speed`` is the speed the
    hand carries the piece across at (None: the settings'); with it, the hand lowers the
    piece all the way from its travel height at ``lower_speed`` (the lowering is one
    aimed movement), with no quick descent first. ``tremor`` is added to the hand's
    target at every step from the grab to the release (None: a steady hand).
    """

    x: float
    angle: float = 0.0
    lower_speed: float | None = None
    travel_height: float | None = None
    descend_to: float | None = None
    rest_y: float | None = None
    reseats: int = 0
    rehearsal: bool = False
    travel_speed: float | None = None
    tremor: Tremor | None = None


@dataclass(frozen=True)
class HandReport:
    contact: bool  # the piece touched something before release
    released_at: float  # simulated time
    steps: int
    dropped: bool = False  # the piece slipped out of the fingers before the path's end


class Hand:
    """Carries one piece at a time; ``carry`` runs the path and releases the piece."""

    def __init__(self, world: World, settings: HandSettings | None = None) -> None:
        self.world = world
        self.settings = settings or world.hand_settings  # the world's, unless given
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self._joints: list[pymunk.Constraint] = []
        self.held: Entry | None = None
        self.dropped = False  # the last piece grabbed slipped out of the fingers
        self.slid = 0.0  # cm the fingers have slid along the held piece
        self._offset = (0.0, 0.0)  # the held piece's offset from the hand at the last step
        # The tremor of the piece held now (HandPath.tremor) and the world time it was
        # grabbed at: the tremor's clock starts with the grab.
        self.tremor: Tremor | None = None
        self._grabbed_at = 0.0

    # -- gripping ---------------------------------------------------------------------

    def grab(self, body_id: str) -> None:
        entry = self.world.entry(body_id)
        body = entry.body
        weight = body.mass * self.world.profile.gravity
        radius = entry.radius
        self.body.position = body.position
        self.body.angle = body.angle
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
        pivot = pymunk.PivotJoint(self.body, body, (0.0, 0.0), (0.0, 0.0))
        pivot.max_force = self.settings.grip_force * weight
        pivot.max_bias = self.settings.grip_speed
        # A firm grip: close position errors with a ~0.05 s time constant (pymunk's
        # default, ~0.16 s, leaves the piece trailing the hand long after it stops).
        pivot.error_bias = GRIP_ERROR_BIAS
        gear = pymunk.GearJoint(self.body, body, 0.0, 1.0)
        gear.max_force = self.settings.grip_torque * weight * radius
        gear.max_bias = math.radians(self.settings.turn_speed)
        gear.error_bias = GRIP_ERROR_BIAS
        self._joints = [pivot, gear]
        if self.body.space is None:
            self.world.space.add(self.body)
        self.world.space.add(*self._joints)
        self.held = entry
        if self.world.profile.resting.group_sleep:
            self.world.rest_others(entry)
        self.dropped = False
        self.slid = 0.0
        self._offset = (0.0, 0.0)
        self.tremor = None
        self._grabbed_at = self.world.time

    def release(self) -> None:
        if self._joints:
            self.world.space.remove(*self._joints)
        self._joints = []
        self.held = None
        self.tremor = None
        if self.body.space is not None:
            self.world.space.remove(self.body)

    # -- moving -----------------------------------------------------------------------

    def carry(self, path: HandPath, *, on_step: Callable[[], None] | None = None) -> HandReport:
        """Run the whole path for the held piece and release it."""
        if self.held is None:
            raise RuntimeError("the hand holds nothing")
        s = self.settings
        held = self.held
        turn = math.radians(path.angle)
        self.tremor = path.tremor
        across = path.travel_speed or s.travel_speed
        x0, y0 = self.body.position
        # Travel height: as asked (a careless path may fly low), else clear of everything.
        travel_y = path.travel_height
        if travel_y is None:
            travel_y = max(self._safe_height(), y0)
        if path.rehearsal and travel_y >= self._safe_height():
            self._hang_at(path.x, travel_y, turn)
        else:
            legs = [
                (x0, travel_y, self.body.angle),
                (path.x, travel_y, self.body.angle),
                (path.x, travel_y, turn),
            ]
            for x, y, angle in legs:
                self.move_to(x, y, angle, across, on_step, stop_on_contact=False)
            if self.dropped:  # knocked out of the fingers on the way: nothing to lower
                return self._report(False)
            self.steady(on_step)
        # Descend quickly to just above what lies below, then lower slowly until stopped.
        approach = path.descend_to
        if path.travel_speed is not None:
            approach = math.inf  # model 2: one lowering, all the way at lower_speed
        elif approach is None:
            approach = self._approach_height(held, turn)
        approach = min(approach, self._nominal()[1])
        contact = self.move_to(path.x, approach, turn, across, on_step, stop_on_contact=True)
        if not contact:
            contact = self.move_to(
                path.x,
                self.world.play_area[1],
                turn,
                path.lower_speed or s.lower_speed,
                on_step,
                stop_on_contact=True,
            )
        if contact and path.rest_y is not None:
            for _ in range(path.reseats):
                if self.dropped:
                    break
                if not self.reseat(path.rest_y, path.lower_speed or s.lower_speed, on_step):
                    break
        return self._report(contact)

    def _hang_at(self, x: float, y: float, angle: float) -> None:
        """Put the hand at (x, y, angle radians) with its piece hanging still from it, as
        the trip through free air and the steadying leave them (a rehearsal's path)."""
        held = self.held
        assert held is not None
        if self.tremor is not None:
            ox, oy = self._shake(self.world.time)
            x, y = x + ox, y + oy
        for body in (self.body, held.body):
            body.position = (x, y)
            body.angle = angle
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
        self._offset = (0.0, 0.0)

    def _report(self, contact: bool) -> HandReport:
        """The path's report; lets go of the piece if the hand still holds it."""
        report = HandReport(contact, self.world.time, self.world.steps, self.dropped)
        self.release()
        return report

    def reseat(
        self, rest_y: float, speed: float, on_step: Callable[[], None] | None = None
    ) -> bool:
        """If the held piece rests caught on a corner above ``rest_y``, lift it, move it
        RESEAT_STEP off the corner and lower it again, as a careful hand that feels the
        piece sit wrong does; returns whether it moved the piece."""
        held = self.held
        assert held is not None
        others = (poly for e in self.world.entries if e is not held for poly in e.world_polygons())
        centre = held.body.local_to_world(held.body.center_of_gravity).x
        turned = held.body.angle - self.body.angle
        side = caught_side(held.world_polygons(), others, centre, rest_y, turned)
        if not side:
            return False
        x, y = self._nominal()
        angle = self.body.angle
        if turned_in_grip(turned):
            y = self._untip(y, speed, on_step)
        x_to = x + side * RESEAT_STEP
        self.move_to(self._nominal()[0], y + RESEAT_LIFT, angle, speed, on_step)
        self.move_to(x_to, y + RESEAT_LIFT, angle, speed, on_step)
        self.move_to(x_to, self.world.play_area[1], angle, speed, on_step, stop_on_contact=True)
        return True

    def _untip(self, y: float, speed: float, on_step: Callable[[], None] | None) -> float:
        """Lift a piece turned in the grip until it hangs at the hand's angle again (its
        raised end still on the corner), at most the piece's radius; returns the height.
        The hand first goes over the piece, which the turn carried off its grip: pulled
        back while its end bears on the corner, it would drag the neighbour along."""
        held = self.held
        assert held is not None
        angle = self.body.angle
        x = held.body.position.x
        self.move_to(x, y, angle, speed, on_step)
        for _ in range(math.ceil(held.radius / RESEAT_LIFT)):
            if abs(held.body.angle - angle) <= math.radians(LEVEL):
                break
            y += RESEAT_LIFT
            self.move_to(x, y, angle, speed, on_step)
        return y

    def move_to(
        self,
        x: float,
        y: float,
        angle: float,
        speed: float,
        on_step: Callable[[], None] | None = None,
        *,
        stop_on_contact: bool = False,
    ) -> bool:
        """Drive the kinematic hand in a straight line to (x, y, angle radians) at ``speed``;
        with ``stop_on_contact``, stop as soon as the held piece is stopped on something
        and return True. Other motions (a drop, a pull) are built from this."""
        world, body, dt = self.world, self.body, self.world.profile.dt
        if self.held is None:  # the piece slipped out of the fingers: the path is over
            return False
        if self.tremor is not None:
            return self._move_trembling(x, y, angle, speed, on_step, stop_on_contact)
        turn = math.radians(self.settings.turn_speed)
        max_steps = int(
            2
            + (
                math.hypot(x - body.position.x, y - body.position.y) / speed
                + abs(angle - body.angle) / turn
            )
            / dt
            * 1.5
        )
        # The hand's position is read once a step: after the step, for the grip and for
        # the next step.
        cp_body = body._body
        at = _GET_POSITION(cp_body)
        bx, by = at.x, at.y
        for _ in range(max_steps):
            dx, dy = x - bx, y - by
            da = angle - _GET_ANGLE(cp_body)
            distance = math.hypot(dx, dy)
            if distance < 1e-9 and abs(da) < 1e-9:
                break
            scale = min(1.0, speed * dt / distance) if distance > 0 else 0.0
            _SET_VELOCITY(cp_body, (dx * scale / dt, dy * scale / dt))
            _SET_SPIN(cp_body, max(-turn, min(turn, da / dt)))
            world.step()
            if on_step is not None:
                on_step()
            at = _GET_POSITION(cp_body)
            bx, by = at.x, at.y
            if not self._keeps_hold(bx, by):
                break
            # Contact means the piece is carried and stopped, not a corner clipped in
            # passing: a clipped piece slides aside and keeps moving down.
            if stop_on_contact and self._stopped(speed):
                body.velocity = (0.0, 0.0)
                body.angular_velocity = 0.0
                return True
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        return False

    def _move_trembling(
        self,
        x: float,
        y: float,
        angle: float,
        speed: float,
        on_step: Callable[[], None] | None,
        stop_on_contact: bool,
    ) -> bool:
        """``move_to`` for a trembling hand: its nominal point moves as a steady hand's
        would, and the hand itself is driven each step onto that point plus the tremor's
        offset at the step's end, so the piece wobbles all the way."""
        world, body, dt = self.world, self.body, self.world.profile.dt
        turn = math.radians(self.settings.turn_speed)
        nx, ny = self._nominal()
        max_steps = int(
            2 + (math.hypot(x - nx, y - ny) / speed + abs(angle - body.angle) / turn) / dt * 1.5
        )
        # The hot loop of every trembling placement: ``_drive_onto`` and the body's
        # properties written out with pymunk's C calls, the same floats in the same order.
        cp_body, tremor, grabbed, profile = body._body, self.tremor, self._grabbed_at, world.profile
        assert tremor is not None
        for _ in range(max_steps):
            dx, dy = x - nx, y - ny
            da = angle - _GET_ANGLE(cp_body)
            distance = math.hypot(dx, dy)
            if distance < 1e-9 and abs(da) < 1e-9:
                break
            scale = min(1.0, speed * dt / distance) if distance > 0 else 0.0
            nx, ny = nx + dx * scale, ny + dy * scale
            ox, oy = tremor.at(world.steps * dt + profile.dt - grabbed)
            at = _GET_POSITION(cp_body)
            _SET_VELOCITY(cp_body, ((nx + ox - at.x) / dt, (ny + oy - at.y) / dt))
            _SET_SPIN(cp_body, max(-turn, min(turn, da / dt)))
            world.step()
            if on_step is not None:
                on_step()
            at = _GET_POSITION(cp_body)
            if not self._keeps_hold(at.x, at.y):
                break
            if stop_on_contact and self._stopped(speed):
                body.velocity = (0.0, 0.0)
                body.angular_velocity = 0.0
                return True
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        return False

    def _drive_onto(self, nx: float, ny: float) -> None:
        """Set the hand's velocity so the next step ends it at (nx, ny) plus the tremor's
        offset at the step's end."""
        ox, oy = self._shake(self.world.time + self.world.profile.dt)
        bx, by = self.body.position
        dt = self.world.profile.dt
        self.body.velocity = ((nx + ox - bx) / dt, (ny + oy - by) / dt)

    def _shake(self, time: float) -> tuple[float, float]:
        """The tremor's offset (cm) at world ``time``; none for a steady hand."""
        if self.tremor is None:
            return 0.0, 0.0
        return self.tremor.at(time - self._grabbed_at)

    def _nominal(self) -> tuple[float, float]:
        """Where the hand means to be: its position less the tremor's offset now."""
        bx, by = self.body.position
        if self.tremor is None:
            return bx, by
        ox, oy = self._shake(self.world.time)
        return bx - ox, by - oy

    def drive_towards(self, x: float, y: float, angle: float, speed: float) -> bool:
        """One fixed step of the hand towards (x, y, angle radians) at most ``speed`` cm/s,
        as the app's mouse drives it (a trembling hand: its nominal point moves so, the
        hand itself trembles about it); returns True when the held piece rests on
        something and is stopped (the same test ``move_to`` stops on)."""
        world, body, dt = self.world, self.body, self.world.profile.dt
        turn = math.radians(self.settings.turn_speed)
        if self.tremor is None:
            dx, dy = x - body.position.x, y - body.position.y
            distance = math.hypot(dx, dy)
            scale = min(1.0, speed * dt / distance) if distance > 0 else 0.0
            body.velocity = (dx * scale / dt, dy * scale / dt)
        else:  # the nominal point follows the mouse; the hand trembles about it
            nx, ny = self._nominal()
            dx, dy = x - nx, y - ny
            distance = math.hypot(dx, dy)
            scale = min(1.0, speed * dt / distance) if distance > 0 else 0.0
            self._drive_onto(nx + dx * scale, ny + dy * scale)
        body.angular_velocity = max(-turn, min(turn, (angle - body.angle) / dt))
        world.step()
        self._keeps_hold(*body.position)
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        return self._stopped(speed)

    def steady(self, on_step: Callable[[], None] | None = None) -> None:
        """Hold still until the piece hangs where the hand is (as a person steadies a piece
        before lowering it); at most STEADY_CAP seconds."""
        held, body, world = self.held, self.body, self.world
        if held is None:  # it slipped out of the fingers
            return
        still = self._nominal()  # a trembling hand holds still about this point
        for _ in range(int(STEADY_CAP / world.profile.dt)):
            error = (held.body.position - body.position).length
            if error < STEADY_POSITION and abs(held.body.angle - body.angle) < STEADY_ANGLE:
                break
            if self.tremor is not None:
                self._drive_onto(*still)
            world.step()
            if on_step is not None:
                on_step()
            if not self._keeps_hold(*body.position):
                break
        if self.tremor is not None:
            body.velocity = (0.0, 0.0)

    def _stopped(self, speed: float) -> bool:
        """The held piece moves down slower than a quarter of ``speed`` and rests on
        something (the hand stops there)."""
        held = self.held
        return (
            held is not None
            and _GET_VELOCITY(held.body._body).y > -STOPPED * speed
            and self._touching()
        )

    def _keeps_hold(self, hand_x: float, hand_y: float) -> bool:
        """After a step, the hand at (``hand_x``, ``hand_y``): whether it still holds its
        piece. While something the piece touches holds it more than the pads' ``give``
        away from the fingers, the fingers slide along it; once they have slid ``slip``
        cm, they have slid off it and the hand has let go (docs/physics.md, "The grip").
        Only while it touches something: the scripted hand starts and stops at once, so
        a free piece trails it for a moment, as no real arm would make it."""
        held = self.held
        if held is None:
            return False
        s = self.settings
        if math.isinf(s.slip):
            return True
        # Vec2d arithmetic in plain floats, term for term as pymunk computes it.
        at = _GET_POSITION(held.body._body)
        ox, oy = at.x - hand_x, at.y - hand_y
        last = self._offset
        self._offset = (ox, oy)
        if math.sqrt(ox**2 + oy**2) <= s.give:
            return True
        touching: list[pymunk.Arbiter] = []
        held.body.each_arbiter(touching.append)
        if not touching:
            return True
        self.slid += math.sqrt((ox - last[0]) ** 2 + (oy - last[1]) ** 2)
        if self.slid <= s.slip:
            return True
        self.release()
        self.dropped = True
        return False

    def _touching(self) -> bool:
        """True when the piece rests on something: a contact whose normal is mostly
        vertical. Scraping a neighbour's side while sliding into a slot does not count."""
        assert self.held is not None
        found = []

        def look(arbiter: pymunk.Arbiter) -> None:
            if abs(arbiter.normal.y) > SUPPORT_NORMAL:
                found.append(arbiter)

        self.held.body.each_arbiter(look)
        return bool(found)

    def _safe_height(self) -> float:
        """Hand height at which the held piece clears every other body."""
        held = self.held
        assert held is not None
        tops = [s.bb.top for e in self.world.entries if e is not held for s in e.shapes]
        # The radius bounds the piece below its centre at any angle it may turn to.
        return max(tops, default=0.0) + held.radius + self.settings.safe_clearance

    def _approach_height(self, held: Entry, angle: float) -> float:
        """Hand height that leaves the turned piece ``approach_clearance`` above what lies
        under it."""
        c, s = math.cos(angle), math.sin(angle)
        points = [
            (c * px - s * py, s * px + c * py) for poly in held.local_polygons for px, py in poly
        ]
        # Widened by the clearance: a neighbour flush with the slot still counts as below,
        # since the carried piece lags the hand and may clip its corner.
        margin = self.settings.approach_clearance
        left = self.body.position.x + min(p[0] for p in points) - margin
        right = self.body.position.x + max(p[0] for p in points) + margin
        bottom = min(p[1] for p in points)
        tops = [
            shape.bb.top
            for entry in self.world.entries
            if entry is not held
            for shape in entry.shapes
            if shape.bb.right > left and shape.bb.left < right
        ]
        ground = max(tops, default=self.world.play_area[1])
        return ground - bottom + self.settings.approach_clearance
