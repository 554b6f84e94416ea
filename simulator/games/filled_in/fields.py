"""Scenario and sheet-file fields that Filled In needs beyond ``simulator.scenario.fields``:
grid boxes as [row, col] pairs of whole numbers, and a number-or-list value."""

from __future__ import annotations

from typing import Any

from rules.pieces import Cell
from simulator.scenario.fields import Table


class GridTable(Table):
    """A ``Table`` that also reads boxes of a tower sheet."""

    @classmethod
    def of(cls, table: Table) -> GridTable:
        return cls(table.doc, table.data, table.label, header=table.header)

    def cell(self, key: str, *, required: bool = False) -> Cell | None:
        value = self._get(key, required)
        if value is None:
            return None
        return self._cell(value, key)

    def cells(self, key: str, *, required: bool = False) -> list[Cell] | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, list):
            self.fail("must be a list of [row, col] boxes", key)
        return [self._cell(item, key) for item in value]

    def integers(self, key: str, *, minimum: int | None = None) -> int | list[int] | None:
        """A whole number, or a list of whole numbers."""
        value = self._get(key, False)
        if value is None:
            return None
        items = value if isinstance(value, list) else [value]
        if not items or not all(_is_int(v) for v in items):
            self.fail("must be a whole number or a list of whole numbers", key)
        if minimum is not None and any(v < minimum for v in items):
            self.fail(f"must be at least {minimum}", key)
        return list(items) if isinstance(value, list) else value

    def _cell(self, value: Any, key: str) -> Cell:
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
            self.fail(f"boxes are [row, col] pairs of whole numbers, not {value!r}", key)
        if value[0] < 0 or value[1] < 0:
            self.fail(f"rows and columns count from 0, not {value!r}", key)
        return value[0], value[1]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
