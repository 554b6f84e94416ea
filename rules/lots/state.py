"""The LOTS game state: plain, JSON-safe data plus read-only queries.

Everything a game is lives here, including the chance generator's state (``rng``),
the event log and the move log, so ``to_dict``/``from_dict`` round-trips a game
exactly and a game can be replayed from its options and moves.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from rules.chance import Chance
from rules.footprints import Footprint, get_footprint
from rules.serial import digest_of

Json = Any

# Stages the turn pipeline waits in (or passes through); see rules/lots/flow.py.
WAITING_STAGES = ("roll", "place", "replace", "bonus", "steal", "over")


@dataclass
class LotsState:
    options: dict[str, Json]
    mode: str  # "competitive" or "solo"
    footprint: str
    players: list[str]
    target: int  # score that wins (solo: the solo target)
    rng: int  # Chance state
    turn: int = 0  # 0 during setup, then 1, 2, ... one per player turn
    current: int = 0  # seat whose turn it is
    stage: str = "setup"
    pending: list[dict[str, Json]] = field(default_factory=list)  # decisions, first = next
    setup_rolls: int = 0
    supply: dict[str, list[str]] = field(default_factory=dict)  # colour -> pile, top = last
    box: list[str] = field(default_factory=list)  # pieces out of play from the start (solo)
    banks: list[list[str]] = field(default_factory=list)  # tetrominoes per seat
    cubes: list[list[str]] = field(default_factory=list)  # purple cubes per seat
    track_cubes: dict[str, str] = field(default_factory=dict)  # spot (as text) -> cube
    tower: dict[str, list[list[int]]] = field(default_factory=dict)  # piece -> [[row, col]]
    removed: list[str] = field(default_factory=list)  # out of the game after accidents
    scores: list[int] = field(default_factory=list)  # meeple spot = score; 0 = driveway
    high_water: list[int] = field(default_factory=list)  # furthest spot each meeple reached
    awarded: list[int] = field(default_factory=list)  # bonus spots already awarded
    crew_deck: list[str] = field(default_factory=list)  # top = last
    crew_hands: list[list[str]] = field(default_factory=list)
    crew_discard: list[str] = field(default_factory=list)
    marker: str | None = None  # solo: the pile colour the purple cube stands at
    last_block: str | None = None  # the block played last (solo contact rule)
    turn_info: dict[str, Json] = field(default_factory=dict)
    would_win: list[int] = field(default_factory=list)
    would_win_reason: str | None = None
    steal_queue: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    end_reason: str | None = None
    events: list[dict[str, Json]] = field(default_factory=list)
    moves: list[dict[str, Json]] = field(default_factory=list)

    # --- serialisation -------------------------------------------------------------

    def to_dict(self) -> dict[str, Json]:
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Json]) -> LotsState:
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown LOTS state keys: {', '.join(sorted(unknown))}")
        return cls(**{k: copy.deepcopy(v) for k, v in data.items()})

    def copy(self) -> LotsState:
        """A copy safe to mutate. Logged events and moves are never mutated once
        written, so those lists are copied shallowly (a full deep copy per move would
        make a long game quadratic)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if f.name in ("events", "moves") else copy.deepcopy(value)
        return LotsState(**out)

    def digest(self) -> str:
        """A hex digest of the exact state (canonical JSON)."""
        return digest_of(self.to_dict())

    # --- queries -------------------------------------------------------------------

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def phase(self) -> str:
        """What the game waits for: a pending decision's kind ("supply", "give_crew")
        or the stage ("roll", "place", "replace", "bonus", "steal", "over")."""
        return self.pending[0]["kind"] if self.pending else self.stage

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next (None once the game is over)."""
        if self.pending:
            return int(self.pending[0]["player"])
        if self.stage == "over":
            return None
        if self.stage == "steal":
            return self.steal_queue[0]
        return self.current

    @property
    def over(self) -> bool:
        return self.stage == "over"

    def footprint_spec(self) -> Footprint:
        return get_footprint(self.footprint)

    def score_of(self, seat: int) -> int:
        return self.scores[seat]

    def score_table(self) -> dict[str, int]:
        return dict(zip(self.players, self.scores, strict=True))

    def winner_names(self) -> list[str]:
        return [self.players[s] for s in self.winners]

    def tower_cells(self) -> dict[str, frozenset[tuple[int, int]]]:
        return {k: frozenset((r, c) for r, c in v) for k, v in self.tower.items()}

    def empty_piles(self) -> list[str]:
        return [colour for colour, pile in self.supply.items() if not pile]

    def available_piles(self) -> list[str]:
        return [colour for colour, pile in self.supply.items() if pile]

    # --- mutation helpers used by the engine modules (on a copy) -------------------

    def chance(self) -> Chance:
        return Chance(self.rng)

    def keep(self, chance: Chance) -> None:
        self.rng = chance.state

    def log(self, type_: str, seat: int | None, **data: Json) -> None:
        player = None if seat is None else self.players[seat]
        self.events.append({"turn": self.turn, "player": player, "type": type_, **data})
