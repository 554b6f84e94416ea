"""The Filled In search: a few candidate moves, each played out some rounds ahead.

The greedy judge (bots.py) ranks every legal block by the score just after it; the best
few (``Playouts.candidates``) are each drawn on a copy of the game and played out
``Playouts.playouts`` times by the default policy (bots_playout.py), every candidate
on the same dice (common random numbers: the candidates differ by the move, not by the
luck), and the one with the best mean margin is drawn. What the greedy cannot see, the
playouts count: a hole only one shape fills keeps its level open (scoring nothing), a
tool box covered in the wrong colour stays lost, a colour area is measured against the
rival's after their blocks to come, and a sheet with holes ends the game for both.

Drafting (``Playouts.drafts`` > 0) takes each free die on a copy and plays on from
there: a die the rival needs is worth what taking it away costs them.
"""

from __future__ import annotations

from typing import Any

from rules.chance import Chance
from rules.filled_in.moves import apply_move
from rules.filled_in.state import GameState
from simulator.bots.levels import Playouts
from simulator.games.filled_in.bots_playout import playout

Move = dict[str, Any]


def decision_seed(seed: int, state: GameState, name: str) -> int:
    """The playouts' seed for one decision: the bot's seed and where the game stands, so
    a game replays its decisions whatever was asked before (never the game's dice)."""
    where = (state.round * 64 + state.draft_pos) * 8 + state.index(name)
    return Chance.from_seed(seed).fork(where).next_u64()


def mean_margin(after: GameState, name: str, search: Playouts, seed: int) -> float:
    """``name``'s mean margin over the search's playouts from ``after``."""
    count = search.playouts
    return sum(playout(after, name, seed + j, search.rounds) for j in range(count)) / count


def best_by_playouts(
    state: GameState, name: str, candidates: list[Move], search: Playouts, seed: int
) -> tuple[Move, float]:
    """The candidate with the best mean margin (the first of equals) and that mean."""
    best: tuple[Move, float] | None = None
    for move in candidates:
        value = mean_margin(apply_move(state, move), name, search, seed)
        if best is None or value > best[1]:
            best = (move, value)
    assert best is not None, "no candidates"
    return best


def draft_by_playouts(
    state: GameState, name: str, dice: list[Move], search: Playouts, seed: int
) -> Move:
    """The draft move whose die gives the best mean margin over ``Playouts.drafts``
    playouts (the rest of the draft included, so a die the rival needs counts as theirs
    when it is left to them). The first of equals: the order given breaks ties."""
    best: tuple[Move, float] | None = None
    for move in dice:
        after = apply_move(state, move)
        value = sum(playout(after, name, seed + j, search.rounds) for j in range(search.drafts))
        if best is None or value > best[1]:
            best = (move, value)
    assert best is not None, "no dice to draft"
    return best[0]
