"""The ladder's ratings (simulator.lab.ratings) on synthetic results with known
strengths, and ``towersim lab ladder`` on a results file."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from simulator.bots.levels import LEVEL_NAMES
from simulator.cli import main
from simulator.lab.ratings import ELO, Pair, fit, ladder, pairs_of
from simulator.lab.report_data import GameRecord

LEVELS = LEVEL_NAMES[:4]  # whatever the ladder's first four levels are called
TRUTH = {name: 250.0 * i for i, name in enumerate(LEVELS)}  # Elo, the weakest at 0


def record(seats: list[str], winners: list[int] | None, seed: int, game: str = "g") -> dict:
    return {
        "key": f"{game}-{'-'.join(seats)}-{seed}",
        "game": game,
        "mode": "competitive",
        "status": "done",
        "seats": [{"name": f"P{i}", "level": s, "hand": None} for i, s in enumerate(seats)],
        "config": {},
        "seed": seed,
        "winners": winners,
    }


def synthetic(games: int, seed: int) -> list[dict[str, Any]]:
    """Each level against the one below, ``games`` a seat order, drawn from TRUTH."""
    rng = np.random.default_rng(seed)
    out = []
    for lower, upper in itertools.pairwise(LEVELS):
        chance = 1 / (1 + 10 ** ((TRUTH[lower] - TRUTH[upper]) / 400))
        for order in ((lower, upper), (upper, lower)):
            for k in range(games):
                upper_won = bool(rng.random() < chance)
                out.append(record(list(order), [order.index(upper if upper_won else lower)], k))
    return out


def test_the_fit_recovers_known_strengths_and_the_intervals_cover_them():
    records = [GameRecord(r) for r in synthetic(100, seed=5)]
    ((game, pairs),) = pairs_of(records).items()
    result = ladder(game, pairs, resamples=300, seed=1)
    assert [r.player for r in result.ratings] == list(reversed(LEVELS))  # strongest first
    assert result.games == 600
    for rating in result.ratings:
        assert rating.low <= TRUTH[rating.player] <= rating.high, rating
        assert abs(rating.elo - TRUTH[rating.player]) < 120
    elos = [r.elo for r in result.ratings]
    assert elos == sorted(elos, reverse=True)
    # each upper level won about its true share against the one below (76 % at 250 Elo)
    for head in result.pairs:
        assert head.low <= 1 / (1 + 10 ** (-250 / 400)) <= head.high


def test_a_clean_sweep_has_a_finite_rating_and_an_interval():
    pairs = [Pair(LEVELS[0], LEVELS[1], (0.0,) * 20)]
    logs = fit(LEVELS[:2], pairs)
    assert logs[0] == 0 and math.isfinite(logs[1]) and logs[1] * ELO > 300
    result = ladder("g", pairs, resamples=200)
    top = result.ratings[0]
    assert top.player == LEVELS[1] and top.low < top.elo


def test_pairs_count_ties_as_half_and_pool_both_seat_orders():
    low, high = LEVELS[0], LEVELS[1]
    records = [
        record([low, high], [1], 1),  # the higher level won
        record([high, low], [0], 2),  # again, seated first
        record([high, low], [1], 3),  # the lower level won
        record([low, high], [0, 1], 4),  # shared
        record([low, high], [], 5),  # nobody
        record([low, low], [0], 6),  # a mirror match: left out
        record([low, high, high], [0], 7),  # three seats: left out
        {**record([low, high], None, 8), "status": "crashed"},  # no outcome: left out
    ]
    (pair,) = pairs_of([GameRecord(r) for r in records])["g"]
    assert (pair.a, pair.b) == (low, high)
    assert sorted(pair.outcomes) == [0.0, 0.0, 0.5, 0.5, 1.0]


def _ladder(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["lab", "ladder", *argv])
    return code, out.getvalue(), err.getvalue()


def test_the_command_prints_the_ladder_and_refuses_a_bad_file(tmp_path: Path):
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in synthetic(20, seed=2)))
    code, out, _ = _ladder([str(tmp_path), "--bootstrap", "50"])
    assert code == 0
    assert out.startswith("g: 120 games")
    assert f"| {LEVELS[1]} vs {LEVELS[0]} | 40 |" in out
    code, out, _ = _ladder([str(tmp_path), "--bootstrap", "20", "--json"])
    (one,) = json.loads(out)
    assert one["games"] == 120 and len(one["ratings"]) == 4
    (tmp_path / "bad.jsonl").write_text('{"key": 1}\n')
    code, _, err = _ladder([str(tmp_path / "bad.jsonl")])
    assert code == 2 and err.count("\n") == 1 and "needs" in err
