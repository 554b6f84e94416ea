"""The keys every game screen shares, one key table (simulator/app/keys.py): GameScreen
dispatches it before the game's own table, and each game's help lists it after the
game's rows, in the game's words (its keys.py makes it with ``shared_keys``).

While a computer's move plays back only its skip and pace keys act; then Enter
confirms the live move, Backspace, Ctrl+Z or Esc undo it, Ctrl+S and Ctrl+O save and
load. H and F1 (the help) are the window's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pyglet.window import key

from simulator.app.keys import MOD_CTRL, KeyRow, KeyTable, Press, keys

SKIP_KEYS = (key.SPACE, key.RETURN)  # pyglet's ENTER is RETURN
FASTER_KEYS = (key.PLUS, key.EQUAL, key.NUM_ADD)  # = is + without Shift
SLOWER_KEYS = (key.MINUS, key.NUM_SUBTRACT)


@dataclass(frozen=True)
class SharedWords:
    """How a game's help says what the shared keys do. ``shown`` names a computer's
    move as it plays back ("placement"); None: the game's computer moves are never
    played back (no film: Filled In), so it has no skip or pace keys."""

    confirm: str = "confirm the move"
    undo: str = "undo the unconfirmed move"
    shown: str | None = "move"


def shared_keys(words: SharedWords) -> KeyTable:
    """The shared rows in ``words``; the handlers are ``SharedKeyActions``'."""
    rows = []
    if words.shown is not None:
        rows += [
            KeyRow(
                "Space, Enter, click",
                f"skip to the end of a computer's {words.shown} (nothing else meanwhile)",
                keys(*SKIP_KEYS),
                "skip",
                "showing_move",
            ),
            KeyRow(
                "+ / -",
                f"show a computer's {words.shown} faster or slower",
                keys(*FASTER_KEYS, *SLOWER_KEYS),
                "pace",
                "showing_move",
            ),
        ]
    rows += [
        KeyRow("Enter", words.confirm, keys(key.RETURN), "confirm", "at_rest"),
        KeyRow(
            "Backspace, Ctrl+Z, Esc",
            words.undo,
            (*keys(key.BACKSPACE, key.ESCAPE), Press(key.Z, MOD_CTRL)),
            "undo",
            "at_rest",
        ),
        KeyRow(
            "Ctrl+S / Ctrl+O",
            "save / load the game (a replayable scenario)",
            keys(key.S, key.O, modifiers=MOD_CTRL),
            "save_or_load",
            "at_rest",
        ),
    ]
    return KeyTable(rows)


SHARED_KEYS = shared_keys(SharedWords())  # a game screen's, unless its keys.py words them


class SharedKeysScreen(Protocol):
    """What the shared keys act on (GameScreen)."""

    def showing_move(self) -> bool: ...
    def skip_click(self) -> bool: ...
    def pace_move(self, steps: int) -> None: ...
    def confirm(self) -> None: ...
    def undo(self) -> None: ...
    def save(self) -> None: ...
    def load(self) -> None: ...


@dataclass(frozen=True)
class SharedKeyActions:
    """The shared table's guards and handlers, a press as the screen's call."""

    screen: SharedKeysScreen

    def showing_move(self) -> bool:
        return self.screen.showing_move()

    def at_rest(self) -> bool:
        """No computer's move is being shown (meanwhile only its own keys act)."""
        return not self.screen.showing_move()

    def skip(self, symbol: int) -> None:
        self.screen.skip_click()

    def pace(self, symbol: int) -> None:
        self.screen.pace_move(1 if symbol in FASTER_KEYS else -1)

    def confirm(self, symbol: int) -> None:
        self.screen.confirm()

    def undo(self, symbol: int) -> None:
        self.screen.undo()

    def save_or_load(self, symbol: int) -> None:
        if symbol == key.S:
            self.screen.save()
        else:
            self.screen.load()
