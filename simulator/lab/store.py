"""The lab's results store: ``OUT/results.jsonl``, one JSON record per finished game
(simulator.records: appended and synced as each game ends, so a killed run loses no
finished game and a resumed one plays only the games without a record)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from simulator.records import RecordStore, StoreError

RESULTS = "results.jsonl"
RECORDINGS = "games"  # the folder of the games' recordings (--record), in the store's

__all__ = ["RECORDINGS", "RESULTS", "StoreError", "open_store"]


def open_store(out: str | Path, warn: Callable[[str], None] | None = None) -> RecordStore:
    """The results store of a tournament whose output folder is ``out``."""
    return RecordStore(Path(out) / RESULTS, "a lab record", warn)
