"""What the physics decided, as plain data the simulator fills in from the settled world.

Piece ids are instance ids: blocks ``red-3b`` (see blocks.py), floor cards ``fc-07``.
``fallen`` lists, in the order they fell, the pieces that left the tower during the
action (they rest on the table or left the play area); the starting card lies on the
table and never falls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class BlockOutcome:
    """A block laid (a placement or a replacement) and settled.

    ``floor`` is the index (0 = starting card) of the floor card the block rests on
    and ``boxes`` the boxes of that card it covers (see cards.covered_boxes); when
    the block itself fell, ``floor`` is None, ``boxes`` is empty and the block is in
    ``fallen``.
    """

    block: str
    floor: int | None
    boxes: frozenset[int] = frozenset()
    fallen: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "boxes", frozenset(int(b) for b in self.boxes))
        object.__setattr__(self, "fallen", tuple(self.fallen))

    def to_dict(self) -> dict[str, Any]:
        return {
            "block": self.block,
            "floor": self.floor,
            "boxes": sorted(self.boxes),
            "fallen": list(self.fallen),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BlockOutcome:
        return cls(
            block=data["block"],
            floor=data.get("floor"),
            boxes=frozenset(data.get("boxes", ())),
            fallen=tuple(data.get("fallen", ())),
        )


@dataclass(frozen=True)
class FloorCardOutcome:
    """A floor card laid on the tower (a revealed card, or one put back) and settled.

    When the card itself fell it is in ``fallen``.
    """

    card: str
    fallen: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "fallen", tuple(self.fallen))

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "fallen": list(self.fallen)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FloorCardOutcome:
        return cls(card=data["card"], fallen=tuple(data.get("fallen", ())))


@dataclass(frozen=True)
class RemovalOutcome:
    """A block pulled out of a lower floor (diamonds box) by the hand.

    ``block`` is the block taken out (it goes back to its colour's player, so it is
    not in ``fallen``); ``fallen`` is what else the pull knocked off.
    """

    block: str
    fallen: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "fallen", tuple(self.fallen))

    def to_dict(self) -> dict[str, Any]:
        return {"block": self.block, "fallen": list(self.fallen)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RemovalOutcome:
        return cls(block=data["block"], fallen=tuple(data.get("fallen", ())))
