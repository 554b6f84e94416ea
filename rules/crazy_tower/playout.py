"""Random legal play to the end of a game, for property tests and benchmarks.

The physical part of each move is the caller's: ``outcomes(state, move)`` returns
the outcome the physics (or a fake of it) produced for a legal move of type
place_block, lay_card, replace_piece or remove_block; ``RandomHand`` invents such
outcomes as plain data. An outcome the rules refuse (a red box covered, say) is asked
for again, as a player would try again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.chance import Chance
from rules.crazy_tower.actions import apply_action
from rules.crazy_tower.blocks import get_block, is_block
from rules.crazy_tower.cards import card_length, covered_boxes, get_card
from rules.crazy_tower.legal import legal_moves
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.setup import new_game
from rules.crazy_tower.state import CrazyTowerState
from rules.errors import IllegalMove
from rules.pieces import get_piece

Outcome = BlockOutcome | FloorCardOutcome | RemovalOutcome
OutcomeFn = Callable[[CrazyTowerState, dict[str, Any]], Outcome]
ClockFn = Callable[[CrazyTowerState], float]

PHYSICAL = frozenset({"place_block", "lay_card", "replace_piece", "remove_block"})


class PlayoutError(RuntimeError):
    """A playout could not go on: it ran too long, or every outcome was refused."""


@dataclass
class Playout:
    state: CrazyTowerState
    actions: list[dict[str, Any]] = field(default_factory=list)  # replayable log
    refused: list[str] = field(default_factory=list)  # reasons of refused outcomes


def random_move(state: CrazyTowerState, chance: Chance) -> dict[str, Any]:
    """A uniformly random legal choice (without its outcome)."""
    moves = legal_moves(state)
    if not moves:
        raise PlayoutError("the game is over")
    return chance.choice(moves)


def play_random_game(
    start: dict[str, Any] | CrazyTowerState,
    outcomes: OutcomeFn,
    *,
    seed: int = 0,
    clock: ClockFn | None = None,
    max_actions: int = 5000,
    retries: int = 25,
) -> Playout:
    """Play random legal moves from options (or a state) until the game ends.

    ``clock`` gives the elapsed seconds to report before each move (timed solo
    challenges); ``seed`` drives the choice of moves, not the game's own chance.
    """
    state = new_game(start) if isinstance(start, dict) else start
    chance = Chance.from_seed(seed)
    run = Playout(state)
    while not run.state.is_over:
        if len(run.actions) >= max_actions:
            raise PlayoutError(f"no end after {max_actions} actions")
        if clock is not None:
            elapsed = clock(run.state)
            if elapsed > run.state.elapsed:
                _apply(run, {"type": "report_time", "elapsed": elapsed})
                continue
        move = random_move(run.state, chance)
        if move["type"] not in PHYSICAL:
            _apply(run, move)
            continue
        for _ in range(retries):
            action = {**move, "outcome": outcomes(run.state, move).to_dict()}
            try:
                _apply(run, action)
                break
            except IllegalMove as refused:
                run.refused.append(refused.reason)
        else:
            raise PlayoutError(f"every outcome for {move} was refused: {run.refused[-1]}")
    return run


def _apply(run: Playout, action: dict[str, Any]) -> None:
    run.state = apply_action(run.state, action)
    run.actions.append(action)


class RandomHand:
    """An outcome function for play_random_game: plausible outcomes as plain data.

    Positions are sampled along the card and turned into boxes with the real overlap
    rule (cards.covered_boxes), so red boxes are sometimes hit and refused.

    ``slip``: the laid piece falls alone; ``knock``: it knocks one other block off;
    ``topple``: a block and a floor card fall (a collapse); ``red``: a red-box
    position is kept (and refused) rather than avoided.
    """

    def __init__(
        self,
        seed: int,
        slip: float = 0.04,
        knock: float = 0.04,
        topple: float = 0.01,
        red: float = 0.1,
    ) -> None:
        self.chance = Chance.from_seed(seed)
        self.slip, self.knock, self.topple, self.red = slip, knock, topple, red

    def _boxes(self, block: str, card: str) -> frozenset[int]:
        spec = get_piece(get_block(block).piece)
        length = len(spec.cells) * spec.cell_size
        red = get_card(card).red_boxes()
        boxes: frozenset[int] = frozenset()
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

    def __call__(self, state: CrazyTowerState, move: dict[str, Any]) -> Outcome:
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
