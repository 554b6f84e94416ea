"""The statistics of the balance lab's report: intervals, tests and sample sizes for
proportions, in pure Python (no SciPy).

- ``wilson``: the 95 % Wilson score interval of a proportion (good at 0 and 1 too);
- ``newcombe``: the interval of a difference of two proportions (Newcombe's hybrid
  score method, from the two Wilson intervals);
- ``fisher_exact``: the two-sided p-value of Fisher's exact test on a 2 x 2 table;
- ``games_to_tell``: games per group that a two-sided 5 % test needs to tell two
  rates apart with 80 % power (the normal approximation, as Fleiss gives it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # two-sided 5 %
Z80 = 0.8416212335729143  # one-sided 20 %: 80 % power
# Fisher's test: tables as likely as the observed one, within this relative tolerance,
# count as "at least as extreme" (the floating sums differ in the last bits).
FISHER_TOLERANCE = 1e-7


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` of ``n`` (wins may be fractional, a shared
    win counting as a part); (0, 1) when there is nothing to go on."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or 1 the bound is the rate itself: rounding must not leave it a hair inside.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def newcombe(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, float]:
    """The 95 % interval of rate a minus rate b (Newcombe 1998, method 10)."""
    p_a, p_b = wins_a / n_a, wins_b / n_b
    low_a, high_a = wilson(wins_a, n_a)
    low_b, high_b = wilson(wins_b, n_b)
    difference = p_a - p_b
    low = difference - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    high = difference + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return low, high


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def fisher_exact(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """Two-sided p-value of Fisher's exact test: the chance, with both groups' rates
    equal, of a split of the wins at most as likely as the one observed."""
    total_wins = wins_a + wins_b
    low, high = max(0, total_wins - n_b), min(total_wins, n_a)
    denominator = _log_choose(n_a + n_b, total_wins)

    def probability(k: int) -> float:
        return math.exp(_log_choose(n_a, k) + _log_choose(n_b, total_wins - k) - denominator)

    observed = probability(wins_a)
    p = sum(
        q
        for k in range(low, high + 1)
        if (q := probability(k)) <= observed * (1 + FISHER_TOLERANCE)
    )
    return min(1.0, p)


def games_to_tell(rate_a: float, rate_b: float) -> int | None:
    """Games per group for a two-sided 5 % test to find a difference of this size 80 %
    of the time; None when the rates are equal (no number of games tells them apart)."""
    if rate_a == rate_b:
        return None
    mean = (rate_a + rate_b) / 2
    spread = Z95 * math.sqrt(2 * mean * (1 - mean)) + Z80 * math.sqrt(
        rate_a * (1 - rate_a) + rate_b * (1 - rate_b)
    )
    return math.ceil((spread / (rate_a - rate_b)) ** 2)


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile of ``values`` (linear between order statistics, as NumPy's default)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
