"""A Crazy Tower match: the rules state bound to a physics world.

Every move is an action dict (docs/scenarios-crazy-tower.md). A physical one (a block
placed or put back, a floor card laid or put back, a block pulled out for a diamonds
box) is checked against the rules on its planned position first, so a red box is
refused before the hand moves; then the hand carries the piece, the tower settles, and
the rules get what the physics decided: what fell (table touches, in order, then pieces
no longer resting on the tower) and, for a block, the card it rests on and the boxes
its settled shadow covers.

A game is its options, its seed and its action log: a refused action changes nothing,
and if the rules refuse what the physics produced, the world is rebuilt from the log.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from copy import deepcopy
from random import Random
from typing import Any, Protocol, cast

from rules.crazy_tower import (
    CrazyTowerState,
    RemovalOutcome,
    apply_action,
    check_placement,
    covered_boxes,
    get_challenge,
    handicap_for,
    new_game,
    report_time,
    scores,
    target_floor,
)
from rules.crazy_tower import moves as rule_moves
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.setup import DRAWN
from rules.crazy_tower.state import HIDDEN, LAY_CARD, PLACE, REPLACE, SABOTEUR
from rules.errors import IllegalMove
from simulator.games.crazy_tower import handicap as noise
from simulator.games.crazy_tower import verdicts
from simulator.games.crazy_tower.bodies import (
    BLOCK_FILTER,
    PULLED_FILTER,
    START_CARD,
    add_block,
    add_card,
    block_height,
    block_span,
    build_table,
    card_half_length,
)
from simulator.games.crazy_tower.live import RecordedMove, run_recorded
from simulator.games.crazy_tower.motions import drop, pull_out, pulling_hand
from simulator.games.crazy_tower.survey import card_coordinate, card_point
from simulator.games.crazy_tower.verdicts import Ruling
from simulator.games.match import PhysicalMatch, Verdict
from simulator.motor.placing import tremor_of
from simulator.motor.thinking import think_seconds
from simulator.physics.hand import HandPath
from simulator.physics.profile import PhysicsProfile
from simulator.physics.settle import settle

DISCRETE = ("reveal_card", "skip_removal", "exchange", "pass")
# A dexterity profile's noise, drawn when the player decides and recorded so a replay
# repeats it: degrees added to the hand's target angle, cm/s added to the piece when the
# hand lets go (the position error is in ``at`` or ``offset``); under hand model 2 also
# the hand's speed across (cm/s) and its tremor while it holds the piece.
HAND_KEYS = ("angle_error", "release_vx", "release_vy", "travel_speed", "tremor")
# A live move (the app's mouse) records its hand targets as ``path`` rows and replays them
# (live.py); its angle is in the path, its release jolt in release_vx/vy.
LIVE_KEYS = ("path",)
# The keys of each action besides type and player (docs/scenarios-crazy-tower.md).
ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "place_block": ("block", "at", "lower_speed", "travel_height", *HAND_KEYS, *LIVE_KEYS),
    "reveal_card": (),
    "lay_card": ("offset", "lower_speed", *HAND_KEYS, *LIVE_KEYS),
    "replace_piece": (
        "piece",
        "at",
        "offset",
        "lower_speed",
        "travel_height",
        *HAND_KEYS,
        *LIVE_KEYS,
    ),
    "remove_block": ("block", "side", "path"),
    "skip_removal": (),
    "exchange": ("give", "take"),
    "pass": (),
    "clock": (),
}
# Any action may carry the clock of a timed challenge as the app measured it (seconds).
CLOCK_KEY = "elapsed"
PHYSICAL = ("place_block", "lay_card", "replace_piece", "remove_block")
# Headless clock for the timed challenges: simulated seconds of the hand and the tower,
# plus this much thinking per action (house rule, docs/scenarios-crazy-tower.md): what a
# game means that records no think_seconds and a hand model 1 game's. Hand model 2 games
# think for simulator.motor.thinking.think_seconds of the blocks a player starts with
# (think_for), and record it.
THINK_SECONDS = 3.0
# cm above the target card a block flies when it is slid in under a card (replacement).
SLIDE_CLEARANCE = 0.05

# What a player of a saboteur game hosted over the network can still work out (its lobby
# says so): the saboteur and who starts are drawn apart, by the host alone.
SECRET_WORDS = (
    "The saboteur is secret: the host draws who it is and, apart from that, who starts, "
    "so the turn order gives nothing away. Only the saboteur is told until the game "
    "ends; everyone else knows just that it is one of the other players, and can go on "
    "nothing but how each of them plays."
)


class CrazyTowerMatch(PhysicalMatch):
    kind = "crazy-tower"

    def __init__(
        self,
        options: dict[str, Any],
        profile: PhysicsProfile | None = None,
        think_seconds: float | None = None,
    ) -> None:
        """``think_seconds``: the headless clock's thinking per action (None: the hand
        model's, think_for)."""
        self.options = dict(options)
        self.think_seconds = THINK_SECONDS if think_seconds is None else think_seconds
        super().__init__(profile)
        if think_seconds is None:
            self.think_seconds = think_for(self.state, self.profile.hand_model)

    def _reset(self) -> None:
        self._state: CrazyTowerState = new_game(self.options)
        build_table(self._new_world())
        self._new_hand()
        self.puller = pulling_hand(self.world)
        self.noise = noise.noise_stream(self.state.seed)
        challenge = self.state.challenge
        self.handicap = handicap_for(challenge) if challenge is not None else None
        self.time_limit = get_challenge(challenge).time_limit_s if challenge is not None else None
        self.timed = self.time_limit is not None

    # -- acting -----------------------------------------------------------------------

    @property
    def state(self) -> CrazyTowerState:
        return self._state

    def _set_state(self, state: CrazyTowerState) -> None:
        self._state = state

    @property
    def turn(self) -> int:
        return self._state.turn

    def _perform(self, action: dict[str, Any]) -> tuple[Verdict | None, dict[str, Any]]:
        """Apply one action; raise IllegalMove (changing nothing) if it is refused."""
        kind = action.get("type")
        player = action.get("player", "")
        s = self._state
        ruling: Ruling | None = None
        if s.is_over:
            raise IllegalMove("the game is over")
        if player != s.current_player:
            raise IllegalMove(f"it is {s.current_player}'s turn, not {player}'s")
        if action.get(CLOCK_KEY) is not None or kind == "clock":
            _clock(action)  # a bad reading is refused before anything moves
        if kind in DISCRETE:
            self._state = apply_action(s, action)
        elif kind == "clock":
            self._state = report_time(s, _clock(action))
        elif kind in PHYSICAL and action.get("path") is not None:
            if action.get("angle_error"):
                raise IllegalMove("a live move's path holds its angle: it takes no angle_error")

            ahead = cast("RecordedMove | None", self._continued)  # what _start_ahead made
            # A refusal half-way leaves a moved world: PhysicalMatch.perform rebuilds it.
            ruling = run_recorded(self, action, ahead)
            self._conclude(ruling)
        elif kind == "place_block":
            ruling = self._block(action, action.get("block", ""), replacement=False)
        elif kind == "replace_piece":
            piece = action.get("piece", "")
            if piece not in s.down:
                raise IllegalMove(f"{piece} is not waiting to be put back")
            if is_block(piece):
                ruling = self._block(action, piece, replacement=True)
            else:
                ruling = self._card(action, piece, replacement=True)
        elif kind == "lay_card":
            if s.phase != LAY_CARD or s.revealed is None:
                raise IllegalMove(f"{player} has no revealed floor card to lay")
            ruling = self._card(action, s.revealed, replacement=False)
        elif kind == "remove_block":
            ruling = self._remove(action)
        else:
            raise IllegalMove(f"unknown action type {kind!r}")
        return (ruling.verdict() if ruling else None), self._logged_live(action)

    def _start_ahead(self, action: dict[str, Any]) -> RecordedMove:
        if action.get("type") not in PHYSICAL or not action.get("path"):
            raise IllegalMove("only a live move runs ahead")
        if action.get("angle_error"):
            raise IllegalMove("a live move's path holds its angle: it takes no angle_error")
        return RecordedMove(self, action)

    def _logged_live(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action as the log holds it: its own keys, no empty ones."""
        keys = ("type", "player", *ACTION_KEYS[action["type"]], CLOCK_KEY)
        return {k: action[k] for k in keys if action.get(k) is not None}

    def _after(self, logged: dict[str, Any]) -> None:
        self._tick(logged)

    def _tick(self, action: dict[str, Any]) -> None:
        """Timed challenges: report the clock after every action, the app's clock when the
        action carries it, else the headless one."""
        if not self.timed or self.state.is_over:
            return
        elapsed = self.world.time + self.think_seconds * self.action_count
        if action.get(CLOCK_KEY) is not None:
            elapsed = _clock(action)
        if elapsed > self._state.elapsed:
            self._state = report_time(self._state, elapsed)

    # -- blocks -----------------------------------------------------------------------

    def _block(self, action: dict[str, Any], block: str, *, replacement: bool) -> Ruling:
        s = self.state
        if not is_block(block):
            raise IllegalMove(f"there is no block {block!r}")
        if not replacement and block in s.down:
            raise IllegalMove(f"{block} fell: put it back with replace_piece")
        if replacement and s.phase != REPLACE:
            raise IllegalMove("nothing is being put back now")
        floor = target_floor(s, block)
        card = s.floors[floor]
        angle = self.handicap.block_angle_deg if self.handicap else 0.0
        span = block_span(block, angle)
        at = float(action.get("at", card_half_length() - span / 2))
        planned = covered_boxes(at, at + span)
        if not planned:
            raise IllegalMove(
                f"at {at:g} cm {block} would miss floor card {card} "
                f"(it spans 0 to {2 * card_half_length():g} cm)"
            )
        check_placement(s, block, planned, floor)
        started = time.perf_counter()
        factor = 1.0
        if self.handicap is not None and s.phase == PLACE:
            factor = self.handicap.after_new_card_factor  # the dizzy first block on a new card
        jitter = noise.draw(self.handicap, "block", self.noise, factor)
        card_entry = self.world.entry(card)
        x, top = card_point(card_entry, at + span / 2)
        card_deg = math.degrees(card_entry.pose.angle)
        covered = floor < len(s.floors) - 1  # a card lies over it: slide the block in
        travel = top + block_height(block, angle) / 2 + SLIDE_CLEARANCE if covered else None
        path = HandPath(
            x=x + jitter.dx,
            angle=card_deg + angle + jitter.angle + _angle_error(action),
            lower_speed=action.get("lower_speed"),
            travel_height=action.get("travel_height", travel),
            rehearsal=self._scratch,  # a bot's rehearsal skips the trip through free air
            travel_speed=action.get("travel_speed"),
            tremor=tremor_of(action.get("tremor")),
        )
        monitor, watch = self.fall_monitor()
        entry = add_block(self.world, block, verdicts.pickup(self.world, span / 2))
        monitor.watch_falls(block)
        if covered:
            for shape in entry.shapes:  # reached in from the front, past its neighbours
                shape.filter = PULLED_FILTER
        self.hand.grab(block)
        self.hand.carry(path, on_step=watch)
        for shape in entry.shapes:
            shape.filter = BLOCK_FILTER
        verdicts.kick(entry, _jolt(jitter.release, action))
        monitor.watch(block)
        settle(self.world, monitor)
        try:
            ruling = verdicts.block_verdict(
                self.state, self.world, block, monitor, replacement=replacement
            )
        except IllegalMove:
            self._refused_by_rules()
            raise
        self.physics_ms += (time.perf_counter() - started) * 1000
        return self._conclude(ruling)

    # -- floor cards ------------------------------------------------------------------

    def _card(self, action: dict[str, Any], card: str, *, replacement: bool) -> Ruling:
        s = self.state
        offset = float(action.get("offset", 0.0))
        if abs(offset) >= 2 * card_half_length():
            raise IllegalMove(f"an offset of {offset:g} cm would lay {card} beside the tower")
        started = time.perf_counter()
        jitter = noise.draw(self.handicap, "card", self.noise)
        top = self.world.entry(s.top_card).pose
        x = top.x + offset + jitter.dx
        angle = math.degrees(top.angle) + jitter.angle + _angle_error(action)
        monitor, watch = self.fall_monitor()
        entry = add_card(self.world, card, verdicts.pickup(self.world, card_half_length()))
        monitor.watch_falls(card)
        self.hand.grab(card)
        height = self.handicap.card_drop_height_cm if self.handicap else 0.0
        if height > 0:
            drop(self.hand, x, angle, height, watch)
        else:
            self.hand.carry(
                HandPath(
                    x=x,
                    angle=angle,
                    lower_speed=action.get("lower_speed"),
                    rehearsal=self._scratch,
                    travel_speed=action.get("travel_speed"),
                    tremor=tremor_of(action.get("tremor")),
                ),
                on_step=watch,
            )
        verdicts.kick(entry, _jolt(jitter.release, action))
        monitor.watch(card)
        settle(self.world, monitor)
        ruling = verdicts.card_verdict(
            self.state, self.world, card, monitor, replacement=replacement
        )
        self.physics_ms += (time.perf_counter() - started) * 1000
        return self._conclude(ruling)

    # -- the hand's reach (hand model 2) ----------------------------------------------

    def reach(self, action: dict[str, Any]) -> tuple[float, float] | None:
        """How far (cm) the hand carries the piece of a placement across, from where it
        picks it up to above its target, and lowers it, from the pickup height to where
        it rests (about); None for an action the hand does not carry out."""
        s = self.state
        kind = action.get("type")
        piece = action.get("piece") if kind == "replace_piece" else action.get("block")
        if kind == "lay_card" or (kind == "replace_piece" and not is_block(str(piece))):
            top = self.world.entry(s.top_card).pose
            start = verdicts.pickup(self.world, card_half_length())
            x, y = top.x + float(action.get("offset", 0.0)), top.y
        elif kind in ("place_block", "replace_piece") and is_block(str(piece)):
            card = self.world.entry(s.floors[target_floor(s, str(piece))])
            angle = self.handicap.block_angle_deg if self.handicap else 0.0
            span = block_span(str(piece), angle)
            at = float(action.get("at", card_half_length() - span / 2))
            start = verdicts.pickup(self.world, span / 2)
            x, y = card_point(card, at + span / 2)
            y += block_height(str(piece), angle) / 2
        else:
            return None
        return abs(x - start.x), max(0.0, start.y - y)

    # -- diamonds: pulling a block out ------------------------------------------------

    def _remove(self, action: dict[str, Any]) -> Ruling:
        s = self.state
        block = action.get("block", "")
        rule_moves.remove_block(s, s.current_player, RemovalOutcome(block))  # refuses early
        side = action.get("side")
        started = time.perf_counter()
        entry = self.world.entry(block)
        card = self.world.entry(s.on_card[block])
        if side is None:  # towards the nearer end of its card
            u = card_coordinate(card, entry.pose.x, entry.pose.y)
            side = "left" if u < card_half_length() else "right"
        cards = verdicts.pull_cards(self.state, self.world, block)
        monitor, watch = self.fall_monitor()
        pull_out(self.puller, entry, -1 if side == "left" else 1, cards, watch)
        self.world.remove(block)
        settle(self.world, monitor)
        ruling = verdicts.removal_verdict(self.state, self.world, block, monitor)
        self.physics_ms += (time.perf_counter() - started) * 1000
        return self._conclude(ruling)

    # -- shared -----------------------------------------------------------------------

    def _conclude(self, ruling: Ruling) -> Ruling:
        """Hand the outcome to the rules; rebuild from the log if they refuse it."""
        try:
            self._state = ruling.rule()
        except IllegalMove:
            self._refused_by_rules()
            raise
        for piece in ruling.fallen:
            self._remove_fallen(piece)
        return ruling

    def _remove_fallen(self, piece: str) -> None:
        # Fallen pieces leave the tower (a put-back one returns anew); the start card stays.
        if piece in self.world and piece != START_CARD:
            self.world.remove(piece)

    # -- reading ----------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        state = self._state
        result = state.result or {}
        winner = result.get("winner")
        return {
            "players": list(state.players),
            "scores": scores(state),
            "winners": [winner] if isinstance(winner, str) else list(winner or []),
            "over": state.is_over,
            "end_reason": result.get("reason"),
            "turns": state.turn,
            "mode": state.mode,
            "challenge": state.challenge,
            "floors": list(state.floors),
            "detail": result.get("detail"),
        }

    def digest(self) -> str:
        data = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def state_hash(self) -> str:
        return self.world.state_hash(extra=self.digest().encode())

    @property
    def seed(self) -> int:
        return self.state.seed

    def pinned_setup(self, rng: Random) -> dict[str, Any] | None:
        """Saboteur mode: the saboteur and, apart from him, who starts, both drawn by
        ``rng`` and pinned (``starter = "drawn"``): the rulebook's seat for the first
        player, the saboteur's left, would name him to everyone who sees who starts."""
        state = self._state
        if state.mode != SABOTEUR or self.action_count or "saboteur" in self.options:
            return None
        names = state.players
        saboteur, first = rng.choice(names), rng.choice(names)
        pinned = {"saboteur": saboteur, "first_player": first, "starter": DRAWN}
        return {**self.setup_table(), **pinned}

    def setup_seen_by(self, player: str | None) -> dict[str, Any] | None:
        """Saboteur mode, until the game is over: everyone but the saboteur plays on a
        copy whose saboteur is HIDDEN (the first player pinned as this game seats him)."""
        state = self._state
        pinned = self.options.get("saboteur")
        if state.mode != SABOTEUR or state.is_over or pinned in (None, HIDDEN):
            return None
        if player == pinned:
            return None
        first = state.players[new_game(self.options).current]
        return {**self.setup_table(), "saboteur": HIDDEN, "first_player": first}

    def secrets_said(self) -> str | None:
        """Saboteur mode: what the players may know of the secret role (the lobby)."""
        if self._state.mode != SABOTEUR:
            return None
        return SECRET_WORDS

    def setup_table(self) -> dict[str, Any]:
        """The options as given (players as names or {name, colours} tables), and the
        headless clock of the timed challenges."""
        setup = {k: deepcopy(v) for k, v in self.options.items() if k != "seed"}
        return {**setup, "think_seconds": self.think_seconds}


def think_for(state: CrazyTowerState, hand_model: int) -> float:
    """A new game's thinking per action (s): THINK_SECONDS under hand model 1; under 2,
    the keystroke-level model's preparation plus Hick-Hyman's choice among the blocks
    the first player starts with (simulator.motor.thinking; a move chooses a block, and
    the blocks left to choose from shrink as it goes: the start's is the most)."""
    if hand_model < 2:
        return THINK_SECONDS
    choices = max(1, len(state.hands[state.current_player]))
    return round(think_seconds(choices), 3)


def _clock(action: dict[str, Any]) -> float:
    value = action.get(CLOCK_KEY)
    if not isinstance(value, int | float) or value < 0:
        raise IllegalMove(f"a clock reading is seconds, 0 or more, not {value!r}")
    return float(value)


def _angle_error(action: dict[str, Any]) -> float:
    return float(action.get("angle_error") or 0.0)


def _jolt(handicap: tuple[float, float], action: dict[str, Any]) -> tuple[float, float]:
    """A challenge handicap's release jolt plus the action's recorded one (a profile's)."""
    vx, vy = action.get("release_vx"), action.get("release_vy")
    if not vx and not vy:
        return handicap
    return handicap[0] + float(vx or 0.0), handicap[1] + float(vy or 0.0)


class _Setup(Protocol):
    """What ``new_match`` reads of a parsed scenario (scenario.py's CrazyTowerScenario,
    which imports this module: naming it here would close a circle)."""

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def profile(self) -> PhysicsProfile: ...

    @property
    def think_seconds(self) -> float: ...


def new_match(scenario: _Setup) -> CrazyTowerMatch:
    return CrazyTowerMatch(scenario.options, scenario.profile, scenario.think_seconds)
