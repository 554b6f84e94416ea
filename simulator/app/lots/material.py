"""The LOTS rules as the app reaches them: through the engine the registry names
(rules/engine.py), never through ``rules.lots`` itself, and the game's fixed material
(pieces, crew cards, the score track) as the engine's ``content()`` gives it, read once.
No pyglet.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from rules.engine import Engine
from rules.pieces import PieceSpec, get_piece
from simulator.games.registry import GAMES

KIND = "lots"
Cell = tuple[int, int]


@cache  # the engine holds no game state: one serves every screen
def engine() -> Engine[Any]:
    lots: Engine[Any] = GAMES.get(KIND).load("engine")
    return lots


@cache  # fixed material: the engine's copy is ours to keep
def content() -> Mapping[str, Any]:
    return engine().content()


def piece(piece_id: str) -> Mapping[str, Any]:
    """A block, purple cube or crew card as the content describes it; KeyError for none."""
    found: Mapping[str, Any] = content()["pieces"][piece_id]
    return found


def piece_name(piece_id: str) -> str:
    """A piece as players name it: ``the green L``, ``the purple cube``."""
    return str(piece(piece_id)["name"])


def colour_of(piece_id: str) -> str:
    return str(piece(piece_id)["colour"])


def cells_of(piece_id: str) -> frozenset[Cell]:
    """A block's or cube's cells in its catalogue shape, bottom row first."""
    return frozenset((r, c) for r, c in piece(piece_id)["cells"])


def spec_of(piece_id: str) -> PieceSpec:
    """The catalogue piece the physics builds a block or cube from."""
    return get_piece(str(piece(piece_id)["spec"]))


def card_name(card_id: str) -> str:
    """A crew card's name; an unknown id as it is (an old save's log)."""
    try:
        return str(piece(card_id)["name"])
    except KeyError:
        return card_id


def track() -> Mapping[str, Any]:
    """The score track: its ``length`` and its ``cube_spots`` and ``crew_spots``."""
    found: Mapping[str, Any] = content()["track"]
    return found


def players(state: Any) -> list[str]:
    """The players of a LOTS state by name, in seat order, as the engine describes them."""
    return list(engine().describe(state)["players"])
