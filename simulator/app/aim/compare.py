"""The aiming test's reading set against the population of hands
(simulator/motor/population.py), in sentences a person would write.

A population hand is read at the same task the player did: its movement time at each
condition's nominal index (it lands on the targets, We = W, so IDe = ID) and its
throughput as the mean of ID / MT over the conditions, as the player's is. Where the
player stands: throughput across adults is taken as normal with the population's
coefficient of variation (assets/hand/population.toml, ``throughput_cv``, a house
assumption), so z = (TP / TP of the median hand - 1) / cv.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev

from rules.assets import load_asset
from rules.chance import Chance
from simulator.app.aim.task import AimTask, nominal_bits
from simulator.motor.iso import FittsFit, Trial, analyse
from simulator.motor.personal import BASE_HAND, hand_of, width_ratio
from simulator.motor.personal import from_fit as profile_from_fit
from simulator.motor.population import POPULATION_FILE, hands


@dataclass(frozen=True)
class Line:
    """One line of the population on the plot: the hands that share it (a hand that
    differs only in tremor moves as its twin does), its intercept and slope, and its
    throughput at the player's task."""

    names: tuple[str, ...]
    a_s: float
    b_s_per_bit: float
    throughput_bits_s: float

    @property
    def label(self) -> str:
        return ", ".join(self.names)


def population_at(bits: list[float]) -> list[Line]:
    """The population's hands at a task of these indexes, fastest first."""
    lines: dict[tuple[float, float], list[str]] = {}
    for name, hand in hands().items():
        lines.setdefault((round(hand.a_s, 6), round(hand.b_s_per_bit, 6)), []).append(name)
    out = [
        Line(tuple(names), a, b, fmean(bit / (a + b * bit) for bit in bits))
        for (a, b), names in lines.items()
    ]
    return sorted(out, key=lambda line: -line.throughput_bits_s)


def throughput_cv() -> float:
    return float(load_asset(POPULATION_FILE)["population"]["throughput_cv"])


def percentile(throughput: float, median: float) -> float:
    """The share of adults (per cent, 1 to 99) whose throughput is below ``throughput``."""
    z = (throughput / median - 1.0) / throughput_cv()
    return min(99.0, max(1.0, 100.0 * NormalDist().cdf(z)))


RESAMPLES = 200  # bootstrap resamples: enough for a one-significant-figure SD
PRECISION_SEED = 41  # the resampling's own seeded stream: the same test reads the same


def precision(task: AimTask) -> tuple[float, float]:
    """How precisely the test measured the slope and the throughput: their SDs over
    bootstrap resamples of the player's own trials (each condition's trials drawn with
    replacement; Efron 1979)."""
    groups: dict[tuple[float, float], list[Trial]] = {}
    for trial in task.kept():
        groups.setdefault((trial.amplitude_cm, trial.width_cm), []).append(trial)
    chance = Chance.from_seed(PRECISION_SEED)
    slopes, throughputs = [], []
    for _ in range(RESAMPLES):
        sample = [group[chance.below(len(group))] for group in groups.values() for _ in group]
        try:
            fit = analyse(sample)
        except ValueError:  # a resample with no spread in a condition: not a reading
            continue
        slopes.append(fit.b_s_per_bit)
        throughputs.append(fit.throughput_bits_s)
    if len(slopes) < 2:
        return 0.0, 0.0
    return stdev(slopes), stdev(throughputs)


def sentences(task: AimTask, fit: FittsFit) -> list[str]:
    """What the test found, for the result page."""
    bits = list(nominal_bits(task.design))
    lines = {name: line for line in population_at(bits) for name in line.names}
    median = lines[BASE_HAND]
    dropped = len(task.trials) - len(task.kept())
    made = f"You made {len(task.trials)} movements in {task.seconds:.0f} seconds" + (
        f"; {dropped} of them did not count (a slip or a double click)." if dropped else "."
    )
    misses = sum(c.errors * c.trials for c in fit.conditions)
    made += f" {misses:.0f} ended outside their target."
    fast = (
        f"Each movement took you {fit.a_s:.2f} s plus {fit.b_s_per_bit:.2f} s for every bit "
        f"of difficulty (the line fits your {len(fit.conditions)} conditions with "
        f"r² = {fit.r2:.2f}). The median adult hand's is {median.a_s:.2f} s plus "
        f"{median.b_s_per_bit:.2f} s a bit."
    )
    share = percentile(fit.throughput_bits_s, median.throughput_bits_s)
    p10, p90 = lines["p10"].throughput_bits_s, lines["p90"].throughput_bits_s
    standing = (
        f"Your throughput is {fit.throughput_bits_s:.1f} bits/s. At this task the median "
        f"hand's is {median.throughput_bits_s:.1f}, the 10th percentile's {p10:.1f} and the "
        f"90th's {p90:.1f}: you are faster than about {share:.0f} % of adults."
    )
    ratio = width_ratio(fit)
    how = (
        "more widely than"
        if ratio > 1.05
        else "more tightly than"
        if ratio < 0.95
        else "about as widely as"
    )
    spread = (
        f"Your clicks spread {fit.endpoint_sd_cm:.2f} cm (SD along the movement); your "
        f"effective widths were {ratio:.2f} times the targets': you landed {how} the "
        "targets asked."
    )
    hand = hand_of(profile_from_fit(fit, ""))
    keeps = (
        f'Saved as your hand "me", it moves at this speed and aims at a '
        f"{hand.aim_width_cm:.2f} cm tolerance (the median hand's "
        f"{hands()[BASE_HAND].aim_width_cm:.2f} cm times {ratio:.2f}); its tremor is the "
        "median adult's, since a mouse on a desk does not record tremor."
    )
    slope_sd, throughput_sd = precision(task)
    per_condition = len(task.kept()) // len(fit.conditions)
    rough = (
        f"How sure: resampling your own movements, the slope varies by about "
        f"{slope_sd:.2f} s a bit and the throughput by {throughput_sd:.1f} bits/s (one SD; "
        f"from {per_condition} movements a condition the real spread is likely larger). "
        "Measuring again narrows it."
    )
    return [made, fast, standing, spread, keeps, rough]
