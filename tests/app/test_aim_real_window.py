"""The aiming test in a real window under Xvfb, played by a scripted mouse with a
KNOWN hand: the fit must recover that hand.

The synthetic hand is a MotorHand with a = 0.2 s and b = 0.15 s/bit (about the median
hand's pace, so each movement takes 0.58 to 0.99 s: what X and xdotool add to a click
varies by a few per cent of that at worst and averages away, and a constant delay
cancels, since a trial is the time between two clicks). The script clicks on a fixed schedule: each
click the modelled time after the one before, at the target's centre plus a Gaussian
offset (seeded) of the modelled SD, which at the hand's own pace is W / 4.133 (docs/
hand.md). It opens the test from the start screen's button and saves the result with
the result page's, all with the real mouse.

Recovered within 15 %: the slope b, the throughput (the mean of IDe / MT, ISO 9241-9),
the endpoints' pooled SD and the saved hand's aim width. The intercept a is checked
within 0.1 s, not 15 %: with 78 trials a condition, each condition's effective width is
known to about 8 %, which moves the effective index by about 0.1 bit and the line's
intercept by a few hundredths of a second, a quarter of a 0.2 s intercept at the 95th
percentile (measured over 200 seeds without a window: b 10 %, throughput 3 %, SD 10 %,
a 29 %). Skipped (saying why) only where Xvfb or xdotool is missing.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import replace
from statistics import fmean, stdev

from rules.chance import Chance
from simulator.app.aim.task import Design
from simulator.motor.model import EFFECTIVE_WIDTH_SDS
from simulator.motor.population import hands
from tests.app.xvfb import needs_xvfb, real_app
from tests.app.xwindow_aim_driver import TITLE

pytestmark = needs_xvfb

HAND = replace(hands()["p50"], name="synthetic", a_s=0.2, b_s_per_bit=0.15)
REPEATS = 6  # 6 x 13 = 78 trials a condition, 312 in all: about four minutes
SEED = 41
TOLERANCE = 0.15


def _expected(design: Design) -> dict[str, float]:
    """What the fit should find for HAND at this design (it lands as wide as asked)."""
    conditions = list(dict.fromkeys(design.conditions()))
    bits = [math.log2(a / w + 1) for a, w in conditions]
    sds = [w / EFFECTIVE_WIDTH_SDS for _, w in conditions]
    return {
        "throughput_bits_s": fmean(b / (HAND.a_s + HAND.b_s_per_bit * b) for b in bits),
        "endpoint_sd_cm": math.sqrt(fmean(sd * sd for sd in sds)),
        "aim_width_cm": hands()["p50"].aim_width_cm,  # We / W = 1: the median's tolerance
    }


def _near(found: float, wanted: float, what: str) -> None:
    assert abs(found / wanted - 1) <= TOLERANCE, f"{what}: {found:.4f}, wanted {wanted:.4f}"


def test_a_scripted_mouse_with_a_known_hand_is_measured_as_that_hand(tmp_path):
    home = tmp_path / "home"
    env = {"TOWERSIM_HOME": str(home)}
    with real_app("tests.app.xwindow_aim_driver", tmp_path, str(REPEATS), env=env) as app:
        window = app.window(TITLE)

        def click(x: float, y: float) -> float:
            """Click at window pixel (x, y); the time it was sent."""
            sent = time.monotonic()
            app.xdotool("mousemove", "--window", window, str(round(x)), str(round(y)), "click", "1")
            return sent

        start = app.wait_for(tmp_path / "start.json", 30)
        click(*start["measure"])
        targets = app.wait_for(tmp_path / "targets.json", 30)
        per_cm = targets["px_per_cm"]
        chance = Chance.from_seed(SEED)
        sent: list[float] = []  # when each timed click was sent
        for number, sequence in enumerate(targets["sequences"]):
            amplitude, width = sequence["amplitude_cm"], sequence["width_cm"]
            deadline = time.monotonic() + 30
            while True:  # the circle waits for its start click (the driver's picture)
                status = app.wait_for(tmp_path / "status.json", 30)
                if status["sequence"] == number and (number != 1 or status["shot"]):
                    break
                assert time.monotonic() < deadline, f"circle {number} never came: {status}"
                time.sleep(0.05)
            then = click(*sequence["clicks"][0])  # starts the clock: exactly on target
            seconds = HAND.movement_time(amplitude, width)
            sd = HAND.endpoint_sd(amplitude, seconds) * per_cm
            for x, y in sequence["clicks"][1:]:
                aimed = (x + sd * chance.gauss(), y + sd * chance.gauss())
                then += seconds
                time.sleep(max(0.0, then - time.monotonic()))
                sent.append(click(*aimed))
        result = app.wait_for(tmp_path / "result.json", 30)
        click(*result["save"])
        saved = app.wait_for(tmp_path / "saved.json", 30)

    fit = result["fit"]
    assert result["problem"] == "" and fit is not None
    assert result["kept"] == len(sent) == 4 * REPEATS * 13  # every trial read
    # X's delay between sending a click and the app seeing it varies by milliseconds on
    # an idle machine and by tens on a loaded one (12 and 34 ms SD measured with the
    # 2-core machine's load at 8), averaged away over 78 trials; its mean, which would
    # bias the times, stays near 0 (a constant delay cancels):
    # the app's trial times against the script's (within a circle, one after another)
    measured = result["times"]
    steps = [b - a for a, b in itertools.pairwise(sent)]
    starts = {i for i in range(len(sent)) if i % 13 == 0}  # a circle's first timed trial
    jitter = [measured[i] - steps[i - 1] for i in range(1, len(sent)) if i not in starts]
    assert abs(fmean(jitter)) < 0.01 and stdev(jitter) < 0.1, (fmean(jitter), stdev(jitter))

    wanted = _expected(replace(Design(), repeats=REPEATS))
    _near(fit["b_s_per_bit"], HAND.b_s_per_bit, "slope b")
    _near(fit["throughput_bits_s"], wanted["throughput_bits_s"], "throughput")
    _near(fit["endpoint_sd_cm"], wanted["endpoint_sd_cm"], "endpoint SD")
    assert abs(fit["a_s"] - HAND.a_s) < 0.1, fit["a_s"]

    # Save wrote the profile the start screen and --hand me read back, as measured
    assert saved["problem"] is None and saved["path"].startswith(str(home))
    profile, hand = saved["profile"], saved["hand"]
    assert profile["a_s"] == round(fit["a_s"], 6)
    assert profile["b_s_per_bit"] == round(fit["b_s_per_bit"], 6)
    assert hand["name"] == "me" and hand["b_s_per_bit"] == profile["b_s_per_bit"]
    _near(hand["aim_width_cm"], wanted["aim_width_cm"], "aim width")
    assert hand["tremor_rms_cm"] == hands()["p50"].tremor_rms_cm  # not measured: the median's
