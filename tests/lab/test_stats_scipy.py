"""Every statistic the labs report, checked against SciPy (or NumPy) on fixed and seeded
random inputs. Where SciPy has no such estimator (Newcombe's interval, the sample size
for a given power), the test holds the code to the estimator's definition built from
SciPy's parts."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy import optimize, stats

from simulator.lab.report_tables import _summary
from simulator.lab.stats import Z80, Z95, fisher_exact, games_to_tell, newcombe, quantile, wilson

CASES = 200


def _proportions(seed: int, most: int = 200) -> list[tuple[int, int]]:
    """(wins, games) pairs, with the edges (no win, every win, one game) among them."""
    rng = random.Random(seed)
    fixed = [(0, 1), (1, 1), (0, 10), (10, 10), (8, 10), (1, 2), (0, most), (most, most)]
    drawn = [(rng.randint(0, n), n) for n in (rng.randint(1, most) for _ in range(CASES))]
    return fixed + drawn


def test_the_normal_quantiles_are_scipys() -> None:
    assert stats.norm.ppf(0.975) == pytest.approx(Z95, rel=1e-15)
    assert stats.norm.ppf(0.80) == pytest.approx(Z80, rel=1e-15)


@pytest.mark.parametrize(("wins", "games"), _proportions(1))
def test_wilson_is_scipys_wilson_interval(wins: int, games: int) -> None:
    expected = stats.binomtest(wins, games).proportion_ci(method="wilson")
    low, high = wilson(wins, games)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_wilson_of_a_fractional_win_inverts_the_score_test(seed: int) -> None:
    # A shared win counts as a part, which SciPy's binomtest does not take: the bounds
    # are then checked as what the Wilson interval is, the rates p where the score
    # statistic |rate - p| / sqrt(p (1 - p) / n) reaches z.
    rng = random.Random(seed)
    games = rng.randint(2, 100)
    wins = rng.randint(1, games - 1) - rng.choice((0.5, 1 / 3, 0.25))
    rate = wins / games

    def score(p: float) -> float:
        return abs(rate - p) / math.sqrt(p * (1 - p) / games) - Z95

    low, high = wilson(wins, games)
    assert low == pytest.approx(optimize.brentq(score, 1e-12, rate), abs=1e-9)
    assert high == pytest.approx(optimize.brentq(score, rate, 1 - 1e-12), abs=1e-9)


@pytest.mark.parametrize("seed", range(CASES))
def test_fisher_exact_is_scipys_two_sided_test(seed: int) -> None:
    rng = random.Random(seed)
    n_a, n_b = rng.randint(1, 80), rng.randint(1, 80)
    wins_a, wins_b = rng.randint(0, n_a), rng.randint(0, n_b)
    table = [[wins_a, n_a - wins_a], [wins_b, n_b - wins_b]]
    expected = stats.fisher_exact(table, alternative="two-sided").pvalue
    assert fisher_exact(wins_a, n_a, wins_b, n_b) == pytest.approx(expected, rel=1e-9)


def test_fisher_exact_on_fixed_tables() -> None:
    for wins_a, n_a, wins_b, n_b in [(3, 4, 1, 4), (0, 50, 50, 50), (7, 12, 2, 9), (1, 1, 0, 1)]:
        table = [[wins_a, n_a - wins_a], [wins_b, n_b - wins_b]]
        expected = stats.fisher_exact(table).pvalue
        assert fisher_exact(wins_a, n_a, wins_b, n_b) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("seed", range(100))
def test_newcombe_is_method_10_from_scipys_wilson_intervals(seed: int) -> None:
    # SciPy has no interval of a difference of proportions; Newcombe's hybrid score
    # interval (1998, method 10) is the difference widened by each side's Wilson distance.
    rng = random.Random(seed)
    n_a, n_b = rng.randint(1, 150), rng.randint(1, 150)
    wins_a, wins_b = rng.randint(0, n_a), rng.randint(0, n_b)
    a = stats.binomtest(wins_a, n_a).proportion_ci(method="wilson")
    b = stats.binomtest(wins_b, n_b).proportion_ci(method="wilson")
    p_a, p_b = wins_a / n_a, wins_b / n_b
    low, high = newcombe(wins_a, n_a, wins_b, n_b)
    assert low == pytest.approx(p_a - p_b - math.hypot(p_a - a.low, b.high - p_b), abs=1e-12)
    assert high == pytest.approx(p_a - p_b + math.hypot(a.high - p_a, p_b - b.low), abs=1e-12)
    assert -1 <= low <= p_a - p_b <= high <= 1


def _power(rate_a: float, rate_b: float, games: int) -> float:
    """The chance a two-sided 5 % test of ``games`` a group tells the rates apart, by the
    normal approximation without continuity correction (Fleiss), through SciPy's normal."""
    mean = (rate_a + rate_b) / 2
    null_sd = math.sqrt(2 * mean * (1 - mean))
    alternative_sd = math.sqrt(rate_a * (1 - rate_a) + rate_b * (1 - rate_b))
    shift = abs(rate_a - rate_b) * math.sqrt(games)
    return float(stats.norm.cdf((shift - stats.norm.ppf(0.975) * null_sd) / alternative_sd))


@pytest.mark.parametrize("seed", range(CASES))
def test_games_to_tell_is_the_fewest_games_with_80_percent_power(seed: int) -> None:
    rng = random.Random(seed)
    rate_a, rate_b = rng.random(), rng.random()
    games = games_to_tell(rate_a, rate_b)
    assert games is not None
    assert _power(rate_a, rate_b, games) >= 0.8 - 1e-12
    assert games == 1 or _power(rate_a, rate_b, games - 1) < 0.8


@pytest.mark.parametrize("seed", range(CASES))
def test_quantile_is_numpys_default_and_scipys_type_7(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.uniform(-100, 100) for _ in range(rng.randint(1, 40))]
    q = rng.choice((0.0, 0.25, 0.5, 0.75, 1.0, rng.random()))
    assert quantile(values, q) == pytest.approx(float(np.quantile(values, q)), abs=1e-9)
    type_7 = stats.mstats.mquantiles(values, [q], alphap=1, betap=1)[0]
    assert quantile(values, q) == pytest.approx(float(type_7), abs=1e-9)


@pytest.mark.parametrize("seed", range(50))
def test_the_score_summary_is_scipys_description(seed: int) -> None:
    rng = random.Random(seed)
    values = [float(rng.randint(0, 60)) for _ in range(rng.randint(2, 60))]
    described = stats.describe(values)  # the variance with n - 1, as the report's sd
    summary = _summary(values)
    assert summary["mean"] == pytest.approx(described.mean)
    assert summary["sd"] == pytest.approx(math.sqrt(described.variance))
    assert (summary["min"], summary["max"]) == tuple(described.minmax)
    quartiles = np.percentile(values, [25, 50, 75])
    assert [summary["q1"], summary["median"], summary["q3"]] == pytest.approx(list(quartiles))
