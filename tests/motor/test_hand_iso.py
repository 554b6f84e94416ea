"""Reading an aiming task as ISO 9241-9 says, on trials whose answer is known by hand."""

from __future__ import annotations

import math
from statistics import stdev

import pytest

from simulator.motor.iso import Trial, analyse, condition


def _trials(amplitude: float, width: float, offsets: list[float], seconds: float) -> list[Trial]:
    """Rightward moves of ``amplitude`` from (0, 0), ending ``offset`` past the target."""
    target = (amplitude, 0.0)
    return [
        Trial(amplitude, width, (0.0, 0.0), target, (amplitude + dx, 0.3), seconds)
        for dx in offsets
    ]


def test_a_condition_is_read_with_the_effective_width_and_index() -> None:
    offsets = [-0.2, 0.1, 0.0, 0.3, -0.45, 0.25]
    reading = condition(_trials(10.0, 1.0, offsets, 0.8))
    sd = stdev(offsets)
    assert reading.sd_cm == pytest.approx(sd)
    assert reading.we_cm == pytest.approx(4.133 * sd)
    assert reading.de_cm == pytest.approx(10.0)  # the offsets average 0
    assert reading.ide_bits == pytest.approx(math.log2(10.0 / (4.133 * sd) + 1))
    assert reading.throughput_bits_s == pytest.approx(reading.ide_bits / 0.8)
    assert reading.id_bits == pytest.approx(math.log2(11))
    # every end is 0.3 off the axis: inside the 0.5 cm radius only where |dx| < 0.4
    hits = [math.hypot(dx, 0.3) <= 0.5 for dx in offsets]
    assert reading.errors == pytest.approx(1 - sum(hits) / len(hits)) == pytest.approx(1 / 6)


def test_throughput_is_the_mean_of_the_conditions_and_mt_is_regressed_on_ide() -> None:
    easy = _trials(8.0, 2.0, [-0.4, 0.4, 0.0, 0.2, -0.2], 0.5)
    hard = _trials(16.0, 0.5, [-0.1, 0.1, 0.0, 0.05, -0.05], 1.1)
    fit = analyse(hard + easy)
    first, second = fit.conditions
    assert first.id_bits < second.id_bits  # in order of difficulty
    assert fit.throughput_bits_s == pytest.approx(
        (first.throughput_bits_s + second.throughput_bits_s) / 2
    )
    slope = (1.1 - 0.5) / (second.ide_bits - first.ide_bits)
    assert fit.b_s_per_bit == pytest.approx(slope)
    assert fit.a_s == pytest.approx(0.5 - slope * first.ide_bits)
    assert fit.r2 == pytest.approx(1.0)
    assert fit.endpoint_sd_cm == pytest.approx(math.sqrt((first.sd_cm**2 + second.sd_cm**2) / 2))


def test_too_little_to_read_is_refused() -> None:
    with pytest.raises(ValueError, match="at least two trials"):
        condition(_trials(8.0, 2.0, [0.1], 0.5))
    with pytest.raises(ValueError, match="at least two conditions"):
        analyse(_trials(8.0, 2.0, [0.1, -0.1], 0.5))
    with pytest.raises(ValueError, match="take time and spread"):
        condition(_trials(8.0, 2.0, [0.1, 0.1], 0.5))
