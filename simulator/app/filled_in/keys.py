"""The Filled In screen's keys: one table (simulator/app/keys.py) is both the help the
window shows and the dispatch of every key press to the turn controller.

H and F1 are the window's own (the help itself); the mouse rows are listed for the
help only (the screen passes clicks, the wheel and motion to the controller).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pyglet.window import key

from simulator.app.filled_in.controller import FilledInTurns
from simulator.app.keys import ANY_MODIFIERS, KeyRow, KeyTable, keys

SHAPE_KEYS = {key.I: "I", key.O: "O", key.T: "T", key.L: "L", key.S: "S"}
DIGITS = tuple(range(key._1, key._9 + 1))


class Saving(Protocol):
    """What the screen does for the keys every game shares (GameScreen)."""

    def save(self) -> None: ...
    def load(self) -> None: ...


@dataclass(frozen=True)
class Pressed:
    """One key press on the Filled In screen, the target of the table's dispatch: each
    handler makes the symbol pressed into a call on the turn controller."""

    turns: FilledInTurns
    saving: Saving
    modifiers: int

    # -- guards ---------------------------------------------------------------------------

    def drafting(self) -> bool:
        return self.turns.drafting()

    def placing(self) -> bool:
        return self.turns.placing()

    # -- handlers -------------------------------------------------------------------------

    def roll(self, symbol: int) -> None:
        self.turns.roll()

    def draft(self, symbol: int) -> None:
        self.turns.draft(symbol - key._1)

    def swap_roles(self, symbol: int) -> None:
        self.turns.swap_roles()

    def pick_shape(self, symbol: int) -> None:
        self.turns.pick_shape(SHAPE_KEYS[symbol])

    def pick_colour(self, symbol: int) -> None:
        self.turns.pick_colour_number(symbol - key._1)

    def turn(self, symbol: int) -> None:
        self.turns.turn(1 if symbol == key.Q else -1)

    def flip(self, symbol: int) -> None:
        self.turns.flip()

    def purple(self, symbol: int) -> None:
        self.turns.toggle_purple()

    def crew(self, symbol: int) -> None:
        if symbol == key.C:
            self.turns.toggle_crew()
        else:
            self.turns.cycle_swap()

    def confirm(self, symbol: int) -> None:
        self.turns.confirm()

    def undo(self, symbol: int) -> None:
        self.turns.undo()

    def other_sheet(self, symbol: int) -> None:
        step = -1 if self.modifiers & key.MOD_SHIFT else 1
        self.turns.view(self.turns.viewed + step)

    def save_or_load(self, symbol: int) -> None:
        if symbol == key.S:
            self.saving.save()
        else:
            self.saving.load()


TABLE = KeyTable(
    [
        KeyRow("R", "roll the dice (when you are the roller)", keys(key.R), "roll"),
        KeyRow("1-9 / click a die", "draft that die", keys(*DIGITS), "draft", "drafting"),
        KeyRow(
            "Space / click your die",
            "swap the roles of your dice: shape die, colour die",
            keys(key.SPACE),
            "swap_roles",
            "placing",
        ),
        KeyRow(
            "I  O  T  L  S",
            "pick the shape when it is free (a '?' or a crew card)",
            keys(*SHAPE_KEYS),
            "pick_shape",
            "placing",
        ),
        KeyRow("1-5", "pick the colour when it is free", keys(*DIGITS), "pick_colour", "placing"),
        KeyRow("mouse", "move the block over your sheet: it snaps to the boxes"),
        KeyRow(
            "wheel, Q / E, right click",
            "turn the block a quarter turn",
            keys(key.Q, key.E),
            "turn",
            "placing",
        ),
        KeyRow("F", "flip the block over (mirror)", keys(key.F), "flip", "placing"),
        KeyRow("click", "draw it there in pencil (red: refused, with the reason)"),
        KeyRow(
            "P", "purple space: click a box to fill it in purple", keys(key.P), "purple", "placing"
        ),
        KeyRow(
            "C  /  X",
            "play your crew card  /  (Scavenger) swap a die",
            keys(key.C, key.X),
            "crew",
            "placing",
        ),
        KeyRow(
            "Enter",
            "confirm the turn in ink (it cannot be undone)",
            keys(key.RETURN, key.ENTER, modifiers=ANY_MODIFIERS),
            "confirm",
        ),
        KeyRow(
            "Backspace, Ctrl+Z, Esc",
            "rub out the last thing drawn in pencil",
            (
                *keys(key.BACKSPACE, key.ESCAPE, modifiers=ANY_MODIFIERS),
                *keys(key.Z, modifiers=key.MOD_CTRL),
            ),
            "undo",
        ),
        KeyRow(
            "Tab, Shift+Tab",
            "the next / previous player's sheet (or click their name)",
            (*keys(key.TAB), *keys(key.TAB, modifiers=key.MOD_SHIFT)),
            "other_sheet",
        ),
        KeyRow(
            "Ctrl+S / Ctrl+O",
            "save / load the game (a replayable scenario)",
            keys(key.S, key.O, modifiers=key.MOD_CTRL),
            "save_or_load",
        ),
        KeyRow("H, F1", "this help"),
    ]
)
