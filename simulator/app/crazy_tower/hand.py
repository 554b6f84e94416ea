"""The hand of a live Crazy Tower move as a person steers it: where the mouse or the keys
aim it, its tilt, the slow lowering, the grip on a block being pulled out and this
move's dexterity error, driven a fixed step at a time. No pyglet: the turn's tests run
it without GL."""

from __future__ import annotations

from simulator.app.crazy_tower.words import named
from simulator.app.words import slipped
from simulator.games.crazy_tower.bodies import card_half_length
from simulator.games.crazy_tower.live import HOLDING, SETTLING, LiveMove
from simulator.physics.drop import landing_shape
from simulator.physics.geometry import Polygon
from simulator.physics.world import World

TILT = 5.0  # degrees a wheel notch or Q/E tilts the held piece
STEP = 2.0  # cm an arrow key moves the held piece: one cube, half a box
RESTS = "The piece rests on the tower: release it (Space or click)."
# Where a held piece would land (x, y, angle radians; None over nothing of the tower),
# and why a release there is refused (None if it is not).
Ghost = tuple[tuple[float, float, float] | None, str | None]
# The held piece dropped straight down from where it hangs: its world polygons there,
# and how far it falls (simulator.physics.drop.landing_shape).
Landed = tuple[list[Polygon], float]


class Hand:
    """Where the person wants the held piece: ``target`` (world cm) at ``angle``
    (degrees ccw); the world's hand follows at its own speed."""

    def __init__(self, dt: float) -> None:
        self.dt = dt
        self.target = (0.0, 10.0)
        self.angle = 0.0
        self.grip = (0.0, 0.0)  # a pulled block: where the mouse holds it from its centre
        self.nudge = (0.0, 0.0)  # the human hand's error on this move: cm, degrees
        self.lowering = False
        # the ghost and the held piece's landing, until the world steps
        self._ghost: tuple[LiveMove, World, int, Ghost, Landed] | None = None

    def take(self, live: LiveMove, nudge: tuple[float, float]) -> None:
        """A piece just came into the hand: aim where it is, as it lies."""
        held = live.held
        assert held is not None  # a new live move holds its piece
        pose = held.pose
        self.target, self.angle, self.grip = (pose.x, pose.y), live.base_angle, (0.0, 0.0)
        self.nudge = nudge
        self.lowering = False

    def drive(self, live: LiveMove, steps: int) -> str | None:
        """Run ``steps`` fixed steps towards the target; what to tell the player now."""
        x, y = self.target
        if self.lowering:
            y = live.hand.body.position.y - live.hand.settings.lower_speed * steps * self.dt
            self.target = (x, y)
        dx, turn = self.nudge
        done = live.drive(x + dx, y, self.angle + turn, steps)
        if live.dropped:
            return slipped(named(live.piece))
        if live.stage == SETTLING:
            return f"{named(live.piece).capitalize()} is out: the tower settles..."
        if done and self.lowering:
            self.lowering = False
            return RESTS
        return None

    def aim(self, x: float, y: float) -> None:
        """The mouse is over world point (x, y): the piece goes there, as gripped."""
        self.target = (x - self.grip[0], y - self.grip[1])
        self.lowering = False

    def tilt(self, notches: int) -> None:
        self.angle += TILT * notches

    def lift(self) -> None:
        self.target, self.lowering = (self.target[0], self.target[1] + STEP), False

    def step_sideways(self, live: LiveMove, steps: int) -> None:
        """Keyboard placement: move the target ``steps`` cubes over, with the held
        piece's left end on the cube grid of its target card (from the card's left end)."""
        held = live.held
        assert held is not None  # only a held piece steps
        card = live.target_card
        left_end = card.pose.x - card_half_length()
        left = min(x for poly in held.world_polygons() for x, _ in poly)
        offset = left - live.hand.body.position.x  # the piece's left end from the hand
        x, y = self.target
        at = round((x + offset - left_end) / STEP) + steps
        self.target, self.lowering = (left_end + at * STEP - offset, y), False

    def ghost(self, live: LiveMove | None) -> Ghost | None:
        """Where the held piece would land if lowered straight down now, and why a
        release there is refused; None unless a piece (not a pulled block) is held."""
        memo = self._memo(live)
        return None if memo is None else memo[3]

    def landed(self, live: LiveMove | None) -> Landed | None:
        """Where the held piece lands if let go now (the drawn ghost), as ``ghost``."""
        memo = self._memo(live)
        return None if memo is None else memo[4]

    def _memo(self, live: LiveMove | None) -> tuple[LiveMove, World, int, Ghost, Landed] | None:
        if live is None or live.stage != HOLDING or live.pulling:
            return None
        world = live.match.world
        memo = self._ghost
        if memo is None or memo[0] is not live or memo[1] is not world or memo[2] != world.steps:
            held = live.held
            assert held is not None  # a piece in the hand
            ghost = (live.landing(), live.release_problem())
            memo = (live, world, world.steps, ghost, landing_shape(world.entries, held))
            self._ghost = memo
        return memo

    def forget_ghost(self) -> None:
        self._ghost = None
