"""A Tiny Tower match: the rules state bound to a pymunk world where the simulated hand
lowers each box onto a wooden pedestal standing on a felt table. A box that touches
the table has fallen."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rules.engine import GameOptions
from rules.errors import IllegalMove
from simulator.games.match import PhysicalMatch, Verdict
from simulator.physics.hand import HandPath
from simulator.physics.profile import PhysicsProfile
from simulator.physics.settle import settle
from simulator.physics.world import Pose
from tests.games.tiny.engine import BOX_HEIGHT, BOXES, ENGINE, PLACE, StackOutcome, TinyState

if TYPE_CHECKING:
    from simulator.games.runner import GameScenario

TABLE_HALF_WIDTH = 60.0
PEDESTAL = (3.0, 2.0)  # half width and height, cm: a box may overhang it by 2 cm
PICKUP = (-20.0, 6.0)  # where the hand picks a box up: left of the stack, above its top


class TinyMatch(PhysicalMatch):
    kind = "tiny"

    def __init__(self, options: GameOptions, profile: PhysicsProfile | None = None) -> None:
        self.options = options
        super().__init__(profile)

    def _reset(self) -> None:
        self._state: TinyState = ENGINE.new_game(self.options)
        world = self._new_world()
        half, height = PEDESTAL
        table = [(-TABLE_HALF_WIDTH, -5.0), (TABLE_HALF_WIDTH, -5.0)]
        table += [(TABLE_HALF_WIDTH, 0.0), (-TABLE_HALF_WIDTH, 0.0)]
        world.add_static("table", [table], world.material("felt"), is_table=True)
        pedestal = [(-half, 0.0), (half, 0.0), (half, height), (-half, height)]
        world.add_static("pedestal", [pedestal], world.material("wood"))
        self._new_hand()

    @property
    def state(self) -> TinyState:
        return self._state

    @property
    def seed(self) -> int:
        return self.options.seed

    def setup_table(self) -> dict[str, Any]:
        return {"players": list(self.options.players), "target": self._state.target}

    @property
    def turn(self) -> int:
        return sum(1 for e in self._state.events if e["type"] == PLACE) + 1

    def _perform(self, action: dict[str, Any]) -> tuple[Verdict | None, dict[str, Any]]:
        if action.get("type") != PLACE:
            self._state = ENGINE.apply(self._state, action)
            return None, action
        unknown = sorted(set(action) - {"type", "player", "col"})
        if unknown:
            raise IllegalMove(f"a placement has no {', '.join(unknown)}")
        # The rules judge the move before the physics runs: a refusal changes nothing.
        ENGINE.apply(self._state, {**action, "outcome": StackOutcome()})
        outcome = self._lower(self._state.held, action["col"])
        try:
            self._state = ENGINE.apply(self._state, {**action, "outcome": outcome})
        except IllegalMove:
            self._refused_by_rules()
            raise
        return Verdict(outcome.fallen, outcome), action

    def _lower(self, box: str | None, col: int) -> StackOutcome:
        """The hand lowers ``box`` with its centre above ``col``; the boxes that fell."""
        assert box is not None
        started = time.perf_counter()
        world = self.world
        top = max(s.bb.top for e in world.entries for s in e.shapes)
        half = BOXES[box] / 2
        outline = [(-half, -BOX_HEIGHT / 2), (half, -BOX_HEIGHT / 2)]
        outline += [(half, BOX_HEIGHT / 2), (-half, BOX_HEIGHT / 2)]
        pose = Pose(PICKUP[0], top + PICKUP[1], 0.0)
        world.add_body(box, [outline], pose, world.material("wood"))
        monitor, watch = self.fall_monitor()
        monitor.watch_falls(box)
        self.hand.grab(box)
        self.hand.carry(HandPath(x=float(col)), on_step=watch)
        monitor.watch(box)
        settle(world, monitor)
        fallen = tuple(monitor.fallen)
        for piece in fallen:  # a fallen box leaves the game, and the world
            world.remove(piece)
        self.physics_ms += (time.perf_counter() - started) * 1000
        return StackOutcome(fallen)

    def _set_state(self, state: TinyState) -> None:
        self._state = state

    def summary(self) -> dict[str, Any]:
        outcome = ENGINE.outcome(self._state)
        return {
            "players": list(self._state.players),
            "scores": ENGINE.scores(self._state),
            "winners": list(outcome.winners),
            "over": outcome.over,
            "end_reason": outcome.reason,
            "turns": self.turn - 1,
            "tower": [b["box"] for b in self._state.tower],
        }

    def state_hash(self) -> str:
        return self.world.state_hash(extra=ENGINE.digest(self._state).encode())


def new_match(scenario: GameScenario) -> TinyMatch:
    return TinyMatch(scenario.options, scenario.profile)
