"""The Filled In table as the screen reads it, built from the engine's ``content()``
(the printed sheets, the dice faces) and ``describe(state)`` (who acts, every player's
sheet and score), so the sheets, the strips and the panel draw without the rules'
state objects. Frozen snapshots: a new one is described after every move. No pyglet."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.pieces import Cell
from simulator.app.filled_in.content import CONTENT, ENGINE

ROLL, DRAFT, PLACE, ENDED = CONTENT["phases"]  # the phases of a round, then the end
STANDARD, REMOTE = ENGINE.modes  # the rulebook's variants (remote: triangles are marked)
PURPLE: str = CONTENT["purple"]["colour"]


def _cells(pairs: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple((row, col) for row, col in pairs)


@dataclass(frozen=True)
class Sheet:
    """A printed tower sheet as the screen draws it: its boxes (row, col) with row 0
    on the foundation, each level's boxes by the level's number (1: the lowest), each
    tool box's number and the colour it asks for, the crane's penalties left to right."""

    id: int
    name: str
    width: int
    height: int
    boxes: frozenset[Cell]
    levels: Mapping[int, frozenset[Cell]]
    tools: Mapping[Cell, tuple[int, str]]
    crane: tuple[int, ...]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Sheet:
        levels = enumerate(data["levels"], start=1)
        return cls(
            int(data["id"]),
            str(data["name"]),
            int(data["width"]),
            int(data["height"]),
            frozenset(_cells(data["boxes"])),
            {number: frozenset(_cells(cells)) for number, cells in levels},
            {(t["box"][0], t["box"][1]): (t["number"], t["colour"]) for t in data["tools"]},
            tuple(data["crane"]),
        )


SHEETS: dict[int, Sheet] = {int(s["id"]): Sheet.of(s) for s in CONTENT["sheets"]}


@dataclass(frozen=True)
class Face:
    """A rolled die's face: a coloured shape, or the wild "?"."""

    label: str
    shape: str | None
    colour: str | None

    @property
    def wild(self) -> bool:
        return self.shape is None

    @classmethod
    def of(cls, label: str) -> Face:
        face = CONTENT["faces"][label]
        return cls(label, face["shape"], face["colour"])


@dataclass(frozen=True)
class Breakdown:
    """A player's score by its parts (the crane's is zero or negative)."""

    levels: int
    triangles: int
    tools: int
    colours: int
    crane: int
    total: int


@dataclass(frozen=True)
class Player:
    """One player's sheet and standing, as described."""

    name: str
    sheet: Sheet
    blocks: tuple[tuple[str, tuple[Cell, ...]], ...]  # (colour, cells) in the order drawn
    purples: tuple[Cell, ...]  # purple spaces in the order used
    ink: Mapping[Cell, str]  # every filled box's colour
    level_scores: Mapping[int, int]  # written beside each completed level
    tools_done: tuple[int, ...]
    triangles: tuple[int, ...]
    marked: tuple[int, ...]
    hand: tuple[int, ...]  # the drafted dice, by position in the roll
    crew_used: bool
    placed: bool
    stuck: bool
    breakdown: Breakdown
    areas: Mapping[str, int]  # each colour's largest connected area

    @classmethod
    def of(cls, name: str, data: Mapping[str, Any]) -> Player:
        return cls(
            name,
            SHEETS[int(data["sheet"])],
            tuple((b["colour"], _cells(b["cells"])) for b in data["blocks"]),
            _cells(data["purple_spaces"]),
            {(r, c): colour for r, c, colour in data["ink"]},
            {int(level): points for level, points in data["levels"].items()},
            tuple(data["tools"]),
            tuple(data["triangles"]),
            tuple(data["marked"]),
            tuple(data["hand"]),
            bool(data["crew_used"]),
            bool(data["placed"]),
            bool(data["stuck"]),
            Breakdown(**data["breakdown"]),
            dict(data["areas"]),
        )


@dataclass(frozen=True)
class Table:
    """A state as the screen shows it (``Table.of``: described by the engine)."""

    phase: str
    round: int
    variant: str
    players: tuple[Player, ...]
    to_act: tuple[str, ...]  # who the rules wait for, in seat order from the start
    roller: str
    drafter: str | None
    picks: int  # the draft's picks this round
    picked: int  # of which made
    faces: tuple[Face | None, ...]  # each die in play as rolled (None: not rolled)
    leftover: int | None  # the die nobody drafted
    end_reason: str | None
    winners: tuple[str, ...]  # once over

    @classmethod
    def of(cls, state: object) -> Table:
        seen = ENGINE.describe(state)
        return cls(
            seen["phase"],
            int(seen["round"]),
            seen["variant"],
            tuple(Player.of(name, data) for name, data in seen["players"].items()),
            tuple(seen["to_act"]),
            seen["roller"],
            seen["drafter"],
            int(seen["draft"]["picks"]),
            int(seen["draft"]["made"]),
            tuple(None if label is None else Face.of(label) for label in seen["faces"]),
            seen["leftover"],
            seen["end_reason"],
            tuple(ENGINE.outcome(state).winners),
        )

    @cached_property
    def _seats(self) -> dict[str, int]:
        return {p.name: seat for seat, p in enumerate(self.players)}

    def index(self, name: str) -> int:
        return self._seats[name]

    def player(self, name: str) -> Player:
        return self.players[self.index(name)]

    def owners(self) -> dict[int, str]:
        """Who drafted each die, by its position in the roll."""
        return {pos: p.name for p in self.players for pos in p.hand}

    @property
    def winner(self) -> str | list[str] | None:
        """The winner's name, the names sharing a win, or None before the end."""
        if self.phase != ENDED:
            return None
        return self.winners[0] if len(self.winners) == 1 else list(self.winners)
