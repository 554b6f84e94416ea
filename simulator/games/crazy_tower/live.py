"""A Crazy Tower move driven live, one physics step at a time (the app's mouse).

The player holds a block or a floor card in the simulated hand and moves it freely, so a
careless sweep knocks the tower; or grips a block of a lower floor (diamonds box) and
pulls it out, rubbing on the cards above and below it. Every step's hand target is
recorded as run-length rows ``[steps, x, y, angle degrees]``; an action carrying that
``path`` replays the same calls in the same order, hence the same world, bit for bit.
Targets are rounded to 0.001 before use, so the file holds exactly what ran.

A solo challenge's handicap acts on a live move as on a scripted one: its noise is drawn
from the match's stream when the piece is picked up, offsets the hand's target and
jolts the piece when it is let go.
"""

from __future__ import annotations

import math
from typing import Any

from rules.crazy_tower import RemovalOutcome, covered_boxes, placement_problem, target_floor
from rules.crazy_tower import moves as rule_moves
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.names import card_name, piece_name
from rules.crazy_tower.placement import block_problem
from rules.crazy_tower.state import LAY_CARD, PLACE, REPLACE, CrazyTowerState
from rules.errors import IllegalMove
from simulator.games.actions import live_target, path_steps_left
from simulator.games.ahead import DrivenPath, settle_in_looks
from simulator.games.crazy_tower import handicap as noise
from simulator.games.crazy_tower.bodies import (
    BLOCK_FILTER,
    PULLED_FILTER,
    add_block,
    add_card,
    block_span,
    card_half_length,
    is_card,
)
from simulator.games.crazy_tower.motions import PULL_CLEARANCE
from simulator.games.crazy_tower.survey import card_coordinate, card_point, shadow
from simulator.games.crazy_tower.table import CrazyTowerTable
from simulator.games.crazy_tower.verdicts import (
    Ruling,
    block_verdict,
    card_verdict,
    kick,
    pickup,
    pull_cards,
    removal_verdict,
)
from simulator.games.live_stage import HOLDING, SETTLED, SETTLING, LiveStage
from simulator.motor.placing import tremor_of
from simulator.physics.monitor import WATCH_EVERY
from simulator.physics.settle import Settler
from simulator.physics.world import Entry

DECIMALS = 3  # targets are rounded to 0.001 cm and degree before they are used
# Degrees a block may lean from lying flat on its card (or standing on its side, in
# challenge 13) when it is let go: the rulebook says blocks are laid flat.
FLAT_TOLERANCE = 20.0
# cm a block's shadow may overlap a neighbour's before it would land on it.
LANDING_OVERLAP = 0.05
# cm a dropped floor card (challenge 20) must hang above the tower when it is let go.
DROP_CLEARANCE = 0.5

Row = list[float]  # [steps, x, y, angle degrees]


def _r(value: float) -> float:
    return round(value, DECIMALS)


