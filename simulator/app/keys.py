"""One key table per screen: the same rows drive the key dispatch and the help overlay,
so a key cannot work without being listed, nor be listed without working.

A row names the keys as the help shows them, what they do, the presses that trigger it
and the handler (a method name of the screen or of its controller, looked up when the
key is pressed). A row without presses is a mouse gesture: listed, never dispatched.
A row may carry a guard: the name of a method returning whether the row applies now
(while a piece is held, while it is a human's turn); the first row whose press matches
and whose guard allows it takes the key.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

ANY_MODIFIERS = -1  # a press that matches whatever modifiers are held
# The modifier bits that change a key's meaning (pyglet.window.key's SHIFT, CTRL,
# ALT, COMMAND); lock keys (Caps, Num, Scroll) never do.
MEANINGFUL_MODIFIERS = 0x1 | 0x2 | 0x4 | 0x8


@dataclass(frozen=True)
class Press:
    symbol: int
    modifiers: int = 0  # exactly these (of the meaningful ones), or ANY_MODIFIERS

    def matches(self, symbol: int, modifiers: int) -> bool:
        if symbol != self.symbol:
            return False
        return (
            self.modifiers == ANY_MODIFIERS or (modifiers & MEANINGFUL_MODIFIERS) == self.modifiers
        )


@dataclass(frozen=True)
class KeyRow:
    """``keys`` and ``does`` as the help shows them; ``presses`` that run ``handler``
    (called with the symbol pressed) when ``guard`` (None: always) says so."""

    keys: str
    does: str
    presses: tuple[Press, ...] = ()
    handler: str | None = None
    guard: str | None = None

    def __post_init__(self) -> None:
        if bool(self.presses) != bool(self.handler):
            raise ValueError(f"key row {self.keys!r}: presses and a handler go together")


def keys(*symbols: int, modifiers: int = 0) -> tuple[Press, ...]:
    """Presses of each of ``symbols`` with the same ``modifiers``."""
    return tuple(Press(symbol, modifiers) for symbol in symbols)


class KeyTable:
    """The rows of one screen, in the order the help lists them."""

    def __init__(self, rows: Iterable[KeyRow]) -> None:
        self.rows: tuple[KeyRow, ...] = tuple(rows)

    def help_rows(self) -> list[tuple[str, str]]:
        return [(row.keys, row.does) for row in self.rows]

    def dispatch(self, target: Any, symbol: int, modifiers: int) -> bool:
        """Run the first row that takes this press on ``target``; whether one did."""
        for row in self.rows:
            if not any(press.matches(symbol, modifiers) for press in row.presses):
                continue
            if row.guard is not None and not getattr(target, row.guard)():
                continue
            assert row.handler is not None
            getattr(target, row.handler)(symbol)
            return True
        return False

    def missing_handlers(self, target: Any) -> Sequence[str]:
        """The handler and guard names ``target`` lacks (a test asks for none)."""
        names = {n for row in self.rows for n in (row.handler, row.guard) if n is not None}
        return sorted(n for n in names if not callable(getattr(target, n, None)))
