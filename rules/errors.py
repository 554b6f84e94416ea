"""The one error type a rules engine raises for a move it refuses."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules refuse; the game state is left unchanged.

    ``reason`` is one human sentence saying what is wrong, fit to show a player.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AssetError(ValueError):
    """Game content in assets/ is missing or malformed (a packaging or data bug)."""