class LiveMove(LiveStage):
    """One physical action under live control: ``place_block``, ``lay_card``,
    ``replace_piece`` (the piece in the hand) or ``remove_block`` (the block pulled out);
    what it holds is read through ``held`` (simulator/games/live_stage.py).

    Constructing it checks the action against the rules and changes nothing when it is
    refused (IllegalMove); otherwise the piece is in the hand (the world has changed:
    undo is a rebuild from the action log)."""

    match: CrazyTowerTable

    def __init__(self, match: CrazyTowerTable, action: dict[str, Any]) -> None:
        state = match.state
        self._begin(match)
        self.kind = str(action.get("type"))
        self.player = str(action.get("player", ""))
        if state.is_over:
            raise IllegalMove("the game is over")
        if self.player != state.current_player:
            raise IllegalMove(f"it is {state.current_player}'s turn, not {self.player}'s")
        self.piece = _piece_of(state, self.kind, action)
        self.release_jolt = (
            float(action.get("release_vx") or 0.0),
            float(action.get("release_vy") or 0.0),
        )
        # The hand's tremor while it holds the piece (hand model 2), as recorded:
        # [rms cm, Hz, half-band Hz, seed]; None: a steady hand.
        recorded = action.get("tremor")
        self.tremor = None if recorded is None else [*recorded]
        self.path: list[Row] = []
        self.verdict: Ruling | None = None
        self.after: CrazyTowerState | None = None  # the rules' new state once settled
        self.problem: str | None = None  # why the rules refuse what the physics did
        self.monitor, _ = match.fall_monitor()
        self._steps = 0
        self._settler: Settler | None = None
        self.jitter = noise.Noise()
        if self.kind == "remove_block":
            self._grip()
        else:
            self._pick_up()

    # -- what is held ---------------------------------------------------------------------

    @property
    def pulling(self) -> bool:
        return self.kind == "remove_block"

    @property
    def is_card(self) -> bool:
        return is_card(self.piece)

    @property
    def target_card(self) -> Entry:
        """The floor card the piece goes on (a block) or onto (a card: the top one)."""
        state = self.match.state
        if self.is_card:
            return self.match.world.entry(state.top_card)
        if self.pulling:
            return self.match.world.entry(state.on_card[self.piece])
        return self.match.world.entry(state.floors[target_floor(state, self.piece)])

    @property
    def covered(self) -> bool:
        """A block going back under a floor card that lies over its own card."""
        state = self.match.state
        if self.is_card or self.pulling:
            return False
        return target_floor(state, self.piece) < len(state.floors) - 1

    def _pick_up(self) -> None:
        match = self.match
        state, world, handicap = match.state, match.world, match.handicap
        if self.is_card:
            self.jitter = noise.draw(handicap, "card", match.noise)
            self.base_angle = 0.0
            entry = add_card(world, self.piece, pickup(world, card_half_length()))
        else:
            factor = 1.0
            if handicap is not None and state.phase == PLACE:
                factor = handicap.after_new_card_factor  # the dizzy first block on a new card
            self.jitter = noise.draw(handicap, "block", match.noise, factor)
            self.base_angle = handicap.block_angle_deg if handicap else 0.0
            span = block_span(self.piece, self.base_angle)
            entry = add_block(world, self.piece, pickup(world, span / 2))
            if self.covered:
                for shape in entry.shapes:  # reached in from the front, past its neighbours
                    shape.filter = PULLED_FILTER
        self.monitor.watch_falls(self.piece)
        self.hand = match.hand
        self.hand.grab(self.piece)
        self.hand.tremor = tremor_of(self.tremor)  # its clock starts with the grab

    def _grip(self) -> None:
        match = self.match
        entry = self._in_hand()
        self.cards = pull_cards(match.state, match.world, self.piece)
        self.base_angle = math.degrees(entry.pose.angle)
        for shape in entry.shapes:
            shape.filter = PULLED_FILTER
        self.hand = match.puller
        self.hand.grab(self.piece)
        self.hand.tremor = tremor_of(self.tremor)

    # -- moving -------------------------------------------------------------------------

    def drive(self, x: float, y: float, angle: float, steps: int = 1) -> bool:
        """Move the hand ``steps`` fixed steps towards (x, y) cm and ``angle`` degrees
        (counter-clockwise). True when a held piece rests on something, or when a pulled
        block came clear of its cards (it is then out of the tower and the tower settles)."""
        if self.stage != HOLDING:
            raise RuntimeError("the hand holds nothing")
        x, y, angle = (_r(v) for v in live_target(x, y, angle))
        # A hold longer than a save may record freezes the hand: the player must let go.
        steps = min(steps, path_steps_left(self.path, self.match.profile.dt))
        tx, turn = x + self.jitter.dx, math.radians(angle + self.jitter.angle)
        speed = self.hand.settings.travel_speed
        resting = False
        ran = 0
        for _ in range(steps):
            resting = self.hand.drive_towards(tx, y, turn, speed)
            ran += 1
            self._steps += 1
            if self._steps % WATCH_EVERY == 0:
                self.monitor.check()
            if self.pulling and self.pulled_clear():
                self._record(ran, x, y, angle)
                self._take_out()
                return True
            if self.hand.dropped:  # it slipped out of the fingers: the path ends here
                self._record(ran, x, y, angle)
                self._let_go((0.0, 0.0))
                return False
        self._record(ran, x, y, angle)
        return resting and not self.pulling

    def _record(self, steps: int, x: float, y: float, angle: float) -> None:
        if not steps:
            return
        if self.path and self.path[-1][1:] == [x, y, angle]:
            self.path[-1][0] += steps
        else:
            self.path.append([steps, x, y, angle])

    def pulled_clear(self) -> bool:
        """The pulled block lies wholly beyond both cards' ends (by PULL_CLEARANCE)."""
        xs = [x for poly in self._in_hand().world_polygons() for x, _ in poly]
        left = min(s.bb.left for card in self.cards for s in card.shapes)
        right = max(s.bb.right for card in self.cards for s in card.shapes)
        return min(xs) >= right + PULL_CLEARANCE or max(xs) <= left - PULL_CLEARANCE

    def _take_out(self) -> None:
        self.hand.release()
        self.match.world.remove(self.piece)
        self._begin_settling()

    # -- letting go -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The held piece as players name it (``the red 2-cube block``)."""
        return piece_name(self.piece)

    def release_problem(self) -> str | None:
        """Why the piece may not be let go here (the rules or the rulebook), or None."""
        if self.stage != HOLDING:
            return "the hand holds nothing"
        if self.pulling:
            return f"pull {self.name} out sideways, clear of the floor cards, first"
        if self.is_card:
            return self._card_problem()
        return self._block_problem()

    def _block_problem(self) -> str | None:
        state = self.match.state
        card = self.target_card
        held = self._in_hand()
        lean = math.degrees(held.pose.angle - card.pose.angle) - self.base_angle
        lean = (lean + 90.0) % 180.0 - 90.0
        if abs(lean) > FLAT_TOLERANCE:
            if self.base_angle:
                return f"challenge {state.challenge}: blocks stand on their side"
            return "blocks must be laid flat"
        if _height_over(card, held.pose.x, held.pose.y) <= 0:
            return f"hold {self.name} above {card_name(card.id)}"
        if self.covered:
            upper = state.floors[state.floors.index(card.id) + 1]
            if _height_over(self.match.world.entry(upper), held.pose.x, held.pose.y) >= 0:
                return f"slide {self.name} in under {card_name(upper)}, onto {card_name(card.id)}"
        left, right = shadow(held, card)
        boxes = covered_boxes(left, right)
        if not boxes:
            return f"{self.name} would miss {card_name(card.id)}: bring it over the card"
        under = self._block_under(left, right)
        if under is not None:
            return f"{self.name} would land on {piece_name(under)}, not on {card_name(card.id)}"
        floor = target_floor(state, self.piece)
        return placement_problem(state, self.piece, boxes, floor)

    def _block_under(self, left: float, right: float) -> str | None:
        """A block on the target card that the held block's shadow overlaps."""
        state, world = self.match.state, self.match.world
        card = self.target_card
        for block in state.blocks_on(card.id):
            if block == self.piece or block not in world:
                continue
            a, b = shadow(world.entry(block), card)
            if min(right, b) - max(left, a) > LANDING_OVERLAP:
                return block
        return None

    def _card_problem(self) -> str | None:
        top = self.target_card
        held = self._in_hand()
        if abs(held.pose.x - top.pose.x) >= 2 * card_half_length():
            return f"{self.name} would miss the tower: bring it over {card_name(top.id)}"
        if _height_over(top, held.pose.x, held.pose.y) <= 0:
            return f"hold {self.name} above the tower"
        handicap = self.match.handicap
        if handicap is not None and handicap.card_drop_height_cm > 0:
            landing = self.landing()
            if landing is not None and held.pose.y - landing[1] < DROP_CLEARANCE:
                return (
                    f"challenge {self.match.state.challenge}: drop the floor card: let it go "
                    "above the tower, not resting on it"
                )
        return None

    def release(self) -> str | None:
        """Let go of the held piece; the reason instead when it may not go here."""
        problem = self.release_problem()
        if problem:
            return problem
        jolt = self.jitter.release
        self._let_go((jolt[0] + self.release_jolt[0], jolt[1] + self.release_jolt[1]))
        return None

    @property
    def dropped(self) -> bool:
        """The piece slipped out of the fingers (a careless sweep) instead of being let
        go: it settles wherever it falls (docs/physics.md, "The grip")."""
        return self.hand.dropped and self.stage != HOLDING

    def _let_go(self, jolt: tuple[float, float]) -> None:
        entry = self._in_hand()
        self.hand.release()
        if not self.is_card:
            for shape in entry.shapes:
                shape.filter = BLOCK_FILTER
        kick(entry, jolt)
        self.monitor.watch(self.piece)
        self._begin_settling()

    def landing(self) -> tuple[float, float, float] | None:
        """Where the held piece would rest if lowered straight down now: (x, y, angle
        radians), on its target card and the blocks on it (the ghost); None when pulling."""
        if self.stage != HOLDING or self.pulling:
            return None
        state, world = self.match.state, self.match.world
        held, card = self._in_hand(), self.target_card
        pose = held.pose
        points = [p for poly in held.world_polygons() for p in poly]
        left, right = min(x for x, _ in points), max(x for x, _ in points)
        bottom = min(y for _, y in points) - pose.y
        under = [card] + [world.entry(b) for b in state.blocks_on(card.id) if b in world]
        tops = [
            s.bb.top
            for entry in under
            if entry is not held
            for s in entry.shapes
            if s.bb.right > left and s.bb.left < right
        ]
        if not tops:
            return None
        u = min(max(card_coordinate(card, pose.x, pose.y), 0.0), 2 * card_half_length())
        surface = card_point(card, u)[1]
        return pose.x, max(max(tops), surface) - bottom, pose.angle

    # -- settling -----------------------------------------------------------------------

    def _begin_settling(self) -> None:
        self.stage = SETTLING
        self._settler = Settler(self.match.world, self.monitor)

    def settle_chunk(self) -> bool:
        """One look of the settle loop (as simulator.physics.settle.settle does it); True
        once the tower has settled and the verdict is in (``after`` or ``problem``)."""
        if self.stage != SETTLING:
            return self.stage == SETTLED
        assert self._settler is not None
        if self._settler.look() is None:
            return False
        self.stage = SETTLED
        self._judge()
        return True

    def _judge(self) -> None:
        state, world = self.match.state, self.match.world
        replacement = self.kind == "replace_piece"
        try:
            if self.pulling:
                self.verdict = removal_verdict(state, world, self.piece, self.monitor)
            elif self.is_card:
                self.verdict = card_verdict(
                    state, world, self.piece, self.monitor, replacement=replacement
                )
            else:
                self.verdict = block_verdict(
                    state, world, self.piece, self.monitor, replacement=replacement
                )
            self.after = self.verdict.rule()
        except IllegalMove as exc:
            self.problem = exc.reason

    # -- recording ----------------------------------------------------------------------

    def action(self) -> dict[str, Any]:
        """The scenario action that replays this move."""
        out: dict[str, Any] = {"type": self.kind, "player": self.player}
        if self.kind in ("place_block", "remove_block"):
            out["block"] = self.piece
        elif self.kind == "replace_piece":
            out["piece"] = self.piece
        out["path"] = [list(row) for row in self.path]
        vx, vy = self.release_jolt
        if vx or vy:
            out["release_vx"], out["release_vy"] = vx, vy
        if self.tremor is not None:
            out["tremor"] = list(self.tremor)
        return out


