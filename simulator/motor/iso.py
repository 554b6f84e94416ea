"""Reading an aiming task the way ISO 9241-9 (Annex B) and Soukoreff and MacKenzie
(2004) say: per condition (amplitude x width) the endpoints' spread along the task
axis gives the effective width We = 4.133 SDx and the effective index
IDe = log2(De / We + 1); throughput is the mean over conditions of IDe / MT (not the
slope's reciprocal); movement time is regressed on IDe. The same reading serves the
simulated task (``towersim hand fitts``) and a person's own (the app's "Measure my
hand"), so both are measured alike."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import fmean, stdev

from simulator.motor.model import EFFECTIVE_WIDTH_SDS


@dataclass(frozen=True)
class Trial:
    """One movement: from ``start`` towards a target of ``width_cm`` at ``target`` (the
    condition's nominal ``amplitude_cm`` apart), ending at ``end`` after ``seconds``."""

    amplitude_cm: float
    width_cm: float
    start: tuple[float, float]
    target: tuple[float, float]
    end: tuple[float, float]
    seconds: float

    def along(self) -> tuple[float, float]:
        """(distance moved along the task axis, the endpoint's offset from the target
        along it); the axis runs from ``start`` to ``target``."""
        ax, ay = self.target[0] - self.start[0], self.target[1] - self.start[1]
        length = math.hypot(ax, ay)
        if length == 0.0:
            raise ValueError("a trial's start and target are the same point")
        ux, uy = ax / length, ay / length
        moved = (self.end[0] - self.start[0]) * ux + (self.end[1] - self.start[1]) * uy
        return moved, moved - length

    @property
    def hit(self) -> bool:
        dx, dy = self.end[0] - self.target[0], self.end[1] - self.target[1]
        return math.hypot(dx, dy) <= self.width_cm / 2


@dataclass(frozen=True)
class Condition:
    """One amplitude x width condition, read from its trials."""

    amplitude_cm: float
    width_cm: float
    trials: int
    id_bits: float  # nominal: log2(A / W + 1)
    sd_cm: float  # of the endpoints along the task axis
    we_cm: float  # 4.133 sd
    de_cm: float  # mean distance moved along the axis
    ide_bits: float
    mt_s: float  # mean movement time
    throughput_bits_s: float  # ide / mt
    errors: float  # the fraction of trials that ended outside the target

    def row(self) -> dict[str, float]:
        return {
            "amplitude_cm": round(self.amplitude_cm, 4),
            "width_cm": round(self.width_cm, 4),
            "trials": self.trials,
            "id_bits": round(self.id_bits, 4),
            "ide_bits": round(self.ide_bits, 4),
            "sd_cm": round(self.sd_cm, 4),
            "we_cm": round(self.we_cm, 4),
            "de_cm": round(self.de_cm, 4),
            "mt_s": round(self.mt_s, 4),
            "throughput_bits_s": round(self.throughput_bits_s, 4),
            "errors": round(self.errors, 4),
        }


@dataclass(frozen=True)
class FittsFit:
    """What a task measured: MT = a + b IDe with r2, throughput (mean of means), the
    endpoints' pooled SD along the axis, and the conditions."""

    a_s: float
    b_s_per_bit: float
    r2: float
    throughput_bits_s: float
    endpoint_sd_cm: float
    conditions: tuple[Condition, ...]


def condition(trials: Sequence[Trial]) -> Condition:
    """One condition's reading; ValueError if it has fewer than two trials or they are
    not all of one condition."""
    if len(trials) < 2:
        raise ValueError("a condition needs at least two trials to measure a spread")
    first = trials[0]
    if any((t.amplitude_cm, t.width_cm) != (first.amplitude_cm, first.width_cm) for t in trials):
        raise ValueError("the trials of a condition must share one amplitude and one width")
    moved = [t.along() for t in trials]
    sd = stdev(offset for _, offset in moved)
    we = EFFECTIVE_WIDTH_SDS * sd
    de = fmean(distance for distance, _ in moved)
    ide = math.log2(max(de, 0.0) / we + 1.0) if we > 0 else math.inf
    mt = fmean(t.seconds for t in trials)
    if mt <= 0 or not math.isfinite(ide):
        raise ValueError("a condition's trials must take time and spread (a real hand's do)")
    return Condition(
        amplitude_cm=first.amplitude_cm,
        width_cm=first.width_cm,
        trials=len(trials),
        id_bits=math.log2(first.amplitude_cm / first.width_cm + 1.0),
        sd_cm=sd,
        we_cm=we,
        de_cm=de,
        ide_bits=ide,
        mt_s=mt,
        throughput_bits_s=ide / mt,
        errors=sum(not t.hit for t in trials) / len(trials),
    )


def analyse(trials: Iterable[Trial]) -> FittsFit:
    """Group the trials by condition and read them (ValueError: fewer than two
    conditions, or a condition ValueError names)."""
    groups: dict[tuple[float, float], list[Trial]] = {}
    for trial in trials:
        groups.setdefault((trial.amplitude_cm, trial.width_cm), []).append(trial)
    if len(groups) < 2:
        raise ValueError("a fit needs at least two conditions (amplitude x width)")
    conditions = tuple(sorted((condition(group) for group in groups.values()), key=_order))
    a, b, r2 = _regression([c.ide_bits for c in conditions], [c.mt_s for c in conditions])
    pooled = math.sqrt(fmean(c.sd_cm**2 for c in conditions))
    return FittsFit(
        a_s=a,
        b_s_per_bit=b,
        r2=r2,
        throughput_bits_s=fmean(c.throughput_bits_s for c in conditions),
        endpoint_sd_cm=pooled,
        conditions=conditions,
    )


def _order(reading: Condition) -> tuple[float, float]:
    """Conditions in order of difficulty (nominal index, then amplitude)."""
    return reading.id_bits, reading.amplitude_cm


def _regression(x: Sequence[float], y: Sequence[float]) -> tuple[float, float, float]:
    """Least squares y = a + b x: (a, b, r2); r2 is 1 where y does not vary."""
    mx, my = fmean(x), fmean(y)
    sxx = sum((v - mx) ** 2 for v in x)
    if sxx == 0:
        raise ValueError("the conditions must differ in their index of difficulty")
    sxy = sum((u - mx) * (v - my) for u, v in zip(x, y, strict=True))
    b = sxy / sxx
    a = my - b * mx
    syy = sum((v - my) ** 2 for v in y)
    r2 = 1.0 if syy == 0 else (sxy * sxy) / (sxx * syy)
    return a, b, r2
