"""The report's plots (matplotlib, Agg: files only): per series, the win rate of each
configuration with its 95 % interval, and the distribution of its scores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from simulator.files import write_figure
from simulator.games.registry import GAMES, UnknownGame
from simulator.lab.report_data import GameRecord
from simulator.lab.report_tables import SeriesKey, Table, by_series_config, score_values

DPI = 110
LABEL_COLOURS = ["tab:green", "tab:blue", "tab:orange", "tab:red", "tab:purple", "tab:brown"]

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _pyplot() -> ModuleType:
    import matplotlib  # lazy: extra

    matplotlib.use("Agg")  # files only: no display here or in CI
    import matplotlib.pyplot as plt  # lazy: extra

    return plt


def slug(series: SeriesKey) -> str:
    text = "-".join(part for part in series if part)
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def series_title(series: SeriesKey) -> str:
    game, mode, seats = series
    try:
        title = GAMES.get(game).title
    except UnknownGame:  # a plug-in game not registered in this process
        title = game
    return f"{title}, {mode}: {seats}" if mode else f"{title}: {seats}"


def _axis(configs: Sequence[str]) -> str:
    """What the short names on the x axis are: "footprint", "challenge", "sheet"."""
    kinds = {c.split(" ", 1)[0] for c in configs if c.count(" ") == 1}
    return kinds.pop() if len(kinds) == 1 else "configuration"


def win_rate_plots(win_rates: Table, out: Path) -> list[tuple[SeriesKey, Path]]:
    """One plot per series: each configuration's win rate, its interval as a bar."""
    plt = _pyplot()
    series: dict[SeriesKey, list[dict[str, Any]]] = {}
    for row in win_rates.rows:
        if row["win_rate"] is not None:
            series.setdefault((row["game"], row["mode"], row["seats"]), []).append(row)
    written = []
    for key, rows in series.items():
        if all(r["win_rate"] == 1 for r in rows):
            continue  # somebody wins every game (most games of several players): no plot
        fig, ax = _figure(plt, len(rows))
        xs = range(len(rows))
        labels = [r["label"] for r in rows]
        colours = [
            LABEL_COLOURS[(lab - 1) % len(LABEL_COLOURS)] if isinstance(lab, int) else "tab:gray"
            for lab in labels
        ]
        rates = [100 * r["win_rate"] for r in rows]
        below = [100 * (r["win_rate"] - r["low"]) for r in rows]
        above = [100 * (r["high"] - r["win_rate"]) for r in rows]
        ax.bar(xs, rates, color=colours, alpha=0.35, width=0.6)
        ax.errorbar(xs, rates, yerr=[below, above], fmt="o", color="black", capsize=4)
        names = [_short(r["config"]) for r in rows]
        pairs = zip(names, labels, strict=True)  # the label, where the name does not say it
        names = [f"{n}\n(difficulty {lab})" if lab and n != str(lab) else n for n, lab in pairs]
        ax.set_xticks(list(xs), names, fontsize=8)
        ax.set_xlabel(_axis([r["config"] for r in rows]))
        for x, r in zip(xs, rows, strict=True):
            ax.annotate(f"{r['wins']}/{r['done']}", (x, 2), ha="center", fontsize=7)
        ax.set_ylim(0, 104)  # room for a dot at 100 %
        ax.set_ylabel("games won (%), 95 % interval")
        path = out / f"win_rate-{slug(key)}.png"
        _finish(plt, fig, ax, f"Win rate per configuration\n{series_title(key)}", path)
        written.append((key, path))
    return written


def score_plots(records: Sequence[GameRecord], out: Path) -> list[tuple[SeriesKey, Path]]:
    """One box plot per series: the final scores of each configuration."""
    plt = _pyplot()
    written = []
    for key, configs in by_series_config(records).items():
        data = [(games[0].config_label, score_values(games)) for games in configs.values()]
        data = [(name, values) for name, values in data if values]
        if not data:
            continue
        fig, ax = _figure(plt, len(data))
        ax.boxplot([values for _, values in data], showmeans=True)
        ax.set_xticks(range(1, len(data) + 1), [_short(name) for name, _ in data], fontsize=8)
        ax.set_xlabel(_axis([name for name, _ in data]))
        ax.set_ylabel("final score (every seat); triangle: mean")
        path = out / f"scores-{slug(key)}.png"
        _finish(plt, fig, ax, f"Scores per configuration\n{series_title(key)}", path)
        written.append((key, path))
    return written


def _figure(plt: ModuleType, configs: int) -> tuple[Figure, Axes]:
    """A figure wide enough for ``configs`` configurations along its x axis."""
    return plt.subplots(figsize=(max(5.0, 0.55 * configs + 2.5), 4.2))


def _finish(plt: ModuleType, fig: Figure, ax: Axes, title: str, path: Path) -> None:
    """The title, grid and layout every plot shares, then the plot written to ``path``
    atomically, as every file of the report."""
    ax.set_title(title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    try:
        write_figure(fig, path, dpi=DPI)
    finally:
        plt.close(fig)


def _short(config: str) -> str:
    """ "footprint 1A" -> "1A", "challenge 12" -> "12": the axis says what they are."""
    return config.split(" ", 1)[1] if config.count(" ") == 1 else config