def _piece_of(state: CrazyTowerState, kind: str, action: dict[str, Any]) -> str:
    """The piece a live action moves, once the rules allow the action at all."""
    if kind == "place_block":
        block = str(action.get("block", ""))
        if block in state.down:
            raise IllegalMove(f"{block} fell: put it back with replace_piece")
        problem = block_problem(state, block)
        if problem:
            raise IllegalMove(problem)
        return block
    if kind == "lay_card":
        if state.phase != LAY_CARD or state.revealed is None:
            raise IllegalMove(f"{state.current_player} has no revealed floor card to lay")
        return state.revealed
    if kind == "replace_piece":
        piece = str(action.get("piece", ""))
        if state.phase != REPLACE or piece not in state.down:
            raise IllegalMove(f"{piece} is not waiting to be put back")
        problem = block_problem(state, piece) if is_block(piece) else None
        if problem:
            raise IllegalMove(problem)
        return piece
    if kind == "remove_block":
        block = str(action.get("block", ""))
        # the rules refuse a block that may not be pulled before the hand grips it
        rule_moves.remove_block(state, state.current_player, RemovalOutcome(block))
        return block
    raise IllegalMove(f"a {kind} action is not a move of the hand")


def _height_over(card: Entry, x: float, y: float) -> float:
    """How far (x, y) lies above the card's middle plane, across the card (cm)."""
    pose = card.pose
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    return -(x - pose.x) * s + (y - pose.y) * c


