"""The report's statistics against answers worked out by hand (or from the literature)."""

from __future__ import annotations

import pytest

from simulator.lab.stats import fisher_exact, games_to_tell, newcombe, quantile, wilson


def test_wilson_interval_of_8_in_10() -> None:
    # p = 0.8, z^2 = 3.8415: centre 0.99208 / 1.38415, half 0.31362 / 1.38415.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_of_nothing_won() -> None:
    # No win in 10: from 0 to z^2 / (n + z^2) = 3.8415 / 13.8415.
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_interval_of_his_own_example() -> None:
    # Newcombe (1998), method 10: 56/70 - 48/80 = 0.2, interval 0.0524 to 0.3339.
    low, high = newcombe(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=1e-4)
    assert high == pytest.approx(0.3339, abs=1e-4)


def test_fisher_exact_on_the_lady_tasting_tea() -> None:
    # 3 of 4 against 1 of 4: the tables' chances are 1, 16, 36, 16, 1 in 70, and those at
    # most as likely as 16/70 add up to 34/70.
    assert fisher_exact(3, 4, 1, 4) == pytest.approx(34 / 70)
    assert fisher_exact(4, 4, 0, 4) == pytest.approx(2 / 70)
    assert fisher_exact(5, 10, 5, 10) == pytest.approx(1.0)


def test_games_to_tell() -> None:
    # 76 % against 80 %: (1.96 * sqrt(2 * .78 * .22) + 0.8416 * sqrt(.1824 + .16))^2 / .04^2
    # = 1682.4, the "about 1 700 games a variant" of docs/bots.md.
    assert games_to_tell(0.76, 0.80) == 1683
    # 30 % against 90 %: (1.3579 + 0.4610)^2 / 0.36 = 9.19.
    assert games_to_tell(0.3, 0.9) == 10
    assert games_to_tell(0.9, 1.0) == 74
    assert games_to_tell(0.5, 0.5) is None


def test_quantile_between_order_statistics() -> None:
    assert quantile([4, 1, 3, 2], 0.5) == 2.5
    assert quantile([1, 2, 3, 4, 5], 0.25) == 2
    with pytest.raises(ValueError):
        quantile([], 0.5)
