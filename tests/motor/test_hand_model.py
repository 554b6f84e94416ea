"""The hand model reproduces the published figures it is built from (docs/hand.md)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simulator.motor import fitts_task
from simulator.motor.model import EFFECTIVE_WIDTH_SDS, check_hurry
from simulator.motor.population import hand, hands
from simulator.motor.thinking import think_seconds
from simulator.motor.tremor import Tremor

# MacKenzie & Buxton 1992 (CHI '92), mouse point-select, smaller-of model: MT = 230 + 166 ID ms.
CITED_A_S, CITED_B_S_PER_BIT = 0.230, 0.166
# Soukoreff & MacKenzie 2004: mouse throughput across ISO 9241-9 studies.
MOUSE_RANGE_BITS_S = (3.7, 4.9)
ADULTS = ("p10", "p50", "p90", "braced", "non-dominant")


def test_the_median_hand_is_the_cited_regression() -> None:
    median = hand("p50")
    assert (median.a_s, median.b_s_per_bit) == pytest.approx((CITED_A_S, CITED_B_S_PER_BIT))
    assert median.movement_time(20.0, 20.0 / 15) == pytest.approx(0.230 + 0.166 * 4)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_simulated_task_reproduces_the_cited_movement_times(seed: int) -> None:
    fit = fitts_task.run(hand("p50"), seed=seed)
    assert len(fit.conditions) >= 6
    ids = [c.id_bits for c in fit.conditions]
    assert min(ids) == pytest.approx(1.0) and 6.0 <= max(ids) <= 6.1
    for condition in fit.conditions:
        cited = CITED_A_S + CITED_B_S_PER_BIT * condition.id_bits
        assert condition.mt_s == pytest.approx(cited, rel=0.10)
        assert condition.trials == 25


@pytest.mark.parametrize("seed", range(5))
def test_the_median_hand_throughput_is_in_the_published_mouse_range(seed: int) -> None:
    low, high = MOUSE_RANGE_BITS_S
    fit = fitts_task.run(hand("p50"), seed=seed)
    assert low <= fit.throughput_bits_s <= high
    assert fit.r2 > 0.95
    # throughput is the mean of means, not the slope's reciprocal
    assert fit.throughput_bits_s != pytest.approx(1 / fit.b_s_per_bit, rel=0.05)


def test_at_its_own_pace_a_hand_lands_within_the_width_it_aims_at() -> None:
    median = hand("p50")
    for width in (0.5, 1.0, 4.0):
        seconds = median.movement_time(20.0, width)
        assert median.endpoint_sd(20.0, seconds) == pytest.approx(width / EFFECTIVE_WIDTH_SDS)


@pytest.mark.parametrize("name", sorted(hands()))
def test_at_twice_the_pace_the_spread_is_at_least_half_as_large_again(name: str) -> None:
    subject = hand(name)
    own = subject.endpoint_sd(20.0, subject.own_time(20.0))
    hurried = subject.endpoint_sd(20.0, subject.own_time(20.0, hurry=2.0))
    assert hurried >= 1.5 * own
    careful = subject.endpoint_sd(20.0, subject.own_time(20.0, hurry=0.5))
    assert careful < own
    # the same in the task: every condition above the 1-bit floor, and pooled
    calm, rushed = fitts_task.run(subject), fitts_task.run(subject, hurry=2.0)
    assert rushed.endpoint_sd_cm >= 1.5 * calm.endpoint_sd_cm
    for slow, fast in zip(calm.conditions, rushed.conditions, strict=True):
        if slow.id_bits > 1.5:
            assert fast.sd_cm >= 1.5 * slow.sd_cm


def test_a_hurry_out_of_range_is_refused() -> None:
    for bad in (0.0, 11, math.nan, True):
        with pytest.raises(ValueError, match=r"hurry must be a number from 0\.1 to 10"):
            check_hurry(bad)
    with pytest.raises(ValueError):
        hand("p50").own_time(10.0, hurry=20.0)


def _spectrum(tremor: Tremor) -> tuple[np.ndarray, np.ndarray, float]:
    """(frequencies, power, RMS per axis) of x, sampled at 1 kHz for 30 s."""
    times = np.arange(0, 30.0, 0.001)
    x = np.array([tremor.at(float(t))[0] for t in times])
    y = np.array([tremor.at(float(t))[1] for t in times])
    power = np.abs(np.fft.rfft(x)) ** 2
    freqs = np.fft.rfftfreq(len(x), d=0.001)
    rms = math.sqrt((float(np.mean(x**2)) + float(np.mean(y**2))) / 2)
    return freqs, power, rms


@pytest.mark.parametrize("name", ADULTS)
def test_adult_tremor_peaks_in_8_to_12_hz_at_the_cited_rms(name: str) -> None:
    subject = hand(name)
    tremor = Tremor.of(subject.tremor_rms_cm, subject.tremor_hz, subject.tremor_band_hz, seed=7)
    freqs, power, rms = _spectrum(tremor)
    assert 8.0 <= freqs[int(np.argmax(power))] <= 12.0
    band = (freqs >= 8.0) & (freqs <= 12.0)
    assert power[band].sum() > 0.95 * power.sum()
    assert rms == pytest.approx(subject.tremor_rms_cm, rel=0.10)


def test_tremor_amplitudes_and_frequencies_are_the_cited_ones() -> None:
    # 100 um per axis, inside Wells et al. 2013's 50-200 um; braced: 38 um vector / sqrt 2
    assert hand("p50").tremor_rms_cm == pytest.approx(0.01)
    assert hand("braced").tremor_rms_cm == pytest.approx(0.0038 / math.sqrt(2), rel=0.02)
    # f = 11.32 - 0.042 age: 9.85 Hz at 35, 8.38 Hz at 70
    assert hand("p50").tremor_hz == pytest.approx(9.85, abs=0.01)
    older = hand("older")
    assert older.tremor_hz == pytest.approx(8.38, abs=0.01)
    assert older.tremor_rms_cm == hand("p50").tremor_rms_cm  # amplitude does not age


def test_tremor_is_the_same_for_a_seed_and_differs_between_seeds() -> None:
    one = Tremor.of(0.01, 9.85, 1.25, seed=3)
    assert one.at(1.234) == Tremor.of(0.01, 9.85, 1.25, seed=3).at(1.234)
    assert one.at(1.234) != Tremor.of(0.01, 9.85, 1.25, seed=4).at(1.234)


def test_thinking_time_is_the_mental_operator_plus_hick_hyman() -> None:
    assert think_seconds(1) == pytest.approx(1.35 + 0.15)
    assert think_seconds(7) == pytest.approx(1.35 + 0.15 * 3)
    with pytest.raises(ValueError):
        think_seconds(0)
