"""The human hand's noise in a LOTS game played in the app: the salt (``Chance.fork``)
of its stream, one draw per action (simulator.seeds.hand_chance), so that a loaded
game draws what the unsaved one would have. A live game with a given seed shows which
salt it used, so LOTS keeps this value (Crazy Tower has its own)."""

from __future__ import annotations

LOTS_HAND_SALT = 0x4A4E0
