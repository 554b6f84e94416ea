"""Computer players for LOTS: Filled In that play for the best expected final score.

There is no physics while Filled In is played, so the bots think with the rules alone:
- place: every legal block (with the crew card when the level allows) is tried on a
  copy of the state and judged by the player's score after it, plus, looking ahead,
  how many of the dice's shapes still fit somewhere on the sheet (a sheet with room
  keeps scoring) and how low the block sits;
- draft: each free die is judged by the best block it makes with the die already held
  (or, for the first die, with the best of the others still free);
- roll: the only move.
``random`` is the legal random player (rules.filled_in.playout.random_move).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.chance import Chance
from rules.filled_in.choices import placement_moves, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crafting import craft_options
from rules.filled_in.crew import FREE_PLACEMENT
from rules.filled_in.moves import apply_move
from rules.filled_in.placement import legal_placements
from rules.filled_in.playout import random_move
from rules.filled_in.scoring import score_breakdowns
from rules.filled_in.state import DRAFT, PLACE, GameState
from rules.filled_in.turns import legal_moves, to_move
from simulator.bots.levels import Level, level

ROOM = 0.6  # points per shape that still fits somewhere after the block (lookahead)
LOW = 0.05  # points per row lower the block's top sits
# The crew card is kept for a turn when it is worth at least this much more.
CREW_MARGIN = 2.0


@dataclass
class FilledInBot:
    level: Level

    def decide(self, state: GameState, name: str) -> dict[str, Any]:
        if state.phase == PLACE:
            return self._place(state, name)
        moves = legal_moves(state, name)
        if state.phase == DRAFT:
            return max(moves, key=lambda m: self._die_value(state, name, m["die"]))
        return moves[0]

    # -- placing ------------------------------------------------------------------------

    def _place(self, state: GameState, name: str) -> dict[str, Any]:
        player = state.player(name)
        plain = placement_moves(state, player, with_crew=False)
        crewed = []
        if self.level.lookahead > 0 and unused_crew_effect(player) is not None:
            crewed = [m for m in placement_moves(state, player) if m.get("crew")]
        moves = plain or crewed
        if not moves:
            return legal_moves(state, name)[0]
        best_plain = max(plain, key=lambda m: self.value(state, name, m), default=None)
        if best_plain is None:
            return max(crewed, key=lambda m: self.value(state, name, m))
        if crewed:
            best_crew = max(crewed, key=lambda m: self.value(state, name, m))
            gain = self.value(state, name, best_crew) - self.value(state, name, best_plain)
            if gain >= CREW_MARGIN:
                return best_crew
        return best_plain

    def value(self, state: GameState, name: str, move: dict[str, Any]) -> float:
        """The player's score after ``move`` plus the lookahead terms."""
        after = apply_move(state, move)
        total = float(score_breakdowns(after)[name].total)
        top = max(r for r, _ in move["cells"])
        total -= LOW * top
        if self.level.lookahead > 1:
            total += ROOM * _room(after, name)
        return total

    # -- drafting -----------------------------------------------------------------------

    def _die_value(self, state: GameState, name: str, die: int) -> float:
        player = state.player(name)
        taken = {pos for p in state.players for pos in p.hand}
        partners = list(player.hand) or [
            pos for pos in range(len(state.dice)) if pos not in taken and pos != die
        ]
        spec, filled = player.tower.spec, player.tower.filled()
        best = 0.0
        for other in partners:
            for shape, _ in craft_options(state.face(die), state.face(other)):
                count = len(legal_placements(spec, filled, shape))
                best = max(best, 1.0 + min(count, 10) / 10.0 if count else 0.0)
        return best


def _room(state: GameState, name: str) -> int:
    """How many of the shapes still fit somewhere on the player's sheet."""
    player = state.player(name)
    spec, filled = player.tower.spec, player.tower.filled()
    free = unused_crew_effect(player) == FREE_PLACEMENT
    shapes = rules_config().shape_letters
    return sum(1 for s in shapes if legal_placements(spec, filled, s, free=free))


def play_seats(
    state: GameState,
    levels: dict[str, str],
    table: Chance,
    randoms: dict[str, Chance],
    act: Any,
) -> None:
    """One decision: the seated mover picked by ``table`` (place is simultaneous), then
    that seat's player; ``act`` applies the move. A random seat draws random moves
    from its own stream until one is its own (the random player picks its mover)."""
    movers = to_move(state)
    mover = table.choice(movers)
    name = levels[mover]
    if name == "random":
        while True:
            move = random_move(state, randoms[mover])
            if move["player"] == mover:
                break
    else:
        move = FilledInBot(level(name)).decide(state, mover)
    act(move)
