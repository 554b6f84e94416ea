"""A simulated ISO 9241-9 multi-directional pointing task (Annex B), done by a model hand
and read as a person's would be (simulator.motor.iso): ``towersim hand fitts``.

Per condition (amplitude A x width W, assets/hand/population.toml [iso_task]) the
targets sit on a circle of diameter A and the hand crosses it from target to target.
Each movement:

- takes the hand's time for the condition at its pace, ``paced_time(A, W, hurry)``,
  times a log-normal factor of mean 1 (trial-to-trial timing, a house CV);
- ends at the target plus a normal error of SD ``endpoint_sd(A, paced time)`` on each
  axis, plus the hand's tremor at the moment of the click.

The spread follows the pace the hand chose for the condition, not each trial's jitter:
within a condition a slow trial is one with a correction, not a more careful aim
(Meyer et al. 1988), so the jitter does not move the speed-accuracy operating point
(docs/hand.md, "The ISO task"). All chance comes from one seeded stream.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.chance import Chance
from rules.errors import AssetError
from simulator.motor.iso import FittsFit, Trial, analyse
from simulator.motor.model import MotorHand
from simulator.motor.population import POPULATION_FILE, number, table
from simulator.motor.tremor import Tremor


@dataclass(frozen=True)
class TaskDesign:
    """The conditions (amplitude, width in cm), trials per condition, targets on the
    circle and the trial-to-trial coefficient of variation of movement time."""

    conditions: tuple[tuple[float, float], ...]
    trials: int
    targets: int
    timing_cv: float


def design() -> TaskDesign:
    """The task as assets/hand/population.toml [iso_task] sets it."""
    raw = table("iso_task")
    where = "[iso_task]"
    trials = number(raw, "trials", where, 2, 1000)
    targets = number(raw, "targets", where, 3, 99)
    if trials != int(trials) or targets != int(targets) or int(targets) % 2 == 0:
        raise AssetError(
            f"{POPULATION_FILE}: {where}: trials and targets must be whole numbers, "
            "targets odd (so that every movement crosses the circle)"
        )
    conditions = raw.get("conditions")
    if not isinstance(conditions, list) or len(conditions) < 2:
        raise AssetError(f"{POPULATION_FILE}: {where}: conditions must list 2 or more [A, W]")
    pairs = []
    for pair in conditions:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise AssetError(f"{POPULATION_FILE}: {where}: each condition is [A, W] in cm")
        values = dict(zip(("amplitude", "width"), pair, strict=True))
        pairs.append(
            (
                number(values, "amplitude", where, 0.01, 1000.0),
                number(values, "width", where, 0.01, 1000.0),
            )
        )
    return TaskDesign(
        conditions=tuple(pairs),
        trials=int(trials),
        targets=int(targets),
        timing_cv=number(raw, "timing_cv", where, 0.0, 1.0),
    )


def _circle(amplitude: float, targets: int) -> list[tuple[float, float]]:
    radius = amplitude / 2.0
    return [
        (radius * math.cos(2 * math.pi * k / targets), radius * math.sin(2 * math.pi * k / targets))
        for k in range(targets)
    ]


def _offset(hand: MotorHand, sd: float, seconds: float, chance: Chance) -> tuple[float, float]:
    """Where a movement's click lands, from the target's centre."""
    tremor = Tremor.of(hand.tremor_rms_cm, hand.tremor_hz, hand.tremor_band_hz, chance.next_u64())
    shake_x, shake_y = tremor.at(seconds)
    return sd * chance.gauss() + shake_x, sd * chance.gauss() + shake_y


def simulate(
    hand: MotorHand, hurry: float = 1.0, seed: int = 0, task: TaskDesign | None = None
) -> list[Trial]:
    """Every trial of the task done by ``hand``, ``hurry`` times faster than its pace."""
    task = task or design()
    chance = Chance.from_seed(seed)
    # log-normal with mean 1: exp(s z - s^2 / 2), s^2 = ln(1 + cv^2)
    spread = math.sqrt(math.log1p(task.timing_cv**2))
    trials: list[Trial] = []
    for index, (amplitude, width) in enumerate(task.conditions):
        stream = chance.fork(index)
        paced = hand.paced_time(amplitude, width, hurry)
        sd = hand.endpoint_sd(amplitude, paced)
        circle = _circle(amplitude, task.targets)
        step = (task.targets + 1) // 2  # across the circle, to the next target round
        # The sequence opens with a click on the first target; it is not a trial.
        dx, dy = _offset(hand, sd, paced, stream)
        start = (circle[0][0] + dx, circle[0][1] + dy)
        for k in range(1, task.trials + 1):
            target = circle[(k * step) % task.targets]
            seconds = paced * math.exp(spread * stream.gauss() - spread * spread / 2)
            dx, dy = _offset(hand, sd, seconds, stream)
            end = (target[0] + dx, target[1] + dy)
            trials.append(Trial(amplitude, width, start, target, end, seconds))
            start = end
    return trials


def run(hand: MotorHand, hurry: float = 1.0, seed: int = 0) -> FittsFit:
    """The task done and read: the hand's measured Fitts parameters and throughput."""
    return analyse(simulate(hand, hurry, seed))


def report(profile: str, fit: FittsFit) -> dict[str, Any]:
    """The JSON form ``towersim hand fitts --json`` prints (its keys are fixed)."""
    return {
        "profile": profile,
        "a_s": round(fit.a_s, 4),
        "b_s_per_bit": round(fit.b_s_per_bit, 4),
        "r2": round(fit.r2, 4),
        "throughput_bits_s": round(fit.throughput_bits_s, 4),
        "endpoint_sd_cm": round(fit.endpoint_sd_cm, 4),
        "rows": [condition.row() for condition in fit.conditions],
    }
