"""Block instances: seven per colour, named ``<colour>-<shape><letter>`` (``red-3b``).

The shapes, points and counts per colour come from assets/pieces/crazy_tower.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset
from rules.pieces import PieceSpec, piece_catalogue

FAMILY = "crazy-tower"


@dataclass(frozen=True)
class Block:
    id: str
    colour: str
    piece: str  # catalogue id, e.g. "ct-block-3"
    shape: str  # "1".."4": cubes long
    points: int


@cache
def block_colours() -> tuple[str, ...]:
    return tuple(load_asset("pieces/crazy_tower.toml")["colours"])


def _block_specs() -> list[PieceSpec]:
    return [p for p in piece_catalogue().values() if p.family == FAMILY and not p.is_plank]


@cache
def blocks_of_colour(colour: str) -> tuple[str, ...]:
    """The instance ids of one colour's blocks, smallest shape first."""
    if colour not in block_colours():
        raise KeyError(f"unknown block colour {colour!r} (known: {', '.join(block_colours())})")
    return tuple(
        f"{colour}-{spec.shape}{chr(ord('a') + k)}"
        for spec in _block_specs()
        for k in range(spec.per_colour)
    )


@cache
def _all_blocks() -> dict[str, Block]:
    out = {}
    for colour in block_colours():
        for spec in _block_specs():
            for k in range(spec.per_colour):
                block_id = f"{colour}-{spec.shape}{chr(ord('a') + k)}"
                out[block_id] = Block(block_id, colour, spec.id, spec.shape, spec.points)
    return out


def get_block(block_id: str) -> Block:
    try:
        return _all_blocks()[block_id]
    except KeyError:
        raise KeyError(f"unknown block {block_id!r}") from None


def is_block(piece_id: str) -> bool:
    return piece_id in _all_blocks()


def blocks_per_colour() -> int:
    return sum(spec.per_colour for spec in _block_specs())
