"""The game state: plain data that serialises to JSON and back, plus read-only queries.

Moves never mutate a state they are given (see moves.py); they work on a copy.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.crazy_tower.blocks import is_block

COMPETITIVE = "competitive"
SABOTEUR = "saboteur"
SOLO = "solo"
MODES = (COMPETITIVE, SABOTEUR, SOLO)
# The ``saboteur`` option of a player who may not know who the saboteur is: their copy of
# a network game plays on with the role unknown (``saboteur`` None) until it is revealed.
HIDDEN = "?"

# phases: what the current player must do next
TURN = "turn"  # choose A (place a block on the top card) or B (reveal a card)
LAY_CARD = "lay_card"  # B: lay the revealed card on the tower
PLACE = "place"  # B: put a block on the card just laid
REPLACE = "replace"  # put back the single kind of piece that fell
DIAMONDS = "diamonds"  # may remove a block from a lower floor card
EXCHANGE = "exchange"  # must swap an unplayed block with another player's
OVER = "over"

# what the player must do in each phase, for refusal messages
TODO = {
    TURN: "place a block on the top floor card or reveal a floor card",
    LAY_CARD: "lay the revealed floor card",
    PLACE: "place a block on the new floor card",
    REPLACE: "put back what fell",
    DIAMONDS: "remove a block from a lower floor card or decline",
    EXCHANGE: "exchange an unplayed block",
    OVER: "stop: the game is over",
}

FORMAT = "crazy-tower/1"


@dataclass
class CrazyTowerState:
    mode: str
    players: list[str]  # seating order; play goes clockwise, i.e. along this list
    colours: dict[str, list[str]]  # player -> the colours they play
    challenge: int | None
    seed: int
    chance: int  # SplitMix64 state (rules.chance.Chance), as in every game
    saboteur: str | None
    deck: list[str]  # face-down floor cards, next card first
    floors: list[str]  # the tower's floor cards, bottom (starting card) first
    hands: dict[str, list[str]]  # unplayed blocks in front of each player
    on_card: dict[str, str]  # placed block -> the floor card it rests on
    covers: dict[str, list[int]]  # placed block -> the boxes it covers
    total_blocks: int
    current: int = 0  # index into players
    phase: str = TURN
    turn: int = 1
    revealed: str | None = None  # B: the card revealed and not yet laid
    target: str | None = None  # the card the turn's block went on (for "lower floors")
    pending: list[str] = field(default_factory=list)  # box effects still to resolve
    resume: str | None = None  # the phase to go back to once nothing is down
    extra_turn: bool = False  # a loop box was covered this turn
    down: list[str] = field(default_factory=list)  # fallen pieces awaiting replacement
    home: dict[str, str] = field(default_factory=dict)  # fallen block -> its card
    lost: list[str] = field(default_factory=list)  # pieces on the table after a collapse
    passes: int = 0  # consecutive turns passed
    elapsed: float = 0.0  # seconds reported by the caller
    result: dict[str, Any] | None = None  # {"reason", "winner", "detail"} once over
    events: list[dict[str, Any]] = field(default_factory=list)

    # -- queries -------------------------------------------------------------

    @property
    def current_player(self) -> str:
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def top_card(self) -> str:
        return self.floors[-1]

    def blocks_on(self, card: str) -> list[str]:
        """The blocks resting on a floor card, in the order they were placed."""
        return [block for block, where in self.on_card.items() if where == card]

    def colour_owner(self, colour: str) -> str:
        """The player who plays a colour (blocks go back to them, diamonds box)."""
        for player, colours in self.colours.items():
            if colour in colours:
                return player
        raise KeyError(f"nobody plays {colour}")

    def floor_of(self, block: str) -> int:
        return self.floors.index(self.on_card[block])

    def block_count(self) -> dict[str, int]:
        """Where the blocks are: hands, tower, down (awaiting replacement), lost."""
        blocks_down = [p for p in self.down if is_block(p)]
        return {
            "hands": sum(len(hand) for hand in self.hands.values()),
            "tower": len(self.on_card),
            "down": len(blocks_down),
            "lost": len([p for p in self.lost if is_block(p)]),
        }

    # -- serialisation -------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        for f in fields(self):
            out[f.name] = copy.deepcopy(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CrazyTowerState:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a Crazy Tower state (format {data.get('format')!r})")
        values = {f.name: copy.deepcopy(data[f.name]) for f in fields(cls) if f.name in data}
        values["chance"] = int(data["chance"])
        values["elapsed"] = float(values.get("elapsed", 0.0))
        return cls(**values)

    def copy(self) -> CrazyTowerState:
        """An independent copy for a move to work on. Logged events are never changed
        once appended, so the copy shares them (a deep copy per move was the bulk of
        a playout's time)."""
        return replace(
            self,
            players=list(self.players),
            colours={p: list(c) for p, c in self.colours.items()},
            deck=list(self.deck),
            floors=list(self.floors),
            hands={p: list(h) for p, h in self.hands.items()},
            on_card=dict(self.on_card),
            covers={b: list(c) for b, c in self.covers.items()},
            pending=list(self.pending),
            down=list(self.down),
            home=dict(self.home),
            lost=list(self.lost),
            result=copy.deepcopy(self.result),
            events=list(self.events),
        )
