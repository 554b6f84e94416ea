"""An append-only store of JSON records, one line each, keyed by ``key``: the results
of the balance lab and of the tuning lab.

A record is appended and synced to disk as soon as its game or run finishes, so a killed
run loses nothing finished and a resumed one does only what has no record; writing costs
one line, however many records the store holds. A last line cut off by a kill is dropped
(with a warning) and its work done again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simulator.files import append_synced, whole_lines
from simulator.scenario.document import strict_json

Record = dict[str, Any]


class StoreError(ValueError):
    """The file holds something other than this store's records (one line)."""


class RecordStore:
    def __init__(
        self,
        path: Path,
        what: str,
        warn: Callable[[str], None] | None = None,
        check: Callable[[Record], str | None] | None = None,
    ) -> None:
        """``what`` names a record in errors ("a lab record"); ``check`` says what is
        wrong with a record read back (None: nothing)."""
        self.path = path
        self.what = what
        self.records: dict[str, Record] = {}
        self._check = check or (lambda record: None)
        self._load(warn or (lambda message: None))

    def _load(self, warn: Callable[[str], None]) -> None:
        if not self.path.exists():
            return
        lines, tail = whole_lines(self.path.read_bytes())
        if tail.strip():  # a line without its newline: the run died writing it
            warn(
                f"{self.path}:{len(lines) + 1}: the last record was cut off (a killed run?); "
                "it is dropped and done again"
            )
            with self.path.open("r+b") as handle:
                handle.truncate(sum(len(line) + 1 for line in lines))
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = strict_json(str(self.path), line.decode("utf-8"))
                key = record["key"]
            except (ValueError, TypeError, KeyError):  # ScenarioError and UnicodeError too
                raise StoreError(f"{self.path}:{number}: not {self.what}") from None
            if not isinstance(key, str):
                raise StoreError(f"{self.path}:{number}: not {self.what}")
            problem = self._check(record)
            if problem:
                raise StoreError(f"{self.path}:{number}: {problem}")
            self.records[key] = record

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def append(self, record: Record) -> None:
        """Write ``record`` as one line and sync it to disk before returning; OSError
        if the disk refuses it, the file then holding only the records before it."""
        line = json.dumps(record, allow_nan=False, separators=(",", ":")) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        append_synced(self.path, line.encode("utf-8"))
        self.records[record["key"]] = record

    def close(self) -> None:
        """Nothing is left to write: each record was synced as it was appended."""
