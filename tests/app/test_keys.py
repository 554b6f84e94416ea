"""The key table: one list drives both the dispatch and the help (no GL needed)."""

from __future__ import annotations

import pytest

from simulator.app.keys import ANY_MODIFIERS, KeyRow, KeyTable, Press, keys

A, B, S = 97, 98, 115
CTRL, SHIFT, CAPS = 0x2, 0x1, 0x10


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


def test_modifiers_must_match_but_lock_keys_do_not_count() -> None:
    target = Target()
    assert not TABLE.dispatch(target, S, 0)
    assert not TABLE.dispatch(target, S, CTRL | SHIFT)
    assert TABLE.dispatch(target, S, CTRL | CAPS)
    assert Press(S, ANY_MODIFIERS).matches(S, SHIFT)
    assert target.calls == [("save", S)]


def test_a_row_with_presses_needs_a_handler_and_missing_names_are_found() -> None:
    with pytest.raises(ValueError, match="presses and a handler"):
        KeyRow("A", "nothing", keys(A))
    table = KeyTable([KeyRow("A", "x", keys(A), "gone", guard="is_holding")])
    assert table.missing_handlers(Target()) == ["gone"]
    assert TABLE.missing_handlers(Target()) == []
