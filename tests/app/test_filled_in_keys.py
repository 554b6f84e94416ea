"""The Filled In key table on the turn controller, with no window: each row's keys do
what the help says, in the phase it says, and the help is the table."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.filled_in.keys import SHARED, TABLE, Pressed
from simulator.app.filled_in.screen import FilledInScreen
from simulator.app.keys import help_of
from tests.app.filled_in_helpers import open_filled_in, press
from tests.app.helpers import close
from tests.turns.filled_in_turns import centre, legal_spot, new_turns, until_placing


def _press(turns, symbol: int, modifiers: int = 0) -> bool:
    return TABLE.dispatch(Pressed(turns, modifiers), symbol, modifiers)


def test_the_help_is_the_table_and_every_handler_exists() -> None:
    assert FilledInScreen.shortcuts == help_of(TABLE, SHARED)
    assert FilledInScreen.shared_keys is SHARED
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"))
    assert TABLE.missing_handlers(Pressed(turns, 0)) == []


def test_digits_draft_in_the_draft_and_pick_colours_while_crafting() -> None:
    turns, moved = new_turns(("Ann", "human"), ("Bo", "human"))
    assert _press(turns, key.R) and turns.drafting()
    assert _press(turns, key._3)
    assert (moved[-1][-1]["type"], moved[-1][-1]["die"]) == ("draft", 2)
    assert not _press(turns, key.SPACE)  # no block to craft yet: not taken
    until_placing(turns)
    pending = turns.pending
    assert pending is not None
    before = len(turns.match.actions)
    assert _press(turns, key._2)  # a colour now, never a die
    assert len(turns.match.actions) == before
    assert "colour" in turns.message
    shape_die = pending.shape_die
    _press(turns, key.SPACE)
    assert pending.shape_die != shape_die or turns.message.startswith("Refused")
    _press(turns, key.Q)
    _press(turns, key.F)
    assert (pending.turns, pending.mirror) == (3, True)


def test_tab_and_shift_tab_go_round_the_sheets_and_ctrl_is_no_shape() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"), ("Cy", "human"))
    _press(turns, key.TAB)
    assert turns.viewed == 1
    _press(turns, key.TAB, key.MOD_SHIFT)
    _press(turns, key.TAB, key.MOD_SHIFT)
    assert turns.viewed == 2
    assert not _press(turns, key.S)  # a shape only while crafting
    until_placing(turns)
    assert not _press(turns, key.S, key.MOD_CTRL)  # Ctrl+S saves (the shared keys): no shape
    assert _press(turns, key.S, key.MOD_SHIFT)  # Shift+S is S


def test_on_the_screen_enter_inks_and_backspace_ctrl_z_or_esc_rub_out() -> None:
    window, screen = open_filled_in(seats=(("Ann", "human"), ("Bo", "human")))
    try:
        turns = screen.turns
        until_placing(turns)
        x, y = centre(turns.geometry(), legal_spot(turns))
        for symbol, modifiers in ((key.BACKSPACE, 0), (key.Z, key.MOD_CTRL), (key.ESCAPE, 0)):
            turns.click_at(x, y)
            assert turns.live is not None
            press(window, symbol, modifiers)
            assert turns.live is None and screen.message == "Rubbed out the block."
        turns.click_at(x, y)
        press(window, key.RETURN, key.MOD_CTRL)  # Ctrl+Enter is no key
        assert turns.live is not None
        press(window, key.RETURN)
        assert screen.match.actions[-1]["type"] == "place"
    finally:
        close(window)
