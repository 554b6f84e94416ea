"""Names of piece instances: the engine calls the third red block "red-3", the first
purple cube "purple-1", so the simulator can map each to a physics body."""

from __future__ import annotations

from functools import cache

from rules.lots.content import game_content
from rules.pieces import PieceSpec, piece_catalogue


def instance_id(colour: str, number: int) -> str:
    return f"{colour}-{number}"


def colour_of(piece: str) -> str:
    return piece.rsplit("-", 1)[0]


def is_cube(piece: str) -> bool:
    return colour_of(piece) == game_content().cube_colour


@cache
def _spec_by_colour() -> dict[str, PieceSpec]:
    return {p.colour: p for p in piece_catalogue().values() if p.family == "lots" and p.colour}


def spec_of(piece: str) -> PieceSpec:
    """The catalogue piece (shape, cells) an instance is a copy of."""
    try:
        return _spec_by_colour()[colour_of(piece)]
    except KeyError:
        raise KeyError(f"{piece!r} is not a LOTS piece instance") from None


def block_ids(colour: str, count: int) -> list[str]:
    return [instance_id(colour, n) for n in range(1, count + 1)]
