"""Reading the lab's results store (``results.jsonl``, one JSON object a game) for the
report: tolerant of a run that was killed mid-line, strict about anything else.

A torn last line (no newline at its end, not valid JSON) is what a killed writer leaves:
it is skipped with a warning, as the runner skips it when it resumes. Any other line that
is not a game record makes the file malformed: one line naming the file, the line and
the fault.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.files import NotRegularFile, TooLarge, read_limited
from simulator.scenario.document import strict_json
from simulator.scenario.errors import ScenarioError

RESULTS_NAME = "results.jsonl"
MAX_BYTES = 2_000_000_000  # 2 GB: over a million games
DONE = "done"
STATUSES = ("done", "crashed", "timeout")
REQUIRED = ("key", "game", "status", "seats", "config", "seed")


class ResultsError(ValueError):
    """A results file that cannot be read; the message is one line."""


@dataclass(frozen=True)
class Seat:
    level: str
    hand: str | None  # None: the level's own hand (or no hand: Filled In, random)

    @property
    def label(self) -> str:
        return self.level if not self.hand else f"{self.level} ({self.hand})"


@dataclass(frozen=True)
class GameRecord:
    """One game of the store, as the report uses it (the raw dict is kept for the rest)."""

    raw: Mapping[str, Any]

    @property
    def key(self) -> str:
        return str(self.raw["key"])

    @property
    def game(self) -> str:
        return str(self.raw["game"])

    @property
    def mode(self) -> str:
        return str(self.raw.get("mode") or "")

    @property
    def status(self) -> str:
        return str(self.raw["status"])

    @property
    def done(self) -> bool:
        return self.status == DONE

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(str(s.get("level")), s.get("hand")) for s in self.raw["seats"])

    @property
    def config(self) -> tuple[tuple[str, Any], ...]:
        return tuple(sorted(dict(self.raw["config"]).items()))

    @property
    def config_label(self) -> str:
        return config_label(self.config)

    @property
    def seats_label(self) -> str:
        """The seats regardless of order: the same players seated otherwise are the same."""
        labels = sorted(s.label for s in self.seats)
        return " vs ".join(labels)

    @property
    def winners(self) -> list[int]:
        return [int(w) for w in self.raw.get("winners") or []]

    def share(self, seat: int) -> float:
        """What the seat won: 1, or a part of a shared win, or 0."""
        winners = self.winners
        return 1 / len(winners) if seat in winners else 0.0

    def seq(self, name: str) -> list[Any] | None:
        value = self.raw.get(name)
        return list(value) if isinstance(value, list) else None


def config_label(config: Iterable[tuple[str, Any]]) -> str:
    """{"footprint": "1A"} -> "footprint 1A"; an empty configuration is the standard one."""
    parts = [f"{name} {value}" for name, value in config]
    return ", ".join(parts) or "standard setup"


@dataclass(frozen=True)
class Results:
    records: list[GameRecord]
    warnings: list[str]
    sources: list[str]


def results_path(given: str | Path) -> Path:
    """A results file, or a tournament's folder holding one."""
    path = Path(given)
    return path / RESULTS_NAME if path.is_dir() else path


def load_results(paths: Sequence[str | Path]) -> Results:
    """Every game of the given stores (a key seen twice keeps its last record, with a
    warning); ResultsError for a missing or malformed file."""
    by_key: dict[str, GameRecord] = {}
    warnings: list[str] = []
    sources = []
    for given in paths:
        path = results_path(given)
        sources.append(str(path))
        for record in _read(path, warnings):
            if record.key in by_key:
                warnings.append(
                    f"{path}: game {record.key} appears again; the later record is used"
                )
            by_key[record.key] = record
    return Results(list(by_key.values()), warnings, sources)


def _read(path: Path, warnings: list[str]) -> list[GameRecord]:
    try:
        data = read_limited(path, MAX_BYTES)
    except FileNotFoundError:
        raise ResultsError(f"{path}: no such file") from None
    except (NotRegularFile, TooLarge) as exc:
        raise ResultsError(f"{path}: {exc.strerror}") from None
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read it: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ResultsError(f"{path}: not a results file (not UTF-8 text)") from None
    lines = text.split("\n")
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        torn = number == len(lines)  # the last line has no newline: a write cut short
        try:
            raw = strict_json(str(path), line)
        except ScenarioError as exc:
            if torn:
                warnings.append(f"{path}:{number}: the last line is cut short; skipped")
                continue
            detail = exc.message.removeprefix("invalid JSON: ")
            raise ResultsError(f"{path}:{number}: not JSON ({detail})") from None
        problem = _problem(raw)
        if problem:
            raise ResultsError(f"{path}:{number}: {problem}")
        records.append(GameRecord(raw))
    return records


def _problem(raw: Any) -> str | None:
    if not isinstance(raw, dict):
        return "not a game record (a JSON object)"
    missing = [k for k in REQUIRED if k not in raw]
    if missing:
        return f"a game record needs {', '.join(missing)}"
    if raw["status"] not in STATUSES:
        return f"status {raw['status']!r} is not one of {', '.join(STATUSES)}"
    if not isinstance(raw["seats"], list) or not all(isinstance(s, dict) for s in raw["seats"]):
        return "seats must be a list of {name, level, hand}"
    if not raw["seats"]:
        return "a game needs at least one seat"
    if not isinstance(raw["config"], dict):
        return "config must be an object"
    for name in ("winners", "scores", "falls"):
        value = raw.get(name)
        if value is not None and not (
            isinstance(value, list) and all(v is None or _number(v) for v in value)
        ):
            return f"{name} must be a list of numbers or null"
    for name in ("turns", "first_player", "cpu_s"):
        if raw.get(name) is not None and not _number(raw[name]):
            return f"{name} must be a number or null"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


__all__ = ["GameRecord", "Results", "ResultsError", "Seat", "load_results"]
