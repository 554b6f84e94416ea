"""What the Crazy Tower screen knows of the game's rules, all asked of its engine (the
registry's, rules/engine.py): the pieces and tables of ``content()``, a state as
``describe()`` gives it (``Seen``), the moves of ``legal_moves()`` and the referee's log
of ``events()``. No pyglet: the turn, the words and the panel read it alike.

The phase and mode names are the ones ``describe()`` reports, unpacked from the
content's ``phases`` and ``modes``; floors and boxes are worded by the engine, as the
rules' refusals word them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Protocol

from rules.engine import Engine
from simulator.games.registry import GAMES


class CrazyTowerRules(Engine[Any], Protocol):
    """The Crazy Tower engine: the contract, and how its players count floors and boxes."""

    def floor_name(self, floor: int) -> str: ...

    def boxes_text(self, boxes: Iterable[int]) -> str: ...


ENGINE: CrazyTowerRules = GAMES.get("crazy-tower").load("engine")

# Phases, what the current player must do next: place a block on the top card or reveal
# a floor card (turn), lay the card just revealed (lay_card), place a block on it
# (place), put back what fell (replace), pull a block out of a lower floor card or
# decline (diamonds), swap an unplayed block with another player's (exchange).
_NAMES = ENGINE.content()
PHASES = tuple(_NAMES["phases"])
TURN, LAY_CARD, PLACE, REPLACE, DIAMONDS, EXCHANGE, OVER = PHASES
PLACING = (TURN, PLACE)  # the phases in which a block of the bank may be picked up
MODES = tuple(_NAMES["modes"])
COMPETITIVE, SABOTEUR, SOLO = MODES
floor_name = ENGINE.floor_name
boxes_text = ENGINE.boxes_text

WHITE = "white"  # the plain box kind, which does nothing
SABOTEUR_CHOSEN = "saboteur_chosen"  # the referee's hidden event naming the saboteur

# A state as ``ENGINE.describe`` gives it: "phase", "current", "players" (name -> its
# "score", "colours" and "hand"), "floors", "revealed", "deck" (counted), "down", ...
Seen = dict[str, Any]


def seen(state: Any) -> Seen:
    return ENGINE.describe(state)


@cache
def content() -> Mapping[str, Any]:
    """The engine's content, read once and shared: nobody changes it."""
    return ENGINE.content()


def piece(piece_id: str) -> Mapping[str, Any]:
    """A block or floor card as the content has it; KeyError for no such piece."""
    try:
        return content()["pieces"][piece_id]
    except KeyError:
        raise KeyError(f"Crazy Tower has no piece {piece_id!r}") from None


def is_block(piece_id: str) -> bool:
    found = content()["pieces"].get(piece_id)
    return found is not None and found["kind"] == "block"


def named(piece_id: str) -> str:
    """A piece as players (and the rules' refusals) name it: ``the red 3-cube block``,
    ``the Open plan card``."""
    return str(piece(piece_id)["named"])


def card_title(card: str) -> str:
    """A floor card's printed name: ``Open plan``."""
    return str(piece(card)["name"])


def challenge(number: int) -> Mapping[str, Any]:
    """A solo challenge as the content has it: its ``text``, ``time_limit_s``, ..."""
    return content()["challenges"][str(number)]


def is_over(state: Seen) -> bool:
    return state["phase"] == OVER


def top_card(state: Seen) -> str:
    return str(state["floors"][-1])


def placeable(state: Any) -> list[str]:
    """The blocks the player to act may put on the top card now, in hand order."""
    return [m["block"] for m in ENGINE.legal_moves(state) if m["type"] == "place_block"]


def saboteur(events: Sequence[Mapping[str, Any]]) -> str | None:
    """The saboteur, as the referee's log names it (a hidden event, which the words
    never tell while the game runs); None outside saboteur mode, or on a network desk
    that was not told."""
    chosen = (e["player"] for e in events if e["type"] == SABOTEUR_CHOSEN)
    return next(chosen, None)
