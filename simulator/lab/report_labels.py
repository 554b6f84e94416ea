"""Difficulty labels against the measurement, and whether two configurations differ.

A game's parameters say how hard their values are meant to be (``Parameter.difficulty``):
a LOTS footprint carries its difficulty in assets/lots/footprints.toml; a Crazy Tower
challenge carries its number, the rulebook's order, which the report reads as meant to
get harder as it grows. Within one series (the same game, mode and seats), a
configuration labelled easier that wins less often than one labelled harder is a
disagreement. Each one, and each pair the user names, gets the same verdict: the
difference with its interval, Fisher's exact test, and the games per configuration it
would take to tell the two rates apart (80 % power, 5 % two-sided).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from simulator.games.registry import GAMES, UnknownGame
from simulator.lab.report_data import GameRecord
from simulator.lab.report_tables import (
    COUNT,
    POINTS,
    PVALUE,
    RATE,
    SERIES_COLUMNS,
    Column,
    SeriesKey,
    Table,
    by_series_config,
)
from simulator.lab.stats import fisher_exact, games_to_tell, newcombe

SIGNIFICANCE = 0.05


def difficulty_label(game: str, config: Sequence[tuple[str, Any]]) -> int | None:
    """The difficulty the content itself claims for a configuration, or None."""
    labelled = _labelled(game, config)
    return None if labelled is None else labelled[1]


def _labelled(game: str, config: Sequence[tuple[str, Any]]) -> tuple[Any, int] | None:
    """The configuration's value that carries a difficulty, and that difficulty."""
    try:
        parameters = {p.name: p for p in GAMES.get(game).parameters}
    except UnknownGame:  # results of a game this build does not have
        return None
    for name, value in config:
        claims = parameters[name].difficulty if name in parameters else {}
        if value in claims:
            return value, claims[value]
    return None


def label_text(label: int) -> str:
    return f"difficulty {label}"


@dataclass(frozen=True)
class Cell:
    """The finished games of one configuration (or several pooled) in one series."""

    name: str
    wins: int
    games: int
    label: int | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games


def _cell(name: str, games: Sequence[GameRecord], label: int | None = None) -> Cell:
    done = [g for g in games if g.done]
    return Cell(name, sum(bool(g.winners) for g in done), len(done), label)


@dataclass(frozen=True)
class Verdict:
    series: SeriesKey
    first: Cell
    second: Cell

    @property
    def difference(self) -> float:
        return self.first.rate - self.second.rate

    @property
    def interval(self) -> tuple[float, float]:
        a, b = self.first, self.second
        return newcombe(a.wins, a.games, b.wins, b.games)

    @property
    def p(self) -> float:
        a, b = self.first, self.second
        return fisher_exact(a.wins, a.games, b.wins, b.games)

    @property
    def real(self) -> bool:
        return self.p < SIGNIFICANCE

    @property
    def games_needed(self) -> int | None:
        return games_to_tell(self.first.rate, self.second.rate)

    def row(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "game": self.series[0],
            "mode": self.series[1],
            "seats": self.series[2],
            "first": self.first.name,
            "first_wins": self.first.wins,
            "first_games": self.first.games,
            "first_rate": self.first.rate,
            "second": self.second.name,
            "second_wins": self.second.wins,
            "second_games": self.second.games,
            "second_rate": self.second.rate,
            "difference": self.difference,
            "low": low,
            "high": high,
            "p": self.p,
            "real": "yes" if self.real else "no",
            "games_to_tell": self.games_needed,
        }

    def sentence(self) -> str:
        a, b = self.first, self.second
        low, high = self.interval
        said = (
            f"{_name(a, True)} won {a.wins} of {a.games} games ({_pct(a.rate)}), "
            f"{_name(b)} {b.wins} of {b.games} ({_pct(b.rate)}); the difference, "
            f"{_points(self.difference)} points (95 % interval {_points(low)} to "
            f"{_points(high)}), "
        )
        if self.real:
            return said + f"is real at this sample size (Fisher's exact test: p = {_p(self.p)})."
        needed = self.games_needed
        tell = (
            "no number of games would tell them apart"
            if needed is None
            else f"telling it apart would take about {needed:,} games of each"
        )
        return said + f"is within chance at this sample size (p = {_p(self.p)}): {tell}."


def _name(cell: Cell, first: bool = False) -> str:
    """ "footprint 1A (difficulty 1)": the label said where the name does not say it
    (a challenge's number is its label)."""
    name = cell.name
    if cell.label is not None and "(" not in name and not name.endswith(f" {cell.label}"):
        name += f" ({label_text(cell.label)})"
    return name[:1].upper() + name[1:] if first else name


