"""The Filled In screen's keys: one table (simulator/app/keys.py) is both the help the
window shows and the dispatch of every key press to the turn controller.

The mouse rows are listed for the help only (the screen passes clicks, the wheel and
motion to the controller). The help goes on with the keys every game shares
(``SHARED``, in Filled In's words: simulator/app/shared_keys.py), which GameScreen
dispatches: Enter inks the turn, Backspace rubs out, Ctrl+S and Ctrl+O save and load.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyglet.window import key

from simulator.app.filled_in.controller import FilledInTurns
from simulator.app.keys import MOD_SHIFT, KeyRow, KeyTable, help_of, keys
from simulator.app.shared_keys import SharedWords, shared_keys

SHAPE_KEYS = {key.I: "I", key.O: "O", key.T: "T", key.L: "L", key.S: "S"}
DIGITS = tuple(range(key._1, key._9 + 1))
COLOUR_KEYS = DIGITS[:5]  # the five colours, in the rulebook's order


@dataclass(frozen=True)
class Pressed:
    """One key press on the Filled In screen, the target of the table's dispatch: each
    handler makes the symbol pressed into a call on the turn controller."""

    turns: FilledInTurns
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

    def other_sheet(self, symbol: int) -> None:
        step = -1 if self.modifiers & MOD_SHIFT else 1
        self.turns.view(self.turns.viewed + step)


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
        KeyRow(
            "1-5", "pick the colour when it is free", keys(*COLOUR_KEYS), "pick_colour", "placing"
        ),
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
            "Tab, Shift+Tab",
            "the next / previous player's sheet (or click their name)",
            keys(key.TAB),  # Shift goes back: other_sheet reads it
            "other_sheet",
        ),
    ]
)
SHARED = shared_keys(
    SharedWords(
        confirm="confirm the turn in ink (it cannot be undone)",
        undo="rub out the last thing drawn in pencil",
        shown=None,  # no world to film: a computer's move shows at once
    )
)
HELP = help_of(TABLE, SHARED)
