"""Fake physics for Crazy Tower tests: plausible outcomes drawn from a seeded stream.

Positions are sampled along the card and turned into boxes with the real overlap
rule (cards.covered_boxes), so red boxes are sometimes hit and refused.
"""

from __future__ import annotations

from typing import Any

from rules.chance import Chance
from rules.crazy_tower import (
    BlockOutcome,
    CrazyTowerState,
    FloorCardOutcome,
    RemovalOutcome,
    card_length,
    covered_boxes,
    get_block,
    get_card,
)
from rules.crazy_tower.blocks import is_block
from rules.pieces import get_piece


class FakeHand:
    """An outcome function for play_random_game.

    ``slip``: the laid piece falls alone; ``knock``: it knocks one other block off;
    ``topple``: a block and a floor card fall (a collapse); ``red``: a red-box
    position is kept (and refused) rather than avoided.
    """

    def __init__(self, seed: int, slip=0.04, knock=0.04, topple=0.01, red=0.1) -> None:
        self.chance = Chance.from_seed(seed)
        self.slip, self.knock, self.topple, self.red = slip, knock, topple, red

    def _boxes(self, block: str, card: str) -> frozenset[int]:
        spec = get_piece(get_block(block).piece)
        length = len(spec.cells) * spec.cell_size
        red = get_card(card).red_boxes()
        boxes = frozenset()
        for _ in range(20):
            left = self.chance.uniform() * (card_length() - length)
            boxes = covered_boxes(left, left + length)
            if not boxes & red or self.chance.uniform() < self.red:
                break
        return boxes

    def _falls(self, state: CrazyTowerState, piece: str) -> tuple[str, ...]:
        r = self.chance.uniform()
        others = [b for b in state.on_card if b != piece]
        cards = [c for c in state.floors[1:] if c != piece]
        if r < self.topple:
            # a collapse needs a block and a card down
            block = piece if is_block(piece) else (self.chance.choice(others) if others else None)
            card = piece if not is_block(piece) else (state.floors[-1] if cards else None)
            return tuple(p for p in (block, card) if p is not None)
        r -= self.topple
        if r < self.slip:
            return (piece,)
        r -= self.slip
        if r < self.knock and others:
            return (self.chance.choice(others),)
        return ()

    def __call__(self, state: CrazyTowerState, move: dict[str, Any]):
        kind = move["type"]
        if kind == "lay_card" or (kind == "replace_piece" and not is_block(move["piece"])):
            card = move.get("card") or move["piece"]
            return FloorCardOutcome(card, self._falls(state, card))
        if kind == "remove_block":
            fallen = self._falls(state, move["block"])
            return RemovalOutcome(move["block"], tuple(p for p in fallen if p != move["block"]))
        block = move.get("block") or move["piece"]
        fallen = self._falls(state, block)
        if block in fallen:
            return BlockOutcome(block, None, frozenset(), fallen)
        card = state.floors[move["floor"]]
        return BlockOutcome(block, move["floor"], self._boxes(block, card), fallen)
