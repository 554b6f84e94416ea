"""The plain, serialisable state of a game of LOTS: Filled In.

Everything a game is lives here as JSON-safe data: the options it was set up with,
the chance generator's state, the round, the dice and the sheets. ``to_dict`` and
``from_dict`` round-trip exactly; moves (``moves.py``) work on copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.filled_in.dice import Face, get_die
from rules.filled_in.tower import Tower

# Phases of a round. Crafting and placement are one move ("place"), made by every
# player who can place, in any order (they happen at the same time at the table).
ROLL = "roll"
DRAFT = "draft"
PLACE = "place"
ENDED = "ended"
PHASES = (ROLL, DRAFT, PLACE, ENDED)

STANDARD = "standard"
REMOTE = "remote"
VARIANTS = (STANDARD, REMOTE)


@dataclass
class PlayerState:
    name: str
    tower: Tower
    crew: str  # crew card id, dealt at setup
    crew_used: bool = False
    hand: list[int] = field(default_factory=list)  # positions in GameState.dice
    level_scores: dict[int, int] = field(default_factory=dict)  # written on the crane
    tools_done: list[int] = field(default_factory=list)  # tool numbers marked completed
    triangles: list[int] = field(default_factory=list)  # standard: levels whose corner is filled
    marked: list[int] = field(default_factory=list)  # remote: levels others announced first
    stuck: bool = False  # could not place this round
    placed: bool = False  # has placed this round
    completed_now: list[int] = field(default_factory=list)  # levels finished this round
    claims_now: bool = False  # played the triangle-claiming crew card this round

    @property
    def purples_used(self) -> int:
        return len(self.tower.purples)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tower": self.tower.to_dict(),
            "crew": self.crew,
            "crew_used": self.crew_used,
            "hand": list(self.hand),
            "level_scores": {str(k): v for k, v in sorted(self.level_scores.items())},
            "tools_done": sorted(self.tools_done),
            "triangles": sorted(self.triangles),
            "marked": sorted(self.marked),
            "stuck": self.stuck,
            "placed": self.placed,
            "completed_now": sorted(self.completed_now),
            "claims_now": self.claims_now,
        }

    def copy(self) -> PlayerState:
        """An independent copy, as ``to_dict`` / ``from_dict`` give it (the marks
        sorted); blocks and purple spaces are frozen, so the tower shares them."""
        return replace(
            self,
            tower=self.tower.copy(),
            hand=list(self.hand),
            level_scores=dict(sorted(self.level_scores.items())),
            tools_done=sorted(self.tools_done),
            triangles=sorted(self.triangles),
            marked=sorted(self.marked),
            completed_now=sorted(self.completed_now),
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        return cls(
            name=str(data["name"]),
            tower=Tower.from_dict(data["tower"]),
            crew=str(data["crew"]),
            crew_used=bool(data.get("crew_used", False)),
            hand=[int(i) for i in data.get("hand", [])],
            level_scores={int(k): int(v) for k, v in data.get("level_scores", {}).items()},
            tools_done=[int(n) for n in data.get("tools_done", [])],
            triangles=[int(n) for n in data.get("triangles", [])],
            marked=[int(n) for n in data.get("marked", [])],
            stuck=bool(data.get("stuck", False)),
            placed=bool(data.get("placed", False)),
            completed_now=[int(n) for n in data.get("completed_now", [])],
            claims_now=bool(data.get("claims_now", False)),
        )


@dataclass
class GameState:
    options: dict[str, Any]  # as given to new_game, normalised
    players: list[PlayerState]
    chance: int  # SplitMix64 state (rules.chance.Chance)
    variant: str = STANDARD
    host: str | None = None  # remote: who rolls and hands out the dice
    round: int = 1
    start: int = 0  # index of this round's start player
    phase: str = ROLL
    dice: list[int] = field(default_factory=list)  # ids of the dice in play
    faces: list[int | None] = field(default_factory=list)  # face index per die, None unrolled
    draft_order: list[int] = field(default_factory=list)  # player indices, one per pick
    draft_pos: int = 0
    leftover: int | None = None  # position of the undrafted die once the draft is over
    announced: list[int] = field(default_factory=list)  # levels someone has finished
    end_reason: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    # --- lookups -------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player named {name!r} (players: {', '.join(self.names)})")

    def index(self, name: str) -> int:
        return self.names.index(self.player(name).name)

    def face(self, position: int) -> Face:
        """The face a die in play shows (it must have been rolled)."""
        index = self.faces[position]
        if index is None:
            raise ValueError(f"die at position {position} has not been rolled")
        return get_die(self.dice[position]).faces[index]

    def seat_order(self) -> list[int]:
        """Player indices clockwise from this round's start player."""
        n = len(self.players)
        return [(self.start + i) % n for i in range(n)]

    def log(self, type_: str, player: str | None, **data: Any) -> None:
        self.events.append({"turn": self.round, "player": player, "type": type_, **data})

    # --- serialisation ---------------------------------------------------------------

    def to_dict(self, *, with_events: bool = True) -> dict[str, Any]:
        return {
            "game": "filled-in",
            "options": _plain(self.options),
            "players": [p.to_dict() for p in self.players],
            "chance": self.chance,
            "variant": self.variant,
            "host": self.host,
            "round": self.round,
            "start": self.start,
            "phase": self.phase,
            "dice": list(self.dice),
            "faces": list(self.faces),
            "draft_order": list(self.draft_order),
            "draft_pos": self.draft_pos,
            "leftover": self.leftover,
            "announced": sorted(self.announced),
            "end_reason": self.end_reason,
            "events": _plain(self.events) if with_events else [],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        if data.get("game") != "filled-in":
            raise ValueError("not a LOTS: Filled In state")
        phase = data["phase"]
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        return cls(
            options=_plain(data["options"]),
            players=[PlayerState.from_dict(p) for p in data["players"]],
            chance=int(data["chance"]),
            variant=str(data["variant"]),
            host=data.get("host"),
            round=int(data["round"]),
            start=int(data["start"]),
            phase=phase,
            dice=[int(d) for d in data["dice"]],
            faces=[None if f is None else int(f) for f in data["faces"]],
            draft_order=[int(i) for i in data["draft_order"]],
            draft_pos=int(data["draft_pos"]),
            leftover=None if data.get("leftover") is None else int(data["leftover"]),
            announced=[int(n) for n in data.get("announced", [])],
            end_reason=data.get("end_reason"),
            events=_plain(data.get("events", [])),
        )

    def copy(self) -> GameState:
        """An independent copy for a move to work on, equal to what a ``to_dict`` /
        ``from_dict`` round trip gives (its sorted marks included) without the trip
        through plain data, which was most of a move's time.

        Logged events are never changed after they are appended, so the copy shares
        them (copying the whole log on every move made long games quadratic).
        """
        return replace(
            self,
            options=_plain(self.options),
            players=[p.copy() for p in self.players],
            dice=list(self.dice),
            faces=list(self.faces),
            draft_order=list(self.draft_order),
            announced=sorted(self.announced),
            events=list(self.events),
        )


def _plain(value: Any) -> Any:
    """A deep copy made of dicts, lists and scalars (tuples become lists)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
