"""A random legal player: picks any legal move, and plays whole games with it.

Its choices come from its own ``Chance`` (never the game's, so a playout does not
change what the dice would roll); dice rolls come from the game's seed as usual.
Used by property tests and as the simplest bot.
"""

from __future__ import annotations

from typing import Any

from rules.chance import Chance
from rules.filled_in.choices import placement_moves, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crew import EXTRA_PURPLE
from rules.filled_in.moves import apply_move
from rules.filled_in.placement import legal_purple_cells
from rules.filled_in.state import GameState
from rules.filled_in.turns import is_over, legal_moves, to_move

# Upper bound on moves in one game: every round fills at least one box per placing
# player, so no sheet of the assets comes near it; reaching it means a bug.
MAX_MOVES = 10_000


def random_move(
    state: GameState, rng: Chance, *, crew_rate: float = 0.1, purple_rate: float = 0.3
) -> dict[str, Any]:
    """A uniformly chosen legal move for a player to move (crew cards and purple spaces
    used now and then, at the given rates)."""
    movers = to_move(state)
    if not movers:
        raise ValueError("nobody is to move: the game is over")
    name = rng.choice(movers)
    if state.phase != "place":
        return rng.choice(legal_moves(state, name))
    player = state.player(name)
    moves = placement_moves(state, player, with_crew=False)
    if not moves or (unused_crew_effect(player) and rng.uniform() < crew_rate):
        crewed = [m for m in placement_moves(state, player) if m.get("crew")]
        moves = crewed or moves
    move = dict(rng.choice(moves))
    cfg = rules_config()
    allowed = cfg.purple_per_turn
    if move.get("crew") and unused_crew_effect(player) == EXTRA_PURPLE:
        allowed += 1
    allowed = min(allowed, cfg.purple_per_game - player.purples_used)
    filled = set(player.tower.filled()) | {tuple(c) for c in move["cells"]}
    purples: list[list[int]] = []
    while len(purples) < allowed and rng.uniform() < purple_rate:
        cells = legal_purple_cells(player.tower.spec, frozenset(filled))
        if not cells:
            break
        cell = rng.choice(cells)
        filled.add(cell)
        purples.append(list(cell))
    if purples:
        move["purples"] = purples
    return move


def play_random_game(
    state: GameState, seed: int = 0, *, max_moves: int = MAX_MOVES
) -> tuple[GameState, list[dict[str, Any]]]:
    """Play from ``state`` to the end with random legal moves: (final state, moves)."""
    rng = Chance.from_seed(seed)
    history: list[dict[str, Any]] = []
    while not is_over(state):
        if len(history) >= max_moves:
            raise RuntimeError(f"game did not end within {max_moves} moves")
        move = random_move(state, rng)
        state = apply_move(state, move)
        history.append(move)
    return state, history


def replay(state: GameState, moves: list[dict[str, Any]]) -> GameState:
    """Apply recorded moves in order (a game is its setup, its seed and its moves)."""
    for move in moves:
        state = apply_move(state, move)
    return state
