"""The lab's PNG plots: accuracy against cost, error per parameter, the Pareto front."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from simulator.files import write_figure
from simulator.tuning.summary import PointSummary, pareto


def _pyplot() -> ModuleType:
    import matplotlib  # lazy: extra

    matplotlib.use("Agg")  # files only: no display here or in CI
    import matplotlib.pyplot as plt  # lazy: extra

    return plt


def _score(points: Sequence[PointSummary]) -> tuple[str, str]:
    """What 'accuracy' means for these runs: threshold error, else collapses, else fails."""
    if any(p.errors for p in points):
        return "worst", "worst |threshold error| / tolerance (<= 1 meets every target)"
    if any(p.games for p in points):
        # Random players knock something off in nearly every game: count the pieces.
        return "fallen_per_game", "pieces fallen per random LOTS game"
    return "failed", "runs failing their expectations"


def write_plots(points: Sequence[PointSummary], params: Sequence[str], out: Path) -> list[Path]:
    if not points:
        return []
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    score, meaning = _score(points)
    paths = [
        _accuracy_vs_cost(plt, points, score, meaning, out / "accuracy_vs_cost.png"),
        _per_parameter(plt, points, params, score, meaning, out / "error_per_parameter.png"),
        _pareto(plt, points, score, meaning, out / "pareto_front.png"),
    ]
    return [p for p in paths if p is not None]


def _accuracy_vs_cost(
    plt: ModuleType, points: Sequence[PointSummary], score: str, meaning: str, path: Path
) -> Path:
    fig, ax = plt.subplots(figsize=(8, 5.5))
    xs = [p.wall_s for p in points]
    ys = [getattr(p, score) for p in points]
    colours = ["tab:red" if p.failed else "tab:green" for p in points]
    ax.scatter(xs, ys, c=colours, s=30, alpha=0.8)
    if score == "worst":
        ax.axhline(1.0, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("cost: wall seconds for all of the point's runs")
    ax.set_ylabel(meaning)
    ax.set_title("accuracy against cost (green: every run met its expectation)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    write_figure(fig, path, dpi=110)
    plt.close(fig)
    return path


def _per_parameter(
    plt: ModuleType,
    points: Sequence[PointSummary],
    params: Sequence[str],
    score: str,
    meaning: str,
    path: Path,
) -> Path | None:
    swept = [p for p in params if len({dict(s.params)[p] for s in points}) > 1]
    if not swept:
        return None
    fig, axes = plt.subplots(1, len(swept), figsize=(4.2 * len(swept), 4.2), squeeze=False)
    names = sorted({n for p in points for n in p.errors})
    for ax, param in zip(axes[0], swept, strict=True):
        xs_all = [float(dict(p.params)[param]) for p in points]
        if names:
            for name in names:
                xs = [x for x, p in zip(xs_all, points, strict=True) if name in p.errors]
                ys = [p.errors[name] for p in points if name in p.errors]
                ax.scatter(xs, ys, s=16, alpha=0.7, label=name)
            ax.axhspan(-1, 1, color="tab:green", alpha=0.08)
            ax.set_ylabel("threshold error / tolerance")
        else:
            ax.scatter(xs_all, [getattr(p, score) for p in points], s=20)
            ax.set_ylabel(meaning)
        ax.set_xlabel(param)
        if len(set(xs_all)) > 2 and min(xs_all) > 0 and max(xs_all) / min(xs_all) > 20:
            ax.set_xscale("log")
        ax.grid(alpha=0.3)
    if names:
        axes[0][0].legend(fontsize=7)
    title = "threshold error per parameter (band: on target)" if names else meaning
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    write_figure(fig, path, dpi=110)
    plt.close(fig)
    return path


def _pareto(
    plt: ModuleType, points: Sequence[PointSummary], score: str, meaning: str, path: Path
) -> Path:
    front = pareto(points, score)
    fig, ax = plt.subplots(figsize=(9, 6))
    ax.scatter(
        [p.wall_s for p in points],
        [getattr(p, score) for p in points],
        s=18,
        color="lightgrey",
        label="all points",
    )
    ax.plot(
        [p.wall_s for p in front],
        [getattr(p, score) for p in front],
        "o-",
        color="tab:blue",
        label="Pareto front",
    )
    for p in front:
        ax.annotate(
            p.label(),
            (p.wall_s, getattr(p, score)),
            fontsize=6.5,
            xytext=(4, 4),
            textcoords="offset points",
        )
    if score == "worst":
        ax.axhline(1.0, color="grey", linestyle="--", linewidth=1, label="target")
    ax.set_xlabel("cost: wall seconds for all of the point's runs")
    ax.set_ylabel(meaning)
    ax.set_title("Pareto front: no other point is both cheaper and more accurate")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    write_figure(fig, path, dpi=110)
    plt.close(fig)
    return path
