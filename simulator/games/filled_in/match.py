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
from dataclasses import asdict, dataclass
from typing import Any

from rules.filled_in import (
    GameState,
    apply_move,
    end_reason,
    is_over,
    new_game,
    placed_tetrominoes,
    scores,
)
from rules.filled_in.scoring import ranking_winners
from simulator.games.notices import merge_notices


@dataclass(frozen=True)
class GameOptions:
    """``new_game``'s options, as a scenario's [setup] gives them."""

    players: tuple[str, ...]
    sheet: int | tuple[int, ...] = 1
    variant: str = "standard"
    seed: int = 0
    start_player: str | None = None
    host: str | None = None
    crew: tuple[str, ...] | None = None

    def new_game(self) -> GameState:
        """The game's first state; ValueError or KeyError for options the rules refuse."""
        options = asdict(self)
        return new_game(list(options.pop("players")), **options)


class FilledInMatch:
    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.state: GameState = options.new_game()
        self.actions: list[dict[str, Any]] = []  # accepted moves, as scenario actions
        # Refused actions, each with the index in the rules' event log where it happened.
        self.notices: list[tuple[int, dict[str, Any]]] = []

    def act(self, move: dict[str, Any]) -> None:
        """Apply a rules move dict; IllegalMove (state unchanged) if refused."""
        self.state = apply_move(self.state, move)
        self.actions.append(_as_action(move))

    def refuse(self, player: str | None, reason: str, action_index: int) -> None:
        self.notices.append(
            (
                len(self.state.events),
                {
                    "turn": self.state.round,
                    "player": player,
                    "type": "refused",
                    "action": action_index,
                    "reason": reason,
                },
            )
        )

    # -- reading ------------------------------------------------------------------------

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

    def state_hash(self) -> str:
        """SHA-256 of the rules state as canonical JSON (there is no physics world)."""
        text = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def events(self) -> list[dict[str, Any]]:
        """The rules' events with the refused actions merged in where they happened."""
        return merge_notices(self.state.events, self.notices)

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
