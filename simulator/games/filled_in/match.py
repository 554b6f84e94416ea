"""A game of LOTS: Filled In as the simulator runs it: the rules state, the action log
that replays it, and the refused actions.

Filled In has no physics while it is played (the drawn tower is a question for
``towersim sheet stand``), so a match is the pure rules state plus bookkeeping: every
accepted move is logged as a scenario action (what ``--record`` writes), and a refused
one becomes a "refused" event that changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Self

from rules.engine import GameOptions
from rules.filled_in import (
    GameState,
    apply_move,
    end_reason,
    is_over,
    placed_tetrominoes,
    scores,
)
from rules.filled_in.engine import filled_in_options
from rules.filled_in.options import FilledInOptions
from rules.filled_in.scoring import ranking_winners
from simulator.games.match import Match, Verdict

if TYPE_CHECKING:
    from simulator.games.runner import GameScenario


class FilledInMatch(Match):
    kind = "filled-in"

    def __init__(self, options: FilledInOptions) -> None:
        self.options = options
        super().__init__()

    @classmethod
    def set_up(cls, options: GameOptions) -> Self:
        """A match set up by the engine's options (ValueError for options it refuses)."""
        return cls(filled_in_options(options))

    def _reset(self) -> None:
        self._state: GameState = self.options.new_game()

    def _perform(self, action: dict[str, Any]) -> tuple[Verdict | None, dict[str, Any]]:
        """Apply a rules move dict; IllegalMove (state unchanged) if refused."""
        self._state = apply_move(self._state, action)
        return None, _as_action(action)

    # -- reading ------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def turn(self) -> int:
        return self._state.round

    @property
    def over(self) -> bool:
        return is_over(self.state)

    @property
    def end_reason(self) -> str | None:
        return end_reason(self.state)

    def totals(self) -> dict[str, int]:
        return {name: b.total for name, b in scores(self.state).items()}

    def breakdowns(self) -> dict[str, dict[str, int]]:
        return {name: b.to_dict() for name, b in scores(self.state).items()}

    def winners(self) -> list[str]:
        return ranking_winners(self.state) if self.over else []

    def summary(self) -> dict[str, Any]:
        state = self._state
        return {
            "players": state.names,
            "scores": self.totals(),
            "winners": self.winners(),
            "over": self.over,
            "end_reason": self.end_reason,
            "turns": state.round,
            "variant": state.variant,
            "sheets": {p.name: p.tower.sheet for p in state.players},
            "breakdown": self.breakdowns(),
            "towers": self.towers(),
        }

    def state_hash(self) -> str:
        """SHA-256 of the rules state as canonical JSON (there is no physics world)."""
        text = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def seed(self) -> int:
        return self.options.seed

    def setup_table(self) -> dict[str, Any]:
        options = self.options
        return {
            "players": list(options.players),
            "sheet": options.sheet if isinstance(options.sheet, int) else list(options.sheet),
            "variant": options.variant,
            "start_player": options.start_player,
            "host": options.host,
            "crew": list(options.crew) if options.crew is not None else None,
        }

    def towers(self) -> dict[str, list[dict[str, Any]]]:
        """Each player's drawing as pieces (what ``sheet stand`` builds)."""
        return {p.name: placed_tetrominoes(p.tower) for p in self.state.players}


def _as_action(move: dict[str, Any]) -> dict[str, Any]:
    """A move as a scenario file writes it: plain lists, no empty extras."""
    action = {k: v for k, v in move.items() if v is not None}
    for key in ("cells", "purples", "faces", "reroll"):
        if key in action:
            action[key] = [list(v) if isinstance(v, list | tuple) else v for v in action[key]]
    if not action.get("purples", True):
        del action["purples"]
    if action.get("crew") is False:
        del action["crew"]
    return action


def new_match(scenario: GameScenario) -> FilledInMatch:
    return FilledInMatch(scenario.options)
