"""How players name Crazy Tower's pieces and places, for the rules' refusals and the
app's sentences alike: a block by its colour and length, a floor card by its printed
name, floors as players count them (the starting card is the ground floor, then floor
1, 2, ...) and a card's boxes from 1 at its left end."""

from __future__ import annotations

from collections.abc import Iterable

from rules.crazy_tower.blocks import get_block, is_block
from rules.crazy_tower.cards import get_card


def block_name(block: str) -> str:
    """``the red 3-cube block``."""
    spec = get_block(block)
    return f"the {spec.colour} {spec.shape}-cube block"


def card_name(card: str) -> str:
    """``the Open plan card``."""
    return f"the {get_card(card).name} card"


def piece_name(piece: str) -> str:
    """A block or a floor card, by its name."""
    return block_name(piece) if is_block(piece) else card_name(piece)


def floor_name(floor: int) -> str:
    """``the ground floor`` (the starting card, floor 0), ``floor 1``, ``floor 2``..."""
    return "the ground floor" if floor == 0 else f"floor {floor}"


def boxes_text(boxes: Iterable[int]) -> str:
    """A card's boxes counted from 1 at its left end: ``box 2``, ``boxes 4 and 5``."""
    numbers = [str(b + 1) for b in boxes]
    if len(numbers) <= 1:
        return "box " + "".join(numbers)
    return "boxes " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
