"""The LOTS key table: the help lists every key, and the same rows dispatch
the presses to the turns (no window: the keys are pyglet's numbers only)."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.lots.keys import SHARED, TABLE, LotsKeys
from simulator.app.lots.screen import LotsScreen
from tests.turns.lots_turns import new_turns, to_placement

HELP = [  # the LOTS keys first, then the keys every game shares in LOTS's words
    ("1-9 / click bank", "pick up that block"),
    ("mouse", "move the hand (it pushes what it meets)"),
    ("wheel, Q / E", "turn the piece a quarter turn"),
    ("F", "flip the piece over (mirror)"),
    ("Left / Right, Up, hold Down", "move the piece a column / raise it / lower it slowly"),
    ("click, Space", "release the piece"),
    ("C", "also place a purple cube"),
    ("K", "show / hide the chance of a fall at the ghost (six practice drops)"),
    ("Space (fallen piece)", "pick up the fallen piece to put it back"),
    ("R", "roll the die"),
    ("P", "pass (crew window)"),
    ("Space, Enter, click", "skip to the end of a computer's placement (nothing else meanwhile)"),
    ("+ / -", "show a computer's placement faster or slower"),
    ("Enter", "confirm the placement"),
    ("Backspace, Ctrl+Z, Esc", "undo the unconfirmed placement"),
    ("Ctrl+S / Ctrl+O", "save / load the game (a replayable scenario)"),
]


def test_the_help_is_the_table_and_every_row_has_its_handler() -> None:
    assert LotsScreen.shortcuts == HELP
    assert LotsScreen.shared_keys is SHARED
    turns, _ = new_turns()
    assert TABLE.missing_handlers(LotsKeys(turns)) == []


def test_the_table_rolls_picks_turns_and_moves_the_piece() -> None:
    turns, _ = new_turns()
    keys = LotsKeys(turns)
    assert not TABLE.dispatch(keys, key.Q, 0)  # nothing held: Q is no key now
    to_placement(turns)
    assert turns.match.state.phase == "place"
    assert not TABLE.dispatch(keys, key.R, 0)  # rolled already
    assert TABLE.dispatch(keys, key._1, 0) and turns.holding()
    assert TABLE.dispatch(keys, key.Q, key.MOD_SHIFT)  # Shift does not change a key
    assert not TABLE.dispatch(keys, key.Q, key.MOD_CTRL)  # Ctrl does: Ctrl+Q is no key
    assert TABLE.dispatch(keys, key.E, 0) and TABLE.dispatch(keys, key.E, 0)
    assert turns.angle == -90.0
    x, y = turns.target
    TABLE.dispatch(keys, key.UP, 0)
    assert turns.target == (x, y + turns.match.lot.grid.cell)
    TABLE.dispatch(keys, key.DOWN, 0)
    assert turns.lowering
    TABLE.dispatch(keys, key.RIGHT, 0)
    assert not turns.lowering and turns.target[0] > x
    assert TABLE.dispatch(keys, key.C, 0) and turns.with_cube
    assert not TABLE.dispatch(keys, key.S, 0)  # not in the table


def test_the_first_roll_is_r() -> None:
    turns, _ = new_turns()
    assert turns.my_move("roll")
    assert TABLE.dispatch(LotsKeys(turns), key.R, 0)
    assert turns.match.actions[-1]["type"] == "roll" and not turns.my_move("roll")
