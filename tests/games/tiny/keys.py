"""Tiny Tower's one key table: the same rows drive the screen's key dispatch and its
help (simulator/app/keys.py); the shared keys in Tiny Tower's words."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.keys import KeyRow, KeyTable, help_of, keys
from simulator.app.shared_keys import SharedWords, shared_keys

DIGITS = (key._1, key._2, key._3, key._4, key._5)  # the columns, from the left

TABLE = KeyTable(
    [
        KeyRow(
            "1-5, or a column's button",
            "put the next box at that column, from the left",
            keys(*DIGITS),
            "place_at",
            "my_turn",
        ),
    ]
)
# A box is placed whole, so Enter and Backspace only say so.
NOTHING_LIVE = ("nothing to confirm: a box is placed at once", "nothing to undo: it stays")
SHARED = shared_keys(SharedWords(*NOTHING_LIVE, shown="placement"))
HELP = help_of(TABLE, SHARED)
