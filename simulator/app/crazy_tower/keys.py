"""The Crazy Tower screen's keys: one table is both the help's rows and the dispatch
(simulator/app/keys.py), on ``KeyActions``; rows without presses are the mouse's, listed
only. While a saboteur cover hides the table only ``COVER``'s keys act; the help goes on
with the keys every game shares (``SHARED``: simulator/app/shared_keys.py), which
GameScreen dispatches before ``TABLE``.
"""

from __future__ import annotations

from pyglet.window import key

from simulator.app.crazy_tower.hand import STEP, TILT
from simulator.app.crazy_tower.turn import DECLINE, PASS, REVEAL, CrazyTowerTurn
from simulator.app.keys import KeyRow, KeyTable, help_of, keys
from simulator.app.shared_keys import SharedWords, shared_keys

NUMBERS = (key._1, key._2, key._3, key._4, key._5, key._6, key._7, key._8, key._9)

TABLE = KeyTable(
    [
        KeyRow(
            "1-9 / click bank",
            "pick up that block (move A, or the block of move B)",
            keys(*NUMBERS),
            "number",
            "idle",
        ),
        KeyRow(
            "V",
            "reveal a floor card (move B): it comes into your hand",
            keys(key.V),
            "reveal",
            "idle",
        ),
        KeyRow("mouse", "move the hand (it pushes what it meets)"),
        KeyRow(
            "wheel, Q / E",
            f"tilt the piece {TILT:g} degrees",
            keys(key.Q, key.E),
            "tilt",
            "turning",
        ),
        KeyRow(
            "Left / Right, Up, hold Down",
            f"move the piece {STEP:g} cm / raise it / lower it slowly",
            keys(key.LEFT, key.RIGHT, key.UP, key.DOWN),
            "steer",
            "holding",
        ),
        KeyRow(
            "click, Space",
            "release the piece; Space also puts back what fell",
            keys(key.SPACE),
            "space",
        ),
        KeyRow("click a lower block", "diamonds box: grip it, pull it out sideways"),
        KeyRow("D", "decline the diamonds removal", keys(key.D), "decline", "idle"),
        KeyRow("P", "pass (only when nothing can be played)", keys(key.P), "pass_turn", "idle"),
        KeyRow("R", "show your secret role (saboteur mode)", keys(key.R), "show_role", "idle"),
    ]
)
COVER = KeyTable(  # a saboteur cover: the device is being passed, nothing else acts
    [
        KeyRow(
            "click, Space, Enter",
            "saboteur cover: take the device, hide your role again",
            keys(key.SPACE, key.RETURN),
            "uncover",
        )
    ]
)
SHARED = shared_keys(SharedWords())
HELP = help_of(TABLE, COVER, SHARED)


class KeyActions:
    """The table's guards and handlers: a key, as a call on the turn (which knows no
    key codes: it imports no pyglet)."""

    def __init__(self, turn: CrazyTowerTurn) -> None:
        self.turn = turn

    def idle(self) -> bool:
        return self.turn.idle()

    def holding(self) -> bool:
        return self.turn.holding()

    def turning(self) -> bool:
        return self.turn.turning()

    def number(self, symbol: int) -> None:
        self.turn.pick_numbered(NUMBERS.index(symbol))

    def reveal(self, symbol: int) -> None:
        self.turn.play(REVEAL)

    def decline(self, symbol: int) -> None:
        self.turn.play(DECLINE)

    def pass_turn(self, symbol: int) -> None:
        self.turn.play(PASS)

    def show_role(self, symbol: int) -> None:
        self.turn.show_role()

    def uncover(self, symbol: int) -> None:
        self.turn.uncover()

    def tilt(self, symbol: int) -> None:
        self.turn.hand.tilt(1 if symbol == key.Q else -1)

    def steer(self, symbol: int) -> None:
        """Down lowers whatever is held; the arrows move a piece being laid, not a
        block being pulled out."""
        turn, live = self.turn, self.turn.live
        if symbol == key.DOWN:
            turn.hand.lowering = True
        elif live is not None and turn.turning() and symbol == key.UP:
            turn.hand.lift()
        elif live is not None and turn.turning():
            turn.hand.step_sideways(live, -1 if symbol == key.LEFT else 1)

    def space(self, symbol: int) -> None:
        """Release what is held; with nothing held, put back what fell."""
        if self.turn.holding():
            self.turn.release()
        elif self.turn.idle():
            self.turn.put_back()
