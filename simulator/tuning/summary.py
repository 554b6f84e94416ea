"""Per-point summaries of a results table: cost, failures, threshold errors, collapses."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

FAILED = ("fail", "error", "diverged")


@dataclass
class PointSummary:
    params: tuple[tuple[str, str], ...]
    runs: int = 0
    failed: int = 0
    wall_s: float = 0.0
    steps: int = 0
    errors: dict[str, float] = field(default_factory=dict)  # threshold label -> error/tol
    raw_errors: dict[str, tuple[float, str]] = field(default_factory=dict)
    games: int = 0
    collapsed: int = 0
    fallen: int = 0

    @property
    def worst(self) -> float:
        """Largest |threshold error| as a fraction of its tolerance (<= 1 meets all)."""
        return max((abs(e) for e in self.errors.values()), default=float("nan"))

    @property
    def collapse_rate(self) -> float:
        return self.collapsed / self.games if self.games else float("nan")

    @property
    def fallen_per_game(self) -> float:
        return self.fallen / self.games if self.games else float("nan")

    def label(self) -> str:
        return ", ".join(f"{k}={_short(v) if k == 'dt' else _plain(v)}" for k, v in self.params)


def summarize(rows: Iterable[dict[str, str]], params: Sequence[str]) -> list[PointSummary]:
    points: dict[tuple[tuple[str, str], ...], PointSummary] = {}
    for row in rows:
        key = tuple((p, row[p]) for p in params)
        s = points.setdefault(key, PointSummary(key))
        s.runs += 1
        s.failed += row["verdict"] in FAILED
        s.wall_s += float(row["wall_s"] or 0)
        s.steps += int(float(row["steps"] or 0))
        if row["kind"] == "threshold" and row["error"] != "":
            error, tolerance = float(row["error"]), float(row["tolerance"])
            name = row["target"].removeprefix("threshold:")
            s.errors[name] = error / tolerance
            s.raw_errors[name] = (error, row["unit"])
        if row["kind"] == "lots-game":
            s.games += 1
            s.collapsed += row["verdict"] == "collapsed"
            s.fallen += int(row["fallen"] or 0)
    return list(points.values())


def pareto(points: Sequence[PointSummary], score: str = "worst") -> list[PointSummary]:
    """Points no other point beats on both cost (wall time) and ``score`` (lower is
    better), cheapest first."""
    front: list[PointSummary] = []
    for p in sorted(points, key=lambda s: (s.wall_s, getattr(s, score))):
        value = getattr(p, score)
        if value != value:  # nan: nothing to compare
            continue
        if not front or value < getattr(front[-1], score):
            front.append(p)
    return front


def _short(value: str) -> str:
    try:
        number = float(value)
    except ValueError:
        return value
    if number and abs(1 / number - round(1 / number)) < 1e-6 and abs(number) < 0.1:
        return f"1/{round(1 / number)}"
    return f"{number:g}"


def _plain(value: str) -> str:
    try:
        return f"{float(value):g}"
    except ValueError:
        return value
