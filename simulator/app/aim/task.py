"""The aiming test itself, without a window: where the targets are (cm), which one is
next, and each click recorded as an ``iso.Trial``.

ISO 9241-9's multi-directional task (Annex B; Soukoreff and MacKenzie 2004): an odd
number of round targets of width W evenly on a circle of diameter A, clicked in the
order that crosses the circle each time (0, then the target opposite, then the one
after 0, ...), so every movement is nearly A long and the directions go round. A
sequence is one condition (A x W): its first click, on the start target, only starts
the clock; each later click ends one timed trial, hit or miss, and starts the next.

Units are the table's: centimetres as a game's table shows them. The page draws the
test through a camera at ``PX_PER_CM`` logical pixels per cm (simulator/app/layout.py's
1280 x 800 design screen, letterboxed into the window: a 1920 x 1080 window shows
1.35 window pixels per logical pixel, 27 per cm). These are not centimetres on the
glass: a monitor's size and resolution set those, and a hand model measured in the
table's cm is what the games use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from simulator.motor.iso import FittsFit, Trial, analyse

# Logical pixels per cm of table: a LOTS table opens at 20.9 (its camera framing the
# lot, the pick-up spot and the headroom on the 1280 x 800 design screen; measured,
# tests/app/test_aim.py checks it stays near), so the test's centimetres are the game's.
PX_PER_CM = 20.0

# A trial that moved less than this share of its amplitude, or ended further than
# OUTLIER_WIDTHS target widths from the target's centre, was not an aimed movement (a
# double click, a slip): it is not read. House rule; the page says how many it dropped.
SHORT_MOVE = 0.5
OUTLIER_WIDTHS = 2.0


@dataclass(frozen=True)
class Design:
    """The test's conditions: every amplitude with every width, ``repeats`` sequences
    of ``targets`` targets each (the person's test: 2 x 2 conditions, 13 targets, one
    sequence each, 52 timed movements in about a minute)."""

    # Indexes of difficulty from 2.5 to 5.3 bits, easy to hard for a mouse (house
    # choice); the widest circle fits the page at PX_PER_CM, and 13 of the widest
    # targets fit round the smallest circle without overlapping.
    amplitudes_cm: tuple[float, ...] = (12.0, 28.0)
    widths_cm: tuple[float, ...] = (0.75, 2.5)
    targets: int = 13
    repeats: int = 1

    def __post_init__(self) -> None:
        if self.targets < 3 or self.targets % 2 == 0:
            raise ValueError(
                f"the targets on a circle must be an odd number from 3, not {self.targets}"
            )
        if len(self.amplitudes_cm) * len(self.widths_cm) < 2:
            raise ValueError("the test needs at least two conditions to fit a line")
        if self.repeats < 1:
            raise ValueError("each condition needs at least one sequence")
        if any(w <= 0 or a <= w for a in self.amplitudes_cm for w in self.widths_cm):
            raise ValueError("every amplitude must be wider than every target")
        gap = min(self.amplitudes_cm) * math.sin(math.pi / self.targets)  # centre to centre
        if max(self.widths_cm) > gap:
            raise ValueError("the targets would overlap on the smallest circle")

    def conditions(self) -> list[tuple[float, float]]:
        """(amplitude, width) in the order they are run: each condition once, then again
        for each repeat."""
        once = [(a, w) for a in self.amplitudes_cm for w in self.widths_cm]
        return once * self.repeats

    @property
    def span_cm(self) -> float:
        """The room the largest circle of targets needs (cm across)."""
        return max(self.amplitudes_cm) + max(self.widths_cm)


def crossing_order(targets: int) -> list[int]:
    """The targets in the order clicked: across the circle each time, ending where it
    began (``targets`` + 1 clicks: the first starts the clock)."""
    step = (targets + 1) // 2
    return [(k * step) % targets for k in range(targets + 1)]


def positions(amplitude_cm: float, targets: int) -> list[tuple[float, float]]:
    """The targets' centres (cm) about (0, 0): the first at the top, then clockwise."""
    radius = amplitude_cm / 2
    return [
        (radius * math.sin(2 * math.pi * i / targets), radius * math.cos(2 * math.pi * i / targets))
        for i in range(targets)
    ]


@dataclass
class AimTask:
    """The test under way: feed it clicks (cm, seconds) with ``click``."""

    design: Design = field(default_factory=Design)
    trials: list[Trial] = field(default_factory=list)
    sequence: int = 0  # the condition under way (an index of design.conditions())
    clicks: int = 0  # clicks made in it; the first only starts the clock
    started_at: float | None = None  # the first click of the whole test (seconds)
    finished_at: float | None = None
    _last: tuple[tuple[float, float], float] | None = None  # the last click: where, when

    @property
    def done(self) -> bool:
        return self.sequence >= len(self.design.conditions())

    @property
    def condition(self) -> tuple[float, float]:
        """(amplitude, width) of the sequence under way (the last one when done)."""
        conditions = self.design.conditions()
        return conditions[min(self.sequence, len(conditions) - 1)]

    def targets(self) -> list[tuple[float, float]]:
        return positions(self.condition[0], self.design.targets)

    def target(self) -> int:
        """The index of the target to click now."""
        return crossing_order(self.design.targets)[min(self.clicks, self.design.targets)]

    def click(self, x_cm: float, y_cm: float, seconds: float) -> bool:
        """A click at (x, y) cm at ``seconds`` (any clock); False when it did not count
        (the test is over, or a sequence's first click missed its start target)."""
        if self.done:
            return False
        amplitude, width = self.condition
        aimed_at = self.targets()[self.target()]
        if self.clicks == 0:
            if math.dist((x_cm, y_cm), aimed_at) > width / 2:
                return False  # the clock starts on the start target, not anywhere
            if self.started_at is None:
                self.started_at = seconds
        else:
            assert self._last is not None
            start, then = self._last
            trial = Trial(amplitude, width, start, aimed_at, (x_cm, y_cm), seconds - then)
            self.trials.append(trial)
        self._last = ((x_cm, y_cm), seconds)
        self.clicks += 1
        if self.clicks > self.design.targets:
            self.sequence, self.clicks = self.sequence + 1, 0
            if self.done:
                self.finished_at = seconds
        return True

    def kept(self) -> list[Trial]:
        """The trials read (``aimed``)."""
        return [t for t in self.trials if aimed(t)]

    def fit(self) -> FittsFit:
        """The reading of the kept trials; ValueError (one sentence) if they cannot be
        read (too few, or no spread)."""
        return analyse(self.kept())

    @property
    def seconds(self) -> float:
        """From the first click to the last."""
        if self.started_at is None or self.finished_at is None:
            return 0.0
        return self.finished_at - self.started_at


def aimed(trial: Trial) -> bool:
    """Whether a trial was an aimed movement (SHORT_MOVE, OUTLIER_WIDTHS)."""
    moved, _ = trial.along()
    off = math.dist(trial.end, trial.target)
    return moved >= SHORT_MOVE * trial.amplitude_cm and off <= OUTLIER_WIDTHS * trial.width_cm


def progress(task: AimTask) -> tuple[int, int]:
    """(timed movements made, timed movements in the whole test)."""
    return len(task.trials), len(task.design.conditions()) * task.design.targets


def nominal_bits(design: Design) -> Sequence[float]:
    """The index of difficulty of each condition, log2(A / W + 1)."""
    return [math.log2(a / w + 1.0) for a, w in dict.fromkeys(design.conditions())]
