"""The Crazy Tower bot skips rollouts only where they could not change its choice:
pick() chooses what evaluate() and best() choose from the same rollouts."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from simulator.bots.budget import Budget
from simulator.bots.levels import Level, level
from simulator.bots.rollout import Estimate, Sample, best, evaluate
from simulator.games.crazy_tower.bots import pick

# Rollout values as the bot's come out: a block's points plus the capped slack (0.9).
CEILINGS = (0.9, 1.5, 1.9, 2.9, 3.9, 4.9, 5.9)


@dataclass
class Table:
    """Each candidate's ceiling and rollouts, and the rollouts asked for."""

    ceilings: list[float]
    samples: list[list[Sample]]
    calls: list[int] = field(default_factory=list)

    def simulate(self, candidate: int, k: int) -> Sample:
        self.calls.append(candidate)
        return self.samples[candidate][k]

    def ceiling(self, candidate: int, prior: float, first: Estimate[int]) -> float:
        return self.ceilings[candidate]


def _table(rng: random.Random, count: int, rollouts: int) -> Table:
    """Rollouts mostly at the ceiling (a steady tower), some short of it (less slack),
    some falls; steps enough for the budget to bind now and then."""
    ceilings, samples = [], []
    for _ in range(count):
        top = rng.choice(CEILINGS)
        rows = []
        for _ in range(rollouts):
            roll = rng.random()
            value, fell = top, False
            if roll > 0.9:
                value, fell = top - rng.choice((3.0, 40.0)), True
            elif roll > 0.75:
                value = top - rng.choice((0.03, 0.3, 0.75))
            rows.append(Sample(value, fell, rng.randrange(400, 4000)))
        ceilings.append(top)
        samples.append(rows)
    return Table(ceilings, samples)


def _steady_first(rng: random.Random, table: Table, first: int) -> None:
    """The first candidate at the highest ceiling in every rollout, or all but one a
    hair short of it; rivals often at that ceiling too."""
    top = max(table.ceilings)
    for i, rows in enumerate(table.samples):
        if i == first or rng.random() < 0.5:
            table.ceilings[i] = top
            lifted = [Sample(top, False, s.steps) if s.value > top - 1 else s for s in rows]
            table.samples[i] = lifted
    rows = table.samples[first]
    rows[:] = [Sample(top, False, s.steps) for s in rows]
    if rng.random() < 0.3:
        k = rng.randrange(len(rows))
        rows[k] = Sample(top - 0.03, False, rows[k].steps)


def _case(rng: random.Random, lv: Level, fewest: int) -> tuple[Table, list[tuple[int, float]]]:
    """A random table of ``fewest`` to ``lv.candidates`` candidates and their pool,
    best prior first."""
    count = rng.randrange(fewest, lv.candidates + 1)
    table = _table(rng, count, lv.rollouts)
    pool = sorted(((i, rng.random() * 6) for i in range(count)), key=lambda c: -c[1])
    return table, pool


def _score(lv: Level) -> Callable[[Estimate[int]], float]:
    def score(e: Estimate[int]) -> float:
        return e.mean - lv.risk_weight * e.risk

    return score


@pytest.mark.parametrize("level_name", ["easy", "normal", "hard"])
def test_pick_chooses_what_the_full_evaluation_chooses(level_name: str) -> None:
    lv = level(level_name)
    rng = random.Random(level_name)
    score = _score(lv)
    skipped = 0
    for _ in range(400):
        table, pool = _case(rng, lv, 1)
        if len(pool) > 1 and rng.random() < 0.5:  # a first candidate as good as any can be
            _steady_first(rng, table, pool[0][0])
        full = evaluate(
            pool, table.simulate, Budget(lv.budget_steps), lv.rollouts, score, lv.finalists
        )
        expected, asked = best(full, score).candidate, len(table.calls)
        table.calls.clear()
        chosen, estimates = pick(pool, table.simulate, score, lv, table.ceiling)
        assert chosen == expected
        assert [e.candidate for e in estimates] == [c for c, _ in pool]
        skipped += len(table.calls) < asked
    assert skipped > 100  # rollouts were skipped, and the choice stayed the same


def test_within_a_tolerance_the_choice_scores_at_most_that_less() -> None:
    lv, tolerance = level("hard"), 0.15
    rng = random.Random(7)
    score = _score(lv)
    differed = 0
    for _ in range(400):
        table, pool = _case(rng, lv, 2)
        _steady_first(rng, table, pool[0][0])
        if rng.random() < 0.5:  # the first a little short of the rivals' ceiling
            first = table.samples[pool[0][0]]
            first[:] = [
                Sample(s.value - rng.choice((0.01, 0.1, 0.2)), False, s.steps) for s in first
            ]
        full = evaluate(
            pool, table.simulate, Budget(lv.budget_steps), lv.rollouts, score, lv.finalists
        )
        expected = best(full, score)
        chosen, estimates = pick(pool, table.simulate, score, lv, table.ceiling, tolerance)
        if chosen != expected.candidate:
            differed += 1
            assert chosen == pool[0][0] and estimates[0].n == lv.rollouts
            same = Estimate(chosen, 0.0, estimates[0].samples[: expected.n])
            assert score(expected) <= score(same) + tolerance + 1e-12
    assert differed > 10
