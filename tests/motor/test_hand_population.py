"""The population of hands: derived from the median hand, ordered, aliased; asset faults
are one AssetError each."""

from __future__ import annotations

from pathlib import Path
from statistics import NormalDist

import pytest

from rules.errors import AssetError
from simulator.motor import fitts_task
from simulator.motor.population import aliases, hand, hands, law


def _throughput(name: str) -> float:
    """Mean over three seeds of the simulated task's throughput."""
    return sum(fitts_task.run(hand(name), seed=s).throughput_bits_s for s in range(3)) / 3


def test_the_population_is_ordered_by_throughput() -> None:
    tp = {name: _throughput(name) for name in hands()}
    assert tp["older"] < tp["p10"] < tp["non-dominant"] < tp["p50"] < tp["p90"]
    assert tp["braced"] == pytest.approx(tp["p90"], rel=0.01)  # as fast, steadier


def test_each_hand_is_derived_from_the_median_not_typed_in() -> None:
    median = hand("p50")
    z10 = NormalDist().inv_cdf(0.10)
    assert hand("p10").b_s_per_bit == pytest.approx(median.b_s_per_bit / (1 + z10 * 0.13))
    assert hand("p90").b_s_per_bit == pytest.approx(median.b_s_per_bit / (1 - z10 * 0.13))
    assert hand("p10").a_s == hand("p90").a_s == median.a_s
    assert hand("non-dominant").b_s_per_bit == pytest.approx(median.b_s_per_bit + 0.009)
    older = hand("older")
    assert (older.a_s, older.b_s_per_bit) == pytest.approx(
        (1.5 * median.a_s, 1.5 * median.b_s_per_bit)
    )
    assert hand("braced").tremor_rms_cm < median.tremor_rms_cm


def test_the_old_names_are_aliases_of_hands() -> None:
    assert aliases() == {
        "surgeon": "braced",
        "steady": "p90",
        "average": "p50",
        "clumsy": "non-dominant",
        "shaky": "older",
    }
    assert hand("surgeon") is hand("braced")
    with pytest.raises(KeyError, match=r"unknown hand 'nobody'.*surgeon"):
        hand("nobody")


def test_the_task_design_is_the_asset_one() -> None:
    task = fitts_task.design()
    assert (task.trials, task.targets, task.timing_cv) == (25, 25, 0.10)
    assert len(task.conditions) == 7
    assert law()["mental_s"] == 1.35


def _spoil(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("a_s = 0.23", "", r"\[median\]: a_s is missing"),
        ("b_s_per_bit = 0.166", 'b_s_per_bit = "fast"', r"b_s_per_bit must be a number"),
        ("tremor_rms_cm = 0.01", "tremor_rms_cm = 5", r"tremor_rms_cm must be from 0 to 1"),
        ("throughput_cv = 0.13", "throughput_cv = true", r"throughput_cv must be a number"),
        ('surgeon = "braced"', 'surgeon = "nobody"', r"alias 'surgeon' names no hand"),
        ('name = "p90"', 'name = "p10"', r"two hands are named 'p10'"),
        ("percentile = 10", "percentile = 0", r"hand 'p10': percentile must be from 1 to 99"),
        ("min_bits = 1.0", "", r"\[law\]: min_bits is missing"),
    ],
)
def test_a_faulty_population_is_one_asset_error(
    spoilt_assets: Path, old: str, new: str, said: str
) -> None:
    _spoil(spoilt_assets, old, new)
    with pytest.raises(AssetError, match=said):
        hand("p50")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("targets = 25", "targets = 24", r"targets odd"),
        ("timing_cv = 0.10", "timing_cv = -1", r"timing_cv must be from 0 to 1"),
        ("    [20.32, 20.32],\n", "    [20.32],\n", r"each condition is \[A, W\]"),
        ("    [20.32, 20.32],\n", '    [20.32, "wide"],\n', r"width must be a number"),
        ("[iso_task]", "[iso_tasks]", r"the \[iso_task\] table is missing"),
    ],
)
def test_a_faulty_task_design_is_one_asset_error(
    spoilt_assets: Path, old: str, new: str, said: str
) -> None:
    _spoil(spoilt_assets, old, new)
    with pytest.raises(AssetError, match=said):
        fitts_task.design()


def test_unreadable_toml_is_an_asset_error(spoilt_assets: Path) -> None:
    spoilt_assets.write_text("[median\n", encoding="utf-8")
    with pytest.raises(AssetError, match="not valid TOML"):
        hands()
