"""A LOTS match: the rules state bound to a physics world.

A placement names the block, the column its turned bounding box starts at, its quarter
turns and flip (and optionally a purple cube). The match checks it against the rules on
the predicted landing cells, then has the hand carry each piece there, lets the tower
settle, and hands the rules what the physics decided: what fell, which cells each piece
fills (nearest grid cells) and which pieces touch along an edge.

A game is its options, its seed and its action log: a refused move changes nothing,
and if the rules refuse what the physics produced, the world is rebuilt from the log.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from rules.engine import GameOptions
from rules.errors import IllegalMove
from rules.lots import (
    LotsOptions,
    LotsState,
    PlacementOutcome,
    apply_move,
    check_candidate,
    new_game,
    spec_of,
)
from rules.lots.engine import ENGINE, lots_options
from rules.pieces import transform_cells
from simulator.games.lots.landing import landing, occupied
from simulator.games.lots.live import RecordedRun, run_recorded
from simulator.games.lots.placement import PICKUP_ABOVE, PICKUP_LEFT, Placement
from simulator.games.lots.verdicts import conclude, placement_monitor
from simulator.games.match import PhysicalMatch, Verdict
from simulator.motor.placing import tremor_of
from simulator.physics.geometry import centroid_offset, piece_polygons
from simulator.physics.grid import Grid
from simulator.physics.hand import HandPath
from simulator.physics.lot import Lot, build_lot
from simulator.physics.monitor import Monitor
from simulator.physics.profile import PhysicsProfile
from simulator.physics.settle import Settler, settle
from simulator.physics.world import Pose

if TYPE_CHECKING:
    from simulator.games.runner import GameScenario


class PlannedDrop(NamedTuple):
    """One piece of a placement as the hand will drop it, and the lowest row of the
    cells it is planned to fill."""

    piece: str
    col: int
    turns: int
    mirror: bool
    row: int


class Fell(Exception):
    """A rehearsal stopped at the first fall of a piece in ``LotsMatch.stop_at_fall``:
    what it would have settled to decides nothing more (solo, such a fall loses the
    game, docs/bots.md "Rehearsals that stop at a fall")."""


class LotsMatch(PhysicalMatch):
    kind = "lots"
    # A rehearsal's pieces whose fall decides it: the physics stops at the first (Fell)
    # instead of letting the tower settle. None (every real placement): run to the end.
    stop_at_fall: frozenset[str] | None = None

    def __init__(self, options: LotsOptions, profile: PhysicsProfile | None = None) -> None:
        options.check()
        self.options = options
        super().__init__(profile)

    def _reset(self) -> None:
        self._state: LotsState = new_game(self.options)
        world = self._new_world()
        cell = spec_of("red-1").cell_size
        self.lot: Lot = build_lot(world, self._state.footprint_spec(), cell)
        # Loose snapping: the rules need cells for every piece on the tower, so a tilted
        # piece counts in its nearest cells (see docs/rules-lots.md).
        self.rules_grid = Grid(self.lot.grid.origin, cell, tolerance=0.5, angle_tolerance=45.0)
        self._new_hand()

    @property
    def state(self) -> LotsState:
        return self._state

    @property
    def turn(self) -> int:
        return self._state.turn

    # -- moves --------------------------------------------------------------------------

    def _perform(self, action: dict[str, Any]) -> tuple[Verdict | None, dict[str, Any]]:
        """A placement (``place``) or a discrete move (roll, pick_supply, give_crew,
        play_crew, pass); players by name or seat."""
        if action.get("type") != "place":
            self._state = apply_move(self._state, action)
            return None, self._named(action)
        current = self._state.players[self._state.current]
        player = action.get("player")
        if player not in (current, self._state.current):
            raise IllegalMove(f"it is {current}'s placement, not {player}'s")
        placement = Placement.from_action(action)
        ahead = cast("RecordedRun | None", self._continued)  # what _start_ahead made
        outcome = self._place(placement, ahead)
        return Verdict(tuple(outcome.fallen), outcome), placement.as_action(current)

    # -- a live placement run ahead of its action (network play) --------------------------

    def _start_ahead(self, action: dict[str, Any]) -> RecordedRun:
        current = self._state.players[self._state.current]
        if action.get("type") != "place" or action.get("player") != current:
            raise IllegalMove("only the placement of the player to move runs ahead")
        placement = Placement.from_action(action)
        if placement.path is None and placement.cube_path is None:
            raise IllegalMove("only a live placement runs ahead")
        return RecordedRun(self, placement)

    def place(self, placement: Placement) -> PlacementOutcome:
        """``perform`` of a placement by the player whose placement it is."""
        player = self._state.players[self._state.current]
        verdict = self.perform(placement.as_action(player))
        assert verdict is not None
        return verdict.outcome

    def _place(self, placement: Placement, ahead: RecordedRun | None = None) -> PlacementOutcome:
        """Run one placement step; raise IllegalMove (changing nothing) if refused."""
        state = self._state
        if state.phase not in ("place", "replace"):
            raise IllegalMove(f"no placement is expected now (phase: {state.phase})")
        if placement.block is None and placement.cube is None:
            raise IllegalMove("a placement needs a block or a cube")
        if placement.path is not None or placement.cube_path is not None:
            outcome = run_recorded(self, placement, ahead)
        else:
            drops = self._planned_drops(placement)
            outcome = self._run_physics(placement, drops)
        try:
            self._state = apply_move(
                state, {"type": "place", "player": state.current, "outcome": outcome}
            )
        except IllegalMove:
            self._refused_by_rules()
            raise
        return outcome

    def _set_state(self, state: LotsState) -> None:
        self._state = state

    def _planned_drops(self, p: Placement) -> list[PlannedDrop]:
        """Each piece's drop in placing order, checked on its predicted cells."""
        drops = []
        if p.block is not None:
            drops.append((p.block, p.col, p.turns, p.mirror))
        if p.cube is not None:
            drops.append((p.cube, p.col if p.cube_col is None else p.cube_col, 0, False))
        filled = occupied(ENGINE.describe(self.state))
        width = self.lot.footprint.width
        planned: list[PlannedDrop] = []
        for piece, col, turns, mirror in drops:
            try:
                spec = spec_of(piece)
            except KeyError:
                raise IllegalMove(f"{piece!r} is not a LOTS piece") from None
            shape = transform_cells(spec.cells, turns, mirror)
            span = max(c for _, c in shape) + 1
            if not 0 <= col <= width - span:
                raise IllegalMove(
                    f"{piece} turned {turns * 90} degrees is {span} columns wide: at column "
                    f"{col} it would leave footprint {self.lot.footprint.id} (columns 0 to "
                    f"{width - 1})"
                )
            cells = landing(shape, col, filled, width)
            check_candidate(self.state, piece, cells)
            filled |= cells
            planned.append(PlannedDrop(piece, col, turns, mirror, min(r for r, _ in cells)))
        return planned

    # -- physics ------------------------------------------------------------------------

    def _run_physics(self, p: Placement, drops: list[PlannedDrop]) -> PlacementOutcome:
        started = time.perf_counter()
        world, lot = self.world, self.lot
        monitor, watch = placement_monitor(self)
        stopper = None if self.stop_at_fall is None else _Stopper(monitor, watch, self.stop_at_fall)
        if stopper is not None:
            watch = stopper

        for piece, col, turns, mirror, row in drops:
            spec = spec_of(piece)
            top = max(s.bb.top for e in world.entries for s in e.shapes)
            pose = Pose(lot.left - PICKUP_LEFT, top + PICKUP_ABOVE, 0.0)
            world.add_piece(piece, spec, pose, world.material(spec.material), mirror)
            monitor.watch_falls(piece)  # a piece knocked out of the hand falls too
            self.hand.grab(piece)
            x = self._target_x(piece, col, turns, mirror) + p.nudge
            self.hand.carry(
                HandPath(
                    x=x,
                    angle=90.0 * turns + p.angle_error,
                    lower_speed=p.lower_speed,
                    travel_height=p.travel_height,
                    rest_y=lot.grid.origin[1] + row * lot.grid.cell,
                    reseats=p.feel,
                    rehearsal=self._scratch,  # a bot's rehearsal skips the free-air trip
                    travel_speed=p.travel_speed,
                    tremor=tremor_of(p.tremor),
                ),
                on_step=watch,
            )
            if p.release_vx or p.release_vy:  # the jolt of a shaky hand letting go
                body = world.entry(piece).body
                body.velocity = (body.velocity.x + p.release_vx, body.velocity.y + p.release_vy)
            monitor.watch(piece)
            if stopper is None:
                settle(world, monitor)
            else:  # the same loop, looking for a deciding fall after each look
                settler = Settler(world, monitor)
                while settler.look() is None:
                    stopper.stop_if_fallen()
        outcome = conclude(self, p.block, p.cube, monitor)
        self.physics_ms += (time.perf_counter() - started) * 1000
        return outcome

    def _target_x(self, piece: str, col: int, turns: int, mirror: bool) -> float:
        """Where the hand takes a piece dropped at ``col`` (its x, before any nudge)."""
        spec = spec_of(piece)
        width = max(c for _, c in transform_cells(spec.cells, turns, mirror)) + 1
        offset = centroid_offset(piece_polygons(spec, mirror), 90.0 * turns)
        return self.lot.column_x(col + width / 2) + offset

    def reach(self, placement: Placement) -> tuple[float, float]:
        """How far (cm) the hand carries a placement's first piece across, from where it
        picks it up to above its target, and lowers it, from the pickup height to where it
        comes to rest (about: its planned cells' bottom plus half its height): a hand
        model 2 placement's two aimed movements (IllegalMove: a refused placement)."""
        drop = self._planned_drops(placement)[0]
        lot = self.lot
        top = max(s.bb.top for e in self.world.entries for s in e.shapes)
        x = self._target_x(drop.piece, drop.col, drop.turns, drop.mirror)
        cells = transform_cells(spec_of(drop.piece).cells, drop.turns, drop.mirror)
        rows = max(r for r, _ in cells) + 1
        rest = lot.grid.origin[1] + (drop.row + rows / 2) * lot.grid.cell
        return abs(x - (lot.left - PICKUP_LEFT)), max(0.0, top + PICKUP_ABOVE - rest)

    # -- reading ------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        state = self._state
        return {
            "players": list(state.players),
            "scores": state.score_table(),
            "winners": state.winner_names(),
            "over": state.over,
            "end_reason": state.end_reason,
            "turns": state.turn,
            "footprint": state.footprint,
            "mode": state.mode,
        }

    def state_hash(self) -> str:
        return self.world.state_hash(extra=self.state.digest().encode())

    @property
    def seed(self) -> int:
        return self.options.seed

    def setup_table(self) -> dict[str, Any]:
        """Players, footprint and the first player by name (its seat in the options)."""
        options = self.options
        start = options.start_player
        return {
            "players": list(options.players),
            "footprint": options.footprint,
            "start_player": options.players[start] if start is not None else None,
        }

    def _named(self, move: dict[str, Any]) -> dict[str, Any]:
        """The move with seat numbers replaced by names, as a scenario file holds it."""
        named = dict(move)
        for key in ("player", "target"):
            if isinstance(named.get(key), int) and not isinstance(named.get(key), bool):
                named[key] = self.state.players[named[key]]
        return {k: v for k, v in named.items() if v is not None}


class _Stopper:
    """The per-step hook of a rehearsal that stops at a fall of one of ``pieces``: the
    placement's hook, then Fell once the monitor has judged such a fall (the monitor's
    events only grow, and a judged fall stays a fall)."""

    def __init__(self, monitor: Monitor, watch: Callable[[], None], pieces: frozenset[str]):
        self.monitor, self.watch, self.pieces = monitor, watch, pieces
        self.seen = 0  # events looked at so far

    def __call__(self) -> None:
        self.watch()
        if len(self.monitor.events) != self.seen:
            self.stop_if_fallen()

    def stop_if_fallen(self) -> None:
        events = self.monitor.events
        if len(events) == self.seen:
            return
        for event in events[self.seen :]:
            if event.type == "fell" and event.body_id in self.pieces:
                raise Fell(event.body_id)
        self.seen = len(events)


def new_match(scenario: GameScenario) -> LotsMatch:
    return LotsMatch(scenario.options, scenario.profile)


def match_for(options: GameOptions) -> LotsMatch:
    """A new match set up by the engine contract's options (the app's setups)."""
    return LotsMatch(lots_options(options))
