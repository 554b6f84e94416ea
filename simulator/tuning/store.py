"""The results CSV: one row per finished run, keyed by the run's hash.

Each finished run rewrites the whole file through a temporary file and an atomic
rename, so an interrupted sweep leaves either the old or the new file, never half a row;
re-running reads the keys back and skips those runs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from simulator.files import write_atomically


class StoreError(ValueError):
    pass


class ResultStore:
    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        self.path = path
        self.columns = list(columns)
        self.rows: dict[str, dict[str, str]] = {}
        if path.exists():
            self._load()

    def _load(self) -> None:
        with self.path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            if reader.fieldnames != self.columns:
                raise StoreError(
                    f"{self.path}: written by a different experiment (other columns); "
                    "use another --out or delete the file"
                )
            for row in reader:
                self.rows[row["key"]] = row

    def __contains__(self, key: str) -> bool:
        return key in self.rows

    def add(self, record: dict[str, Any], order: dict[str, int]) -> None:
        self.rows[record["key"]] = {c: _text(record.get(c, "")) for c in self.columns}
        self._write(order)

    def _write(self, order: dict[str, int]) -> None:
        # Rows in experiment order whoever finished first, so the file does not depend
        # on scheduling; rows of runs no longer in the experiment go last.
        keys = sorted(self.rows, key=lambda k: (order.get(k, len(order)), k))
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, self.columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows[k] for k in keys)
        write_atomically(self.path, buffer.getvalue())


def _text(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)
