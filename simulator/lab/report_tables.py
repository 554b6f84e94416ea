"""The report's tables, computed from the game records: each a title, its columns and
rows of plain values, written as CSV and shown on the report's pages.

Rates count finished games only ("done"); crashed and timed-out games are counted in
every table that has a ``games`` column and listed in their own table with the command
that replays them. A series is one game and mode with one set of seats (the same
players, in any order); configurations are only compared within a series.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.lab.report_data import GameRecord
from simulator.lab.stats import quantile, wilson

# Column kinds: how a value is shown on the page (the CSV holds the plain value).
TEXT, COUNT, RATE, POINTS, NUMBER, PVALUE = "text", "count", "rate", "points", "number", "p"


@dataclass(frozen=True)
class Column:
    key: str
    heading: str
    kind: str = TEXT


@dataclass
class Table:
    name: str  # the CSV's file name, without .csv
    title: str
    columns: list[Column]
    rows: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""


SeriesKey = tuple[str, str, str]  # game, mode, seats
SERIES_COLUMNS = [Column("game", "game"), Column("mode", "mode"), Column("seats", "seats")]
CONFIG_COLUMNS = [*SERIES_COLUMNS, Column("config", "configuration")]
Row = dict[str, Any]
INTERVAL = [Column("low", "95 % from", RATE), Column("high", "95 % to", RATE)]


def series_of(record: GameRecord) -> SeriesKey:
    return record.game, record.mode, record.seats_label


def _series_row(key: SeriesKey) -> dict[str, Any]:
    return {"game": key[0], "mode": key[1], "seats": key[2]}


def config_order(config: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    """Natural order: challenge 2 before challenge 10, footprint 1A before 1B."""
    return tuple(
        (name, (0, value, "") if isinstance(value, int) else (1, 0, str(value)))
        for name, value in config
    )


def by_series_config(
    records: Iterable[GameRecord],
) -> dict[SeriesKey, dict[tuple[tuple[str, Any], ...], list[GameRecord]]]:
    """Records grouped by series, then configuration, both in a stable order."""
    groups: dict[SeriesKey, dict[tuple[tuple[str, Any], ...], list[GameRecord]]] = defaultdict(dict)
    for record in records:
        groups[series_of(record)].setdefault(record.config, []).append(record)
    return {
        key: dict(sorted(groups[key].items(), key=lambda item: config_order(item[0])))
        for key in sorted(groups)
    }


Config = tuple[tuple[str, Any], ...]


def per_config(records: Iterable[GameRecord]) -> Iterator[tuple[Config, list[GameRecord], Row]]:
    """Each configuration of each series, in the order of ``by_series_config``: the
    configuration, its games and the start of its row (the series and the
    configuration's label)."""
    for key, configs in by_series_config(records).items():
        for config, games in configs.items():
            yield config, games, {**_series_row(key), "config": games[0].config_label}


def _with_interval(row: dict[str, Any], wins: float, n: int, rate_key: str = "win_rate") -> None:
    low, high = wilson(wins, n)
    row[rate_key] = wins / n if n else None
    row["low"], row["high"] = (low, high) if n else (None, None)


def _counts(games: Sequence[GameRecord]) -> dict[str, int]:
    return {
        "games": len(games),
        "done": sum(g.done for g in games),
        "crashed": sum(g.status == "crashed" for g in games),
        "timeout": sum(g.status == "timeout" for g in games),
    }


COUNT_COLUMNS = [
    Column("games", "games", COUNT),
    Column("done", "finished", COUNT),
    Column("crashed", "crashed", COUNT),
    Column("timeout", "timed out", COUNT),
]


def configurations(records: Sequence[GameRecord], label_of: Callable[[str, Any], Any]) -> Table:
    """Win rate per configuration: the share of finished games that somebody won (in a
    solo game, the player's win rate)."""
    table = Table(
        "win_rates",
        "Win rate per configuration",
        [
            *CONFIG_COLUMNS,
            Column("label", "difficulty label"),
            *COUNT_COLUMNS,
            Column("wins", "won", COUNT),
            Column("win_rate", "win rate", RATE),
            *INTERVAL,
        ],
        note="The win rate is the share of finished games that somebody won: in a solo "
        "game, how often the player won.",
    )
    for config, games, row in per_config(records):
        done = [g for g in games if g.done]
        wins = sum(bool(g.winners) for g in done)
        row["label"] = label_of(row["game"], config)
        row.update(_counts(games), wins=wins)
        _with_interval(row, wins, len(done))
        table.rows.append(row)
    return table


def profiles(records: Sequence[GameRecord]) -> Table:
    """Win share per seat profile (bot level and hand), per configuration and over all."""
    table = Table(
        "hand_profiles",
        "Win rate per seat profile (bot level and hand)",
        [
            Column("game", "game"),
            Column("mode", "mode"),
            Column("config", "configuration"),
            Column("profile", "seat profile"),
            Column("seat_games", "seat-games", COUNT),
            Column("wins", "won", NUMBER),
            Column("win_rate", "win rate", RATE),
            *INTERVAL,
            Column("fair_share", "fair share", RATE),
        ],
        note="Every seat of a finished game counts once; a shared win counts as a part. "
        "The fair share is what the profile would win if every seat were equally good.",
    )
    everything = "all configurations"
    tally: dict[tuple[str, str, str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    order: dict[str, tuple[Any, ...]] = {everything: ()}
    configs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for record in (r for r in records if r.done):
        order.setdefault(record.config_label, config_order(record.config))
        configs[(record.game, record.mode)].add(record.config_label)
        for seat, profile in enumerate(record.seats):
            for config in (everything, record.config_label):
                entry = tally[(record.game, record.mode, config, profile.label)]
                entry[0] += 1
                entry[1] += record.share(seat)
                entry[2] += 1 / len(record.seats)
    keys = sorted(tally, key=lambda k: (k[0], k[1], order[k[2]], k[3]))
    for game, mode, config, label in keys:
        if config == everything and len(configs[(game, mode)]) == 1:
            continue  # it would repeat the one configuration's rows
        n, wins, fair = tally[(game, mode, config, label)]
        row: dict[str, Any] = {"game": game, "mode": mode, "config": config, "profile": label}
        # A solo player's fair share would be every game: no yardstick, so none is shown.
        share = fair / n if fair < n else None
        row.update(seat_games=int(n), wins=round(wins, 4), fair_share=share)
        _with_interval(row, wins, int(n))
        table.rows.append(row)
    return table


def _summary(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return dict.fromkeys(("mean", "sd", "min", "q1", "median", "q3", "max"))
    return {
        "mean": statistics.fmean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "q1": quantile(values, 0.25),
        "median": quantile(values, 0.5),
        "q3": quantile(values, 0.75),
        "max": max(values),
    }


SUMMARY_COLUMNS = [
    Column("mean", "mean", NUMBER),
    Column("sd", "sd", NUMBER),
    Column("min", "min", NUMBER),
    Column("q1", "lower quartile", NUMBER),
    Column("median", "median", NUMBER),
    Column("q3", "upper quartile", NUMBER),
    Column("max", "max", NUMBER),
]


def score_values(games: Iterable[GameRecord]) -> list[float]:
    """Every seat's final score of the finished games that have scores."""
    return [float(s) for g in games if g.done for s in g.seq("scores") or [] if s is not None]


def scores(records: Sequence[GameRecord]) -> Table:
    table = Table(
        "scores",
        "Score distribution per configuration",
        [
            *CONFIG_COLUMNS,
            Column("scores", "scores", COUNT),
            *SUMMARY_COLUMNS,
        ],
        note="Every seat's final score in every finished game.",
    )
    for _config, games, row in per_config(records):
        values = score_values(games)
        if values:
            table.rows.append({**row, "scores": len(values), **_summary(values)})
    return table


def accidents(records: Sequence[GameRecord]) -> Table:
    table = Table(
        "accidents",
        "Accidents, falls and collapses",
        [
            *CONFIG_COLUMNS,
            Column("done", "finished", COUNT),
            Column("games_with_fall", "games with a fall", COUNT),
            Column("fall_rate", "fall rate", RATE),
            Column("low", "95 % from", RATE),
            Column("high", "95 % to", RATE),
            Column("falls_per_game", "pieces fallen a game", NUMBER),
            Column("collapses", "collapses", COUNT),
            Column("collapse_rate", "collapse rate", RATE),
            Column("collapse_low", "95 % from", RATE),
            Column("collapse_high", "95 % to", RATE),
        ],
        note="A fall is any piece lost in the game (a LOTS accident, a Crazy Tower piece "
        "that fell); games without a physics world have none to count and are left out.",
    )
    for _config, games, row in per_config(records):
        done = [g for g in games if g.done]
        falls = [sum(f) for g in done if (f := g.seq("falls")) is not None]
        collapsed = [bool(g.raw["collapse"]) for g in done if g.raw.get("collapse") is not None]
        if not falls and not collapsed:
            continue
        with_fall = sum(1 for f in falls if f > 0)
        row.update(done=len(done), games_with_fall=with_fall)
        _with_interval(row, with_fall, len(falls), "fall_rate")
        row["falls_per_game"] = statistics.fmean(falls) if falls else None
        row["collapses"] = sum(collapsed) if collapsed else None
        low, high = wilson(sum(collapsed), len(collapsed))
        row["collapse_rate"] = sum(collapsed) / len(collapsed) if collapsed else None
        row["collapse_low"], row["collapse_high"] = (low, high) if collapsed else (None, None)
        table.rows.append(row)
    return table


def first_player(records: Sequence[GameRecord]) -> Table:
    table = Table(
        "first_player",
        "First-player advantage",
        [
            *CONFIG_COLUMNS,
            Column("games", "finished", COUNT),
            Column("first_wins", "first player won", NUMBER),
            Column("win_rate", "first player's win rate", RATE),
            *INTERVAL,
            Column("fair_share", "fair share", RATE),
        ],
        note="How often the seat that moved first won (a shared win counts as a part), "
        "against what it would win if moving first gave nothing: 1 in the number of "
        "players. Games of one player are left out.",
    )
    for _config, games, row in per_config(records):
        done = [
            g
            for g in games
            if g.done and len(g.seats) > 1 and g.raw.get("first_player") is not None
        ]
        if not done:
            continue
        wins = sum(g.share(int(g.raw["first_player"])) for g in done)
        row.update(games=len(done), first_wins=round(wins, 4))
        row["fair_share"] = statistics.fmean(1 / len(g.seats) for g in done)
        _with_interval(row, wins, len(done))
        table.rows.append(row)
    return table


def length(records: Sequence[GameRecord]) -> Table:
    table = Table(
        "game_length",
        "Game length",
        [
            *CONFIG_COLUMNS,
            Column("done", "finished", COUNT),
            *[
                Column(c.key, f"turns: {c.heading}", NUMBER)
                for c in SUMMARY_COLUMNS
                if c.key != "sd"
            ],
            Column("cpu_median", "CPU s (median)", NUMBER),
        ],
        note="Turns of the finished games, as the rules count them (Filled In: rounds).",
    )
    for _config, games, row in per_config(records):
        done = [g for g in games if g.done]
        turns = [float(g.raw["turns"]) for g in done if g.raw.get("turns") is not None]
        if not turns:
            continue
        summary = _summary(turns)
        summary.pop("sd")
        cpu = [float(g.raw["cpu_s"]) for g in done if g.raw.get("cpu_s") is not None]
        row["done"] = len(done)
        row.update(summary, cpu_median=statistics.median(cpu) if cpu else None)
        table.rows.append(row)
    return table


def failures(records: Sequence[GameRecord]) -> Table:
    table = Table(
        "failed_games",
        "Games that crashed or timed out",
        [
            Column("key", "game key"),
            *CONFIG_COLUMNS,
            Column("seed", "seed", COUNT),
            Column("status", "status"),
            Column("error", "error"),
            Column("replay", "replay it with"),
        ],
        note="These games are in no rate above; each replays with its command.",
    )
    for record in records:
        if record.done:
            continue
        row = {**_series_row(series_of(record)), "key": record.key, "config": record.config_label}
        row.update(
            seed=record.raw.get("seed"),
            status=record.status,
            error=_one_line(record.raw.get("error")),
            replay=record.raw.get("replay") or "",
        )
        table.rows.append(row)
    return table


def _one_line(text: Any) -> str:
    if not text:
        return ""
    lines = [line.strip() for line in str(text).strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""