class RecordedMove:
    """A live move replayed from its recorded path as far as it goes: all at once
    (``run_recorded``) or ahead of its final action, as a network game streams it
    (simulator/games/ahead.py, an AheadRun)."""

    def __init__(self, match: CrazyTowerTable, action: dict[str, Any]) -> None:
        self.key = _key(action)
        self.live = LiveMove(match, action)  # refuses before anything moves
        self.driven = DrivenPath()

    def continues(self, action: dict[str, Any]) -> bool:
        return _key(action) == self.key and self.driven.continues(action["path"])

    def feed(self, action: dict[str, Any], *, released: bool) -> None:
        live = self.live
        for new, (_, x, y, angle), steps in self.driven.fresh(action["path"]):
            if new and live.stage != HOLDING:
                raise IllegalMove(f"the path goes on after {live.piece} came out")
            if steps > 0 and live.stage == HOLDING:  # (a slip or a pull ends the row)
                live.drive(x, y, angle, steps)
        if released:
            self.driven.closed = True
            if live.stage == HOLDING:
                problem = live.release()
                if problem:
                    raise IllegalMove(problem)

    def settle(self, chunks: int | None = None) -> bool:
        return settle_in_looks(self.live, chunks, SETTLING)


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    """What makes a live move this move, its path aside."""
    jolt = (float(action.get("release_vx") or 0.0), float(action.get("release_vy") or 0.0))
    piece = action.get("block", action.get("piece"))
    tremor = action.get("tremor")
    tremor = None if tremor is None else tuple(tremor)
    return action.get("type"), action.get("player"), piece, jolt, tremor


def run_recorded(
    match: CrazyTowerTable, action: dict[str, Any], ahead: RecordedMove | None = None
) -> Ruling:
    """Replay a live move from its recorded path (CrazyTowerMatch.perform calls this),
    going on from ``ahead`` when it was run ahead; IllegalMove when the rules refuse it
    (the match then rebuilds its world from the log, as for a refused scripted move)."""
    run = ahead or RecordedMove(match, action)  # refuses before anything moves
    live = run.live
    run.feed(action, released=True)
    run.settle()
    if live.problem:
        raise IllegalMove(live.problem)
    assert live.verdict is not None
    return live.verdict
