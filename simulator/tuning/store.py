"""The tuning lab's results: ``results.jsonl``, one record per finished run keyed by the
run's hash (simulator.records: appended and synced as each run ends, so a sweep costs
one line a run and an interrupted one loses nothing finished), and ``results.csv``,
the same rows in experiment order, written once when the sweep stops.

A results folder from before the JSON lines (a ``results.csv`` alone) is read into the
store on first use, so its runs are not run again.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from simulator.files import write_atomically
from simulator.records import Record, RecordStore, StoreError

__all__ = ["ResultStore", "StoreError"]

RECORDS = "results.jsonl"
TABLE = "results.csv"


class ResultStore:
    def __init__(self, out: Path, columns: Sequence[str]) -> None:
        self.out = out
        self.columns = list(columns)
        self.store = RecordStore(out / RECORDS, "a tuning run", check=self._other_columns)
        if not self.store.path.exists() and (out / TABLE).exists():
            for row in self._read_table():
                self.store.append(row)

    @property
    def path(self) -> Path:
        """The table readers open (results.csv)."""
        return self.out / TABLE

    @property
    def records_path(self) -> Path:
        """The store itself (results.jsonl)."""
        return self.store.path

    @property
    def rows(self) -> dict[str, dict[str, str]]:
        return self.store.records

    def _other_columns(self, record: Record) -> str | None:
        if list(record) != self.columns:
            return (
                "written by a different experiment (other columns); use another --out or "
                "delete the folder"
            )
        return None

    def _read_table(self) -> list[dict[str, str]]:
        with self.path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            if reader.fieldnames != self.columns:
                raise StoreError(
                    f"{self.path}: written by a different experiment (other columns); "
                    "use another --out or delete the folder"
                )
            return list(reader)

    def __contains__(self, key: str) -> bool:
        return key in self.store

    def add(self, record: dict[str, Any]) -> None:
        """Append one finished run (as the table's text)."""
        self.store.append({c: _text(record.get(c, "")) for c in self.columns})

    def write_table(self, order: dict[str, int]) -> None:
        """results.csv: rows in experiment order whoever finished first, so the file does
        not depend on scheduling; rows of runs no longer in the experiment go last."""
        rows = self.rows
        keys = sorted(rows, key=lambda k: (order.get(k, len(order)), k))
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, self.columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows[k] for k in keys)
        write_atomically(self.path, buffer.getvalue())

    def close(self) -> None:
        self.store.close()


def _text(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)
