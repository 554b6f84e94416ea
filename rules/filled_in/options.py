"""The options of a game of LOTS: Filled In, as a scenario's [setup] gives them."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from rules.filled_in.setup import new_game
from rules.filled_in.state import GameState


@dataclass(frozen=True)
class FilledInOptions:
    """``new_game``'s options (see rules.filled_in.setup.new_game for each one)."""

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
