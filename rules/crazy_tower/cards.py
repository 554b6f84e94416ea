"""Floor cards: their boxes, read from assets/crazy_tower/floor_cards.toml, and the
box-overlap rule that turns a block's settled position into the boxes it covers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from rules.errors import AssetError
from rules.pieces import get_piece

CARD_FILE = "crazy_tower/floor_cards.toml"
CARD_PIECE = "ct-floor-card"

WHITE = "white"
RED = "red"
DIAMONDS = "diamonds"
LOOP = "loop"
EXCHANGE = "exchange"
BOX_KINDS = (WHITE, RED, DIAMONDS, LOOP, EXCHANGE)
SPECIAL_KINDS = (RED, DIAMONDS, LOOP, EXCHANGE)


@dataclass(frozen=True)
class FloorCard:
    id: str
    name: str
    boxes: tuple[str, ...]  # box kinds, box 0 at the card's left end
    start: bool = False

    def kinds_covered(self, boxes: Iterable[int]) -> frozenset[str]:
        return frozenset(self.boxes[i] for i in boxes)

    def red_boxes(self) -> frozenset[int]:
        return frozenset(i for i, kind in enumerate(self.boxes) if kind == RED)


@cache
def floor_cards() -> dict[str, FloorCard]:
    """Every floor card by id, in file order; validated once."""
    data = load_asset(CARD_FILE)
    box_count = get_piece(CARD_PIECE).boxes
    cards: dict[str, FloorCard] = {}
    for entry in data.get("card", []):
        card = FloorCard(
            id=entry["id"],
            name=entry.get("name", entry["id"]),
            boxes=tuple(entry["boxes"]),
            start=bool(entry.get("start", False)),
        )
        if card.id in cards:
            raise AssetError(f"{CARD_FILE}: floor card {card.id!r} is defined twice")
        if len(card.boxes) != box_count:
            raise AssetError(f"{CARD_FILE}: {card.id} needs {box_count} boxes")
        unknown = set(card.boxes) - set(BOX_KINDS)
        if unknown:
            raise AssetError(f"{CARD_FILE}: {card.id} has unknown box kinds {sorted(unknown)}")
        if card.start and set(card.boxes) != {WHITE}:
            raise AssetError(f"{CARD_FILE}: the starting card {card.id} has special boxes")
        cards[card.id] = card
    if sum(card.start for card in cards.values()) != 1:
        raise AssetError(f"{CARD_FILE}: exactly one card must be the starting card")
    return cards


def get_card(card_id: str) -> FloorCard:
    try:
        return floor_cards()[card_id]
    except KeyError:
        raise KeyError(f"unknown floor card {card_id!r}") from None


def starting_card() -> FloorCard:
    return next(card for card in floor_cards().values() if card.start)


def deck_cards() -> list[str]:
    """The ids of the cards that are shuffled into the deck, in file order."""
    return [card.id for card in floor_cards().values() if not card.start]


@cache
def cover_fraction() -> float:
    """The box-overlap threshold: the share of a box's width a block must overlap."""
    value = float(load_asset(CARD_FILE)["boxes"]["cover_fraction"])
    if not 0.0 < value <= 1.0:
        raise AssetError(f"{CARD_FILE}: boxes.cover_fraction must be in (0, 1]")
    return value


def card_length() -> float:
    return get_piece(CARD_PIECE).box[0]  # type: ignore[index]


def box_width() -> float:
    return card_length() / get_piece(CARD_PIECE).boxes


def covered_boxes(left: float, right: float) -> frozenset[int]:
    """The boxes a block covers, given its shadow [left, right] in card coordinates.

    Card coordinates run along the card from its left end (0) to its right end (the
    card's length), in cm. The simulator projects the settled block's outline onto
    the card's long axis to get ``left`` and ``right``; overhang beyond the card is
    allowed and simply covers nothing.
    """
    if right < left:
        left, right = right, left
    width = box_width()
    need = cover_fraction() * width
    out = set()
    for i in range(get_piece(CARD_PIECE).boxes):
        overlap = min(right, (i + 1) * width) - max(left, i * width)
        # a tiny tolerance so that an exact 1 cm overlap counts despite rounding
        if overlap >= need - 1e-9:
            out.add(i)
    return frozenset(out)
