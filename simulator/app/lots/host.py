"""What the LOTS turns (turns.py) tell the screen that shows them. No pyglet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

Events = Sequence[Mapping[str, Any]]


class TurnsHost(Protocol):
    """What the turns tell the screen that shows them."""

    def changed(self) -> None:
        """Something the panel shows changed."""

    def confirmed(self) -> None:
        """A person's move entered the log (autosave it; a network game sends it)."""

    def scored(self, events: Events, state: Any, *, held: bool) -> None:
        """Flash where ``events`` scored (``held``: once a computer's move is shown)."""

    def unscored(self) -> None:
        """The flashes of a move taken back or replaced go."""

    def picked_up(self) -> None:
        """A piece is in the hand: the view stays put while it is held."""

    def turn_words(self) -> str:
        """Whose turn it is now, in words."""
