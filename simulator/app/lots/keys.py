"""The LOTS screen's keys: one table (simulator/app/keys.py) drives both the dispatch and
the help overlay. Its rows run on ``LotsKeys``, which turns a press into the turns' call
(turns.py imports no pyglet, so the key symbols are read here); the mouse row is listed
only (screen.py takes the mouse). The help goes on with the keys every game shares
(``SHARED``, in LOTS's words: simulator/app/shared_keys.py), which GameScreen dispatches.
"""

from __future__ import annotations

from pyglet.window import key

from simulator.app.keys import KeyRow, KeyTable, help_of, keys
from simulator.app.lots.turns import LotsTurns
from simulator.app.shared_keys import SharedWords, shared_keys

DIGITS = tuple(range(key._1, key._9 + 1))
ARROWS = (key.LEFT, key.RIGHT, key.UP, key.DOWN)

TABLE = KeyTable(
    [
        KeyRow(
            "1-9 / click bank",
            "pick up that block",
            keys(*DIGITS),
            "pick",
            "placing",
        ),
        KeyRow("mouse", "move the hand (it pushes what it meets)"),
        KeyRow(
            "wheel, Q / E",
            "turn the piece a quarter turn",
            keys(key.Q, key.E),
            "turn",
            "holding",
        ),
        KeyRow("F", "flip the piece over (mirror)", keys(key.F), "flip", "holding"),
        KeyRow(
            "Left / Right, Up, hold Down",
            "move the piece a column / raise it / lower it slowly",
            keys(*ARROWS),
            "arrow",
            "holding",
        ),
        KeyRow(
            "click, Space",
            "release the piece",
            keys(key.SPACE),
            "release",
            "holding",
        ),
        KeyRow("C", "also place a purple cube", keys(key.C), "cube"),
        KeyRow(
            "K",
            "show / hide the chance of a fall at the ghost (six practice drops)",
            keys(key.K),
            "risk",
        ),
        KeyRow(
            "Space (fallen piece)",
            "pick up the fallen piece to put it back",
            keys(key.SPACE),
            "replace",
            "replacing",
        ),
        KeyRow("R", "roll the die", keys(key.R), "roll", "rolling"),
        KeyRow("P", "pass (crew window)", keys(key.P), "pass_turn", "passing"),
    ]
)
SHARED = shared_keys(
    SharedWords(
        confirm="confirm the placement",
        undo="undo the unconfirmed placement",
        shown="placement",
    )
)
HELP = help_of(TABLE, SHARED)


class LotsKeys:
    """The guards and handlers ``TABLE`` names, on the turns."""

    def __init__(self, turns: LotsTurns) -> None:
        self.turns = turns

    # -- guards: whether a row applies now -------------------------------------------------

    def holding(self) -> bool:
        return self.turns.holding()

    def placing(self) -> bool:
        return self.turns.my_move("place")

    def replacing(self) -> bool:
        return self.turns.my_move("replace")

    def rolling(self) -> bool:
        return self.turns.my_move("roll")

    def passing(self) -> bool:
        return self.turns.my_move("bonus", "steal")

    # -- handlers, called with the key pressed ---------------------------------------------

    def pick(self, symbol: int) -> None:
        self.turns.pick_bank(symbol - key._1)

    def turn(self, symbol: int) -> None:
        self.turns.turn(1 if symbol == key.Q else -1)

    def flip(self, _symbol: int) -> None:
        self.turns.flip()

    def arrow(self, symbol: int) -> None:
        if symbol == key.DOWN:
            self.turns.lower()
        elif symbol == key.UP:
            self.turns.raise_piece()
        else:
            self.turns.step_sideways(-1 if symbol == key.LEFT else 1)

    def release(self, _symbol: int) -> None:
        self.turns.release()

    def cube(self, _symbol: int) -> None:
        self.turns.toggle_cube()

    def risk(self, _symbol: int) -> None:
        self.turns.toggle_risk()

    def replace(self, _symbol: int) -> None:
        self.turns.pick_replacement()

    def roll(self, _symbol: int) -> None:
        self.turns.roll()

    def pass_turn(self, _symbol: int) -> None:
        self.turns.pass_turn()
