"""What the window can draw over any screen without leaving it: a first-game guide or
the rules page (simulator/app/guide.py, rules_page.py), and the keys a screen adds to
the help overlay to open them.

The window gives an overlay the input first; an overlay returns True for what it took.
A modal overlay (the rules page) takes every click, key and typed letter; the guide is
not modal: the player plays through it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class HelpAction:
    """A key the help overlay lists for the screen on show, which works anywhere on it."""

    symbol: int  # pyglet key symbol
    keys: str  # as the help writes it
    what: str
    action: Callable[[], object]  # what it returns is not used


class Overlay(ABC):
    modal: ClassVar[bool] = False
    closed: bool = False  # the window drops a closed overlay

    @abstractmethod
    def draw(self, window: Any, base: Any) -> None:
        """Draw over the screen; ``window.view`` is the letterbox matrix ``base``."""

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        return self.modal

    def on_mouse_scroll(self, scroll_y: float) -> bool:
        return self.modal

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return self.modal

    def close(self) -> None:
        """Stop showing; free what it drew (safe twice)."""
        self.closed = True
