"""Random legal play to the end of a game, for property tests and benchmarks.

The physical part of each move is the caller's: ``outcomes(state, move)`` returns
the outcome the physics (or a fake of it) produced for a legal move of type
place_block, lay_card, replace_piece or remove_block. An outcome the rules refuse
(a red box covered, say) is asked for again, as a player would try again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.chance import Chance
from rules.crazy_tower.actions import apply_action
from rules.crazy_tower.legal import legal_moves
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.setup import new_game
from rules.crazy_tower.state import CrazyTowerState
from rules.errors import IllegalMove

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
