"""The key table: one list drives both the dispatch and the help (no GL needed)."""

from __future__ import annotations

import pytest

from simulator.app.keys import KeyRow, KeyTable, Press, help_of, keys

A, B, S = 97, 98, 115
SHIFT, CTRL, ALT, CAPS, NUM, COMMAND = 0x1, 0x2, 0x4, 0x8, 0x10, 0x40  # pyglet's bits


class Target:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self.holding = False

    def is_holding(self) -> bool:
        return self.holding

    def turn(self, symbol: int) -> None:
        self.calls.append(("turn", symbol))

    def other(self, symbol: int) -> None:
        self.calls.append(("other", symbol))

    def save(self, symbol: int) -> None:
        self.calls.append(("save", symbol))


TABLE = KeyTable(
    [
        KeyRow("mouse", "move the hand"),
        KeyRow("A / B", "turn the piece", keys(A, B), "turn", guard="is_holding"),
        KeyRow("A", "something else", keys(A), "other"),
        KeyRow("Ctrl+S", "save", keys(S, modifiers=CTRL), "save"),
    ]
)


def test_the_help_lists_every_row_in_order() -> None:
    assert TABLE.help_rows() == [
        ("mouse", "move the hand"),
        ("A / B", "turn the piece"),
        ("A", "something else"),
        ("Ctrl+S", "save"),
    ]


def test_the_first_row_whose_guard_allows_takes_the_key() -> None:
    target = Target()
    assert TABLE.dispatch(target, A, 0)
    target.holding = True
    assert TABLE.dispatch(target, A, 0)
    assert not TABLE.dispatch(target, 120, 0)  # no row: not taken
    target.holding = False
    assert not TABLE.dispatch(target, B, 0)  # only row for B is guarded off
    assert target.calls == [("other", A), ("turn", A)]


def test_ctrl_alt_and_command_must_match_while_shift_and_the_locks_never_count() -> None:
    target = Target()
    assert not TABLE.dispatch(target, S, 0)  # S is not Ctrl+S
    assert not TABLE.dispatch(target, S, CTRL | ALT)
    assert not TABLE.dispatch(target, S, COMMAND)
    assert TABLE.dispatch(target, S, CTRL | CAPS | NUM)  # Caps or Num Lock on: still Ctrl+S
    assert TABLE.dispatch(target, S, CTRL | SHIFT)  # Shift never changes a key
    assert TABLE.dispatch(target, A, SHIFT | CAPS)  # Shift+A is A
    assert not TABLE.dispatch(target, A, CTRL)  # Ctrl+A is not A
    assert target.calls == [("save", S), ("save", S), ("other", A)]


def test_a_press_cannot_ask_for_shift_or_a_lock_key() -> None:
    with pytest.raises(ValueError, match="only Ctrl, Alt or Command"):
        Press(A, SHIFT)
    with pytest.raises(ValueError, match="only Ctrl, Alt or Command"):
        Press(A, CTRL | CAPS)


def test_help_of_lists_several_tables_in_order() -> None:
    more = KeyTable([KeyRow("B", "more", keys(B), "other")])
    assert help_of(TABLE, more) == [*TABLE.help_rows(), ("B", "more")]


def test_a_row_with_presses_needs_a_handler_and_missing_names_are_found() -> None:
    with pytest.raises(ValueError, match="presses and a handler"):
        KeyRow("A", "nothing", keys(A))
    table = KeyTable([KeyRow("A", "x", keys(A), "gone", guard="is_holding")])
    assert table.missing_handlers(Target()) == ["gone"]
    assert TABLE.missing_handlers(Target()) == []
