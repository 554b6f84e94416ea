"""The rulebook's numbers for LOTS: Filled In, read from assets/filled_in/rules.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from rules.errors import AssetError
from rules.pieces import get_piece

RULES_FILE = "filled_in/rules.toml"


@dataclass(frozen=True)
class FilledInRules:
    players: tuple[int, ...]
    colours: tuple[str, ...]  # block colours, in the rulebook's order
    purple: str
    shapes: tuple[tuple[str, str], ...]  # (letter on the dice, LOTS piece id)
    triangle_points: int
    colour_area_points: int
    colour_area_minimum: int
    remote_unmarked_level_points: int
    purple_per_turn: int
    purple_per_game: int
    reroll_fraction: float
    rerolls: int

    @property
    def shape_letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.shapes)

    def piece_for(self, shape: str) -> str:
        return dict(self.shapes)[shape]


@cache
def rules_config() -> FilledInRules:
    data = load_asset(RULES_FILE)
    try:
        shapes = tuple((str(k), str(v)) for k, v in data["shapes"].items())
        for _, piece in shapes:
            get_piece(piece)  # fail early on a shape pointing at no piece
        return FilledInRules(
            players=tuple(int(n) for n in data["players"]),
            colours=tuple(data["colours"]),
            purple=str(data["purple"]),
            shapes=shapes,
            triangle_points=int(data["scoring"]["triangle_points"]),
            colour_area_points=int(data["scoring"]["colour_area_points"]),
            colour_area_minimum=int(data["scoring"]["colour_area_minimum"]),
            remote_unmarked_level_points=int(data["scoring"]["remote_unmarked_level_points"]),
            purple_per_turn=int(data["purple_spaces"]["per_turn"]),
            purple_per_game=int(data["purple_spaces"]["per_game"]),
            reroll_fraction=float(data["dice"]["reroll_when_more_than"]),
            rerolls=int(data["dice"]["rerolls"]),
        )
    except (KeyError, TypeError) as exc:
        raise AssetError(f"{RULES_FILE}: missing or malformed entry {exc}") from None