def _pct(rate: float) -> str:
    return f"{100 * rate:.0f} %"


def _points(difference: float) -> str:
    value = round(100 * difference)
    return f"{value:+d}" if value else "0"


def _p(p: float) -> str:
    return f"{p:.3f}" if p >= 0.001 else "< 0.001"


VERDICT_COLUMNS = [
    *SERIES_COLUMNS,
    Column("first", "configuration"),
    Column("first_wins", "won", COUNT),
    Column("first_games", "of", COUNT),
    Column("first_rate", "win rate", RATE),
    Column("second", "against"),
    Column("second_wins", "won", COUNT),
    Column("second_games", "of", COUNT),
    Column("second_rate", "win rate", RATE),
    Column("difference", "difference (points)", POINTS),
    Column("low", "95 % from", POINTS),
    Column("high", "95 % to", POINTS),
    Column("p", "p (Fisher)", PVALUE),
    Column("real", "real at 5 %"),
    Column("games_to_tell", "games each to tell", COUNT),
]


def disagreements(records: Sequence[GameRecord]) -> list[Verdict]:
    """Every pair within a series where the easier label wins less often, the pools of
    each label too when a label has several configurations; surest first."""
    found: list[Verdict] = []
    for series, configs in by_series_config(records).items():
        cells = []
        pooled: dict[int, list[GameRecord]] = defaultdict(list)
        names: dict[int, list[str]] = defaultdict(list)
        for config, games in configs.items():
            labelled = _labelled(series[0], config)
            cell = _cell(games[0].config_label, games, labelled and labelled[1])
            if labelled is None or cell.games == 0:
                continue
            value, label = labelled
            cells.append(cell)
            pooled[label].extend(games)
            names[label].append(str(value))
        if any(len(n) > 1 for n in names.values()):
            cells += [
                _cell(f"{label_text(label)} ({', '.join(names[label])})", g, label)
                for label, g in pooled.items()
                if len(names[label]) > 1
            ]
        for a, b in combinations(cells, 2):
            easier, harder = (a, b) if a.label < b.label else (b, a)  # type: ignore[operator]
            pool_mix = ("(" in easier.name) != ("(" in harder.name)
            if easier.label != harder.label and not pool_mix and easier.rate < harder.rate:
                found.append(Verdict(series, easier, harder))
    return sorted(found, key=lambda v: (v.p, v.series, v.first.name))


def verdict_table(name: str, title: str, verdicts: Sequence[Verdict], note: str) -> Table:
    return Table(name, title, list(VERDICT_COLUMNS), [v.row() for v in verdicts], note=note)


def disagreement_table(verdicts: Sequence[Verdict]) -> Table:
    note = (
        "Each row: a configuration labelled easier that won less often than one "
        "labelled harder, with the same seats."
    )
    title = "Difficulty labels the measurement disagrees with"
    return verdict_table("label_disagreements", title, verdicts, note)


class CompareError(ValueError):
    """A --compare that names no configuration of the results."""


def comparisons(records: Sequence[GameRecord], specs: Sequence[str]) -> list[Verdict]:
    """The verdict on each pair named as "A,B", in every series that has both."""
    found = []
    for spec in specs:
        names = [part.strip() for part in spec.split(",")]
        if len(names) != 2 or not all(names):
            raise CompareError(f"--compare {spec!r}: name two configurations, as in 1A,2A")
        matched = 0
        for series, configs in by_series_config(records).items():
            chosen = [_matching(configs, name) for name in names]
            if all(c is not None for c in chosen):
                first, second = (
                    _cell(c[0].config_label, c, difficulty_label(series[0], c[0].config))
                    for c in chosen
                    if c is not None
                )
                if first.games and second.games:
                    found.append(Verdict(series, first, second))
                    matched += 1
        if not matched:
            raise CompareError(
                f"--compare {spec!r}: no series of these results has finished games of both"
            )
    return found


def _matching(configs: dict[Any, list[GameRecord]], name: str) -> list[GameRecord] | None:
    """The games of the configuration called ``name``: a value ("1A", "5") or a label
    ("footprint 1A")."""
    for config, games in configs.items():
        values = {str(v).lower() for _, v in config}
        if name.lower() in values or name.lower() == games[0].config_label.lower():
            return games
    return None


def comparison_table(verdicts: Sequence[Verdict]) -> Table:
    note = "The configurations named with --compare, in every series that has both."
    return verdict_table("comparisons", "Comparisons asked for", verdicts, note)
