"""The results store: ``OUT/results.jsonl``, one JSON record per finished game, appended
and synced to disk as each game ends, so a killed run loses no finished game and a
resumed one plays only the games without a record."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

RESULTS = "results.jsonl"
RECORDINGS = "games"  # the folder of the games' recordings (--record), in the store's
Record = dict[str, Any]


class Store:
    def __init__(self, out: str | Path, warn: Callable[[str], None] | None = None) -> None:
        self.path = Path(out) / RESULTS
        self.records: dict[str, Record] = {}
        self._file: IO[str] | None = None
        self._load(warn or (lambda message: None))

    def _load(self, warn: Callable[[str], None]) -> None:
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        body, newline, tail = data.rpartition(b"\n")
        lines = body.split(b"\n") if newline else []
        if tail.strip():  # a line without its newline: the run died writing it
            warn(
                f"{self.path}:{len(lines) + 1}: the last record was cut off (a killed run?); "
                "it is dropped and its game played again"
            )
            with self.path.open("r+b") as handle:
                handle.truncate(len(body) + len(newline))
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                self.records[record["key"]] = record
            except (ValueError, TypeError, KeyError):
                raise StoreError(f"{self.path}:{number}: not a lab record") from None

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def append(self, record: Record) -> None:
        """Write ``record`` as one line and sync it to disk before returning."""
        if self._file is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(json.dumps(record, allow_nan=False, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self.records[record["key"]] = record

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class StoreError(ValueError):
    """The results file holds something other than lab records (one line)."""
