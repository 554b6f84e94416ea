"""Tiny Tower's rules behind the engine contract (rules/engine.py); no physics here.

Moves: ``{"type": "take", "player"}`` takes the next box from the supply into the
hand; ``{"type": "place", "player", "col", "outcome": {"fallen": [box, ...]}}`` puts it
on the stack, the outcome saying which boxes the physics let fall.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from rules.chance import Chance
from rules.engine import (
    GameOptions,
    Move,
    Outcome,
    Parameter,
    PlanCheck,
    Preview,
    preview_by_applying,
)
from rules.errors import IllegalMove
from rules.serial import digest_of, unwrap, wrap

KIND = "tiny"
MODES = ("standard",)
# Box widths in cm (all 2 cm high); the supply is shuffled by the seed.
BOXES = {"box-1": 3.0, "box-2": 3.0, "box-3": 4.0, "box-4": 4.0, "box-5": 5.0, "box-6": 5.0}
BOX_HEIGHT = 2.0
COLS = (-2, -1, 0, 1, 2)  # where a box's centre goes, cm off the pedestal's centre
TARGET = 3
MAX_PLAYERS = 4
PARAMETERS = (
    Parameter(
        "target", int, TARGET, "how many boxes must stand", low=1, high=len(BOXES), menu=True
    ),
)
TAKE, PLACE = "take", "place"


@dataclass
class TinyState:
    players: list[str]
    target: int
    chance: int
    current: int
    supply: list[str]
    held: str | None = None
    tower: list[dict[str, Any]] = field(default_factory=list)  # {box, col, player}
    fallen: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None  # {"reason", "winners"} once over

    @property
    def phase(self) -> str:
        if self.end is not None:
            return "over"
        return PLACE if self.held is not None else TAKE

    @property
    def player(self) -> str:
        return self.players[self.current]


@dataclass(frozen=True)
class StackOutcome:
    """What the physics decided about one placement: the boxes that fell."""

    fallen: tuple[str, ...] = ()


class TinyEngine:
    kind = KIND
    modes = MODES
    parameters = PARAMETERS
    score_lowering = frozenset({PLACE})  # a falling box takes its placer's point along

    def new_game(self, options: GameOptions, seed: int | None = None) -> TinyState:
        options = options.with_seed(seed)
        options.check_settings(PARAMETERS, "Tiny Tower")
        if options.mode not in (None, *MODES):
            raise ValueError(f"Tiny Tower has no mode {options.mode!r} (known: standard)")
        players = list(options.players)
        if len(players) not in self.player_counts(options.mode or MODES[0]):
            raise ValueError(f"Tiny Tower is for 1 to {MAX_PLAYERS} players")
        if len(set(players)) != len(players) or not all(players):
            raise ValueError("player names must be distinct and non-empty")
        target = options.setting("target", TARGET)
        chance = Chance.from_seed(options.seed)
        supply = chance.shuffled(list(BOXES))
        start = chance.below(len(players))
        setup = {"type": "setup", "players": list(players), "start": players[start]}
        return TinyState(players, target, chance.state, start, supply, events=[setup])

    def player_counts(self, mode: str) -> tuple[int, ...]:
        return tuple(range(1, MAX_PLAYERS + 1))

    def to_act(self, state: TinyState) -> list[str]:
        return [] if state.end is not None else [state.player]

    def legal_moves(self, state: TinyState) -> list[Move]:
        if state.phase == TAKE:
            return [{"type": TAKE, "player": state.player}]
        if state.phase == PLACE:
            return [{"type": PLACE, "player": state.player, "col": col} for col in COLS]
        return []

    def apply(self, state: TinyState, move: Mapping[str, Any]) -> TinyState:
        check_move(state, move)
        after = self.clone(state)
        if move["type"] == TAKE:
            after.held = after.supply.pop(0)
            after.events.append({"type": TAKE, "player": after.player, "box": after.held})
            return after
        fallen = _fallen(state, move)
        box, player = after.held, after.player
        after.held = None
        after.tower.append({"box": box, "col": move["col"], "player": player})
        after.tower = [b for b in after.tower if b["box"] not in fallen]
        after.fallen += fallen
        after.events.append(
            {"type": PLACE, "player": player, "box": box, "col": move["col"], "fallen": fallen}
        )
        if fallen:
            winners = [p for p in after.players if p != player]
            after.end = {"reason": "fell", "winners": winners}
        elif len(after.tower) == after.target:
            after.end = {"reason": "stacked", "winners": list(after.players)}
        else:
            after.current = (after.current + 1) % len(after.players)
        return after

    def scores(self, state: TinyState) -> dict[str, int]:
        standing = [b["player"] for b in state.tower]
        return {p: standing.count(p) for p in state.players}

    def outcome(self, state: TinyState) -> Outcome:
        if state.end is None:
            return Outcome(False)
        return Outcome(True, tuple(state.end["winners"]), state.end["reason"])

    def to_dict(self, state: TinyState) -> dict[str, Any]:
        return wrap(KIND, copy.deepcopy(asdict(state)), "chance")

    def from_dict(self, data: Mapping[str, Any]) -> TinyState:
        return TinyState(**copy.deepcopy(unwrap(KIND, data, "chance")))

    def digest(self, state: TinyState) -> str:
        return digest_of(asdict(state))

    def clone(self, state: TinyState) -> TinyState:
        return copy.deepcopy(state)

    def events(self, state: TinyState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def inventory(self, state: TinyState) -> dict[str, list[str]]:
        return {
            "supply": list(state.supply),
            "hand": [state.held] if state.held else [],
            "tower": [b["box"] for b in state.tower],
            "fallen": list(state.fallen),
        }

    def random_move(self, state: TinyState, chance: Chance) -> Move:
        """A random column; the box falls half the time when it overhangs the one below
        by 2 cm or more (the first box, on the wide pedestal, always stands)."""
        move = chance.choice(self.legal_moves(state))
        if move["type"] == PLACE:
            below = state.tower[-1]["col"] if state.tower else move["col"]
            falls = abs(move["col"] - below) >= 2 and chance.below(2) == 0
            move["outcome"] = StackOutcome((state.held,) if falls else ())
        return move

    def content(self) -> Mapping[str, Any]:
        return {"pieces": {box: {"kind": "box", "width": w} for box, w in BOXES.items()}}

    def describe(self, state: TinyState) -> dict[str, Any]:
        tally = self.scores(state)
        players = {name: {"score": tally[name]} for name in state.players}
        return {
            "phase": state.phase,
            "to_act": self.to_act(state),
            "scores": tally,
            "players": players,
            "held": state.held,
            "tower": copy.deepcopy(state.tower),
        }

    def physical_choices(self, state: TinyState) -> list[Move]:
        return [m for m in self.legal_moves(state) if m["type"] == PLACE]

    def plan_check(self, state: TinyState) -> PlanCheck:
        """Plans ``{"type": "place", "player", "col"}``: refused as the move would be."""

        def check(plan: Mapping[str, Any]) -> str | None:
            try:
                check_move(state, plan)
            except IllegalMove as refused:
                return refused.reason
            return None

        return check

    def preview(self, state: TinyState, move: Mapping[str, Any]) -> Preview[TinyState]:
        return preview_by_applying(self, state, move)


def fallen_in_event(event: Mapping[str, Any]) -> int:
    """How many boxes ``event`` says fell (the registry's ``fallen``: the lab counts them)."""
    return len(event.get("fallen") or []) if event.get("type") == PLACE else 0


def check_move(state: TinyState, move: Mapping[str, Any]) -> None:
    """IllegalMove (with a reason for the player) unless ``move`` is open now."""
    if state.end is not None:
        raise IllegalMove(f"the game is over ({state.end['reason']})")
    kind = move.get("type")
    if kind not in (TAKE, PLACE):
        raise IllegalMove(f"Tiny Tower has no move {kind!r}")
    if move.get("player") != state.player:
        raise IllegalMove(f"it is {state.player}'s turn, not {move.get('player')}'s")
    if kind != state.phase:
        raise IllegalMove(f"{state.player} must {state.phase} a box now, not {kind} one")
    col = move.get("col")
    if kind == PLACE and (type(col) is not int or col not in COLS):
        raise IllegalMove(f"a box goes at a column from {COLS[0]} to {COLS[-1]}")


def _fallen(state: TinyState, move: Mapping[str, Any]) -> list[str]:
    outcome = move.get("outcome")
    if isinstance(outcome, StackOutcome):
        fallen = list(outcome.fallen)
    elif isinstance(outcome, Mapping) and isinstance(outcome.get("fallen"), list | tuple):
        fallen = list(outcome["fallen"])
    else:
        raise IllegalMove("a placement needs its outcome: the boxes that fell")
    stacked = {b["box"] for b in state.tower} | {state.held}
    if not set(fallen) <= stacked or len(set(fallen)) != len(fallen):
        raise IllegalMove(f"only boxes on the stack can fall, not {fallen}")
    return fallen


ENGINE = TinyEngine()
