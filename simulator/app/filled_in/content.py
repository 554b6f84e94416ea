"""What the Filled In screen knows of the game's rules, all through its engine (the
registry's): the fixed material (shapes, colours, crew cards) and the engine itself for
the queries a turn asks (``describe``, ``inventory``, ``placing``). No pyglet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from simulator.games.registry import GAMES

ENGINE: Any = GAMES.get("filled-in").load("engine")
CONTENT: Mapping[str, Any] = ENGINE.content()
SHAPES: tuple[str, ...] = tuple(shape["letter"] for shape in CONTENT["shapes"])
COLOURS: tuple[str, ...] = tuple(CONTENT["colours"])
PIECES: dict[str, str] = {shape["letter"]: shape["piece"] for shape in CONTENT["shapes"]}


class DieFace(Protocol):
    """A die's face as the rules give it: a coloured shape, or the wild "?"."""

    @property
    def shape(self) -> str | None: ...

    @property
    def colour(self) -> str | None: ...

    @property
    def wild(self) -> bool: ...

    @property
    def label(self) -> str: ...


def crew_card(card: str) -> Mapping[str, str]:
    """Crew card ``card`` (its id): ``name``, ``effect`` and ``text``."""
    described: Mapping[str, str] = CONTENT["pieces"][f"crew-{card}"]
    return described


def own_crew_card(state: object, player: str) -> Mapping[str, str]:
    """The crew card ``player`` holds, played or not (the engine's inventory: its
    description names a card only once played, and a person sees their own)."""
    held = ENGINE.inventory(state)[player]
    (card,) = [piece for piece in held if CONTENT["pieces"][piece]["kind"] == "crew"]
    return crew_card(card.removeprefix("crew-"))
