"""One key table per screen: the same rows drive the key dispatch and the help overlay,
so a key cannot work without being listed, nor be listed without working.

A row names the keys as the help shows them, what they do, the presses that trigger it
and the handler (a method name of the screen or of its controller, looked up when the
key is pressed). A row without presses is a mouse gesture: listed, never dispatched.
A row may carry a guard: the name of a method returning whether the row applies now
(while a piece is held, while it is a human's turn); the first row whose press matches
and whose guard allows it takes the key.

One modifier rule for every screen: Ctrl, Alt and Command must be held exactly as a
press names them (Ctrl+S is never S, and S is never Ctrl+S), while Shift and the lock
keys never change a key (Shift+Q tilts as Q does, Caps Lock on changes nothing). A key
that reads Shift (Shift+Tab) does so in its handler.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# pyglet.window.key's modifier bits, named here so that the tables' tests need no
# pyglet window (importing it without a display fails).
MOD_SHIFT, MOD_CTRL, MOD_ALT, MOD_COMMAND = 0x1, 0x2, 0x4, 0x40
# The modifiers that change a key's meaning; Shift and the locks (Caps 0x8, Num 0x10,
# Scroll 0x100) do not.
MEANINGFUL_MODIFIERS = MOD_CTRL | MOD_ALT | MOD_COMMAND


@dataclass(frozen=True)
class Press:
    symbol: int
    modifiers: int = 0  # exactly these of Ctrl, Alt and Command (Shift: either way)

    def __post_init__(self) -> None:
        if self.modifiers & ~MEANINGFUL_MODIFIERS:
            raise ValueError(
                f"key {self.symbol}: a press names only Ctrl, Alt or Command; "
                "Shift and the lock keys never change a key"
            )

    def matches(self, symbol: int, modifiers: int) -> bool:
        return symbol == self.symbol and (modifiers & MEANINGFUL_MODIFIERS) == self.modifiers


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

    def takes(self, symbol: int, modifiers: int) -> bool:
        """Whether one of the row's presses is this one (its guard aside)."""
        return any(press.matches(symbol, modifiers) for press in self.presses)


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
            if not row.takes(symbol, modifiers):
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


def help_of(*tables: KeyTable) -> list[tuple[str, str]]:
    """The help of a screen that dispatches several tables: their rows, in order."""
    return [row for table in tables for row in table.help_rows()]
