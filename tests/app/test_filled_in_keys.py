"""The Filled In key table on the turn controller, with no window: each row's keys do
what the help says, in the phase it says, and the help is the table."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.filled_in.keys import TABLE, Pressed
from simulator.app.filled_in.screen import FilledInScreen
from tests.app.filled_in_turns import centre, legal_spot, new_turns, until_placing


class Saves:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def save(self) -> None:
        self.calls.append("save")

    def load(self) -> None:
        self.calls.append("load")


def _press(turns, saves, symbol: int, modifiers: int = 0) -> bool:
    return TABLE.dispatch(Pressed(turns, saves, modifiers), symbol, modifiers)


def test_the_help_is_the_table_and_every_handler_exists() -> None:
    assert FilledInScreen.shortcuts == TABLE.help_rows()
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"))
    assert TABLE.missing_handlers(Pressed(turns, Saves(), 0)) == []


def test_digits_draft_in_the_draft_and_pick_colours_while_crafting() -> None:
    turns, moved = new_turns(("Ann", "human"), ("Bo", "human"))
    saves = Saves()
    assert _press(turns, saves, key.R) and turns.drafting()
    assert _press(turns, saves, key._3)
    assert (moved[-1][-1]["type"], moved[-1][-1]["die"]) == ("draft", 2)
    assert not _press(turns, saves, key.SPACE)  # no block to craft yet: not taken
    until_placing(turns)
    pending = turns.pending
    assert pending is not None
    before = len(turns.match.actions)
    assert _press(turns, saves, key._2)  # a colour now, never a die
    assert len(turns.match.actions) == before
    assert "colour" in turns.message
    shape_die = pending.shape_die
    _press(turns, saves, key.SPACE)
    assert pending.shape_die != shape_die or turns.message.startswith("Refused")
    _press(turns, saves, key.Q)
    _press(turns, saves, key.F)
    assert (pending.turns, pending.mirror) == (3, True)


def test_tab_and_shift_tab_go_round_the_sheets_and_ctrl_keys_save() -> None:
    turns, _ = new_turns(("Ann", "human"), ("Bo", "human"), ("Cy", "human"))
    saves = Saves()
    _press(turns, saves, key.TAB)
    assert turns.viewed == 1
    _press(turns, saves, key.TAB, key.MOD_SHIFT)
    _press(turns, saves, key.TAB, key.MOD_SHIFT)
    assert turns.viewed == 2
    assert _press(turns, saves, key.S, key.MOD_CTRL) and _press(turns, saves, key.O, key.MOD_CTRL)
    assert saves.calls == ["save", "load"]
    assert not _press(turns, saves, key.S)  # a shape only while crafting


def test_enter_inks_and_backspace_or_ctrl_z_rub_out() -> None:
    turns, moved = new_turns(("Ann", "human"), ("Bo", "human"))
    saves = Saves()
    until_placing(turns)
    x, y = centre(turns.geometry(), legal_spot(turns))
    for symbol, modifiers in ((key.BACKSPACE, 0), (key.Z, key.MOD_CTRL), (key.ESCAPE, 0)):
        turns.click_at(x, y)
        assert turns.live is not None
        _press(turns, saves, symbol, modifiers)
        assert turns.live is None and turns.message == "Rubbed out the block."
    turns.click_at(x, y)
    _press(turns, saves, key.RETURN)
    assert moved[-1][0]["type"] == "place"
