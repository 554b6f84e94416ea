"""The saved personal hand (simulator/motor/personal.py): the round trip through the
file, the hand "me" built from it, and what a bad file does (one sentence, ignored,
nothing lost). No window."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from statistics import stdev

import pytest
import tomli_w

from simulator.motor import personal
from simulator.motor.iso import Trial, analyse
from simulator.motor.population import hands

STEP_SD = stdev(k - 3.5 for k in range(8))


def _fit(spread: float = 1.0):
    """A small reading: two amplitudes x two widths, endpoints ``spread`` times as wide
    as the targets ask, at the median hand's times."""
    hand = hands()["p50"]
    trials = []
    for amplitude in (12.0, 28.0):
        for width in (0.75, 2.5):
            sd = spread * width / 4.133
            seconds = hand.movement_time(amplitude, width)
            for k in range(8):
                offset = sd * (k - 3.5) / STEP_SD  # a spread of exactly SD sd
                trials.append(
                    Trial(
                        amplitude,
                        width,
                        (0.0, 0.0),
                        (amplitude, 0.0),
                        (amplitude + offset, 0.0),
                        seconds,
                    )
                )
    return analyse(trials)


def test_a_profile_survives_the_round_trip_through_its_file(tmp_path):
    path = tmp_path / "me.toml"
    profile = personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00")
    personal.save(profile, path)
    loaded = personal.load(path)
    assert loaded.problem is None and loaded.profile is not None
    back = loaded.profile
    assert back.a_s == pytest.approx(profile.a_s, abs=1e-6)
    assert back.b_s_per_bit == pytest.approx(profile.b_s_per_bit, abs=1e-6)
    assert back.width_ratio == pytest.approx(profile.width_ratio, abs=1e-6)
    assert back.trials == 32 and len(back.rows) == 4 and back.measured == profile.measured
    assert tomllib.loads(path.read_text())["name"] == "me"


def test_my_hand_is_the_fit_with_the_median_hands_tremor(tmp_path):
    path = tmp_path / "me.toml"
    assert personal.my_hand(path) is None  # nothing saved yet
    fit = _fit(spread=1.2)
    personal.save(personal.from_fit(fit, "2026-12-07T15:00:00+00:00"), path)
    hand = personal.my_hand(path)
    median = hands()["p50"]
    assert hand is not None and hand.name == "me"
    assert hand.a_s == pytest.approx(fit.a_s, abs=1e-6)
    assert hand.b_s_per_bit == pytest.approx(fit.b_s_per_bit, abs=1e-6)
    # aim width: the median's tolerance times how much wider than asked the clicks fell
    assert hand.aim_width_cm == pytest.approx(median.aim_width_cm * 1.2, rel=0.02)
    assert (hand.tremor_rms_cm, hand.tremor_hz, hand.tremor_band_hz) == (
        median.tremor_rms_cm,
        median.tremor_hz,
        median.tremor_band_hz,
    )
    assert "2026-12-07" in hand.text and "tremor" in hand.text


def test_the_default_file_is_in_the_users_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    assert personal.profile_path() == tmp_path / "hand" / "me.toml"
    personal.save(personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00"))
    assert personal.my_hand() is not None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not toml [", "cannot be read"),
        ("version = 2", "version must be 1"),
        ("version = 1\nmeasured = 3", "measured must be a date"),
    ],
)
def test_a_file_that_is_not_a_profile_is_one_sentence_and_ignored(tmp_path, text, words):
    path = tmp_path / "me.toml"
    path.write_text(text)
    loaded = personal.load(path)
    assert loaded.profile is None and personal.my_hand(path) is None
    assert loaded.problem is not None and words in loaded.problem
    assert str(path) in loaded.problem and "\n" not in loaded.problem
    assert path.read_text() == text  # left as it is


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("a_s", 5.0, "a_s is 5; it must be from -0.5 to 2"),
        ("b_s_per_bit", 0.0, "b_s_per_bit is 0"),
        ("endpoint_sd_cm", "wide", "endpoint_sd_cm must be a number"),
        ("r2", float("nan"), "r2 must be a number"),
        ("trials", 31, "do not add up"),
    ],
)
def test_a_value_out_of_range_is_named(tmp_path, key, value, words):
    path = tmp_path / "me.toml"
    personal.save(personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00"), path)
    table = tomllib.loads(path.read_text())
    table[key] = value
    path.write_text(tomli_w.dumps(table))
    loaded = personal.load(path)
    assert loaded.profile is None and loaded.problem is not None and words in loaded.problem


def test_a_bad_condition_row_is_named(tmp_path):
    path = tmp_path / "me.toml"
    personal.save(personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00"), path)
    text = path.read_text().replace("mt_s = ", "mt_s = -", 1)
    path.write_text(text)
    problem = personal.load(path).problem
    assert problem is not None and "condition 1: mt_s is -" in problem


def test_saving_over_a_bad_file_keeps_a_copy_of_it(tmp_path):
    path = tmp_path / "me.toml"
    path.write_text("my notes, not a profile [")
    personal.save(personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00"), path)
    assert (tmp_path / "me.toml.bad").read_text() == "my notes, not a profile ["
    assert personal.load(path).profile is not None


def test_a_fit_no_hand_makes_is_refused_before_saving():
    profile = replace(personal.from_fit(_fit(), "2026-12-07T15:00:00+00:00"), b_s_per_bit=0.0)
    with pytest.raises(ValueError, match="b_s_per_bit"):
        personal.check(profile)
