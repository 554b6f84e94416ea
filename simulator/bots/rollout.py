"""Rollout evaluation: compare candidate moves by simulating each several times.

Each rollout plays one candidate in a copy of the world under one noise draw of the
player's hand. Rollout k of every candidate uses the same noise stream (common random
numbers), so candidates are compared under the same luck. Rounds go by successive
halving: every candidate gets a rollout, then the better half another, and so on down to
the level's finalists, until the rollouts per candidate or the budget run out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from simulator.bots.budget import Budget

C = TypeVar("C")


@dataclass(frozen=True)
class Sample:
    value: float  # what the outcome is worth to the player (points, minus penalties)
    fell: bool  # something fell (the acting piece included)
    steps: int  # simulated work it took
    won: bool = False  # the move ended the game with a win (LOTS solo)


@dataclass
class Estimate(Generic[C]):
    candidate: C
    prior: float  # the cheap heuristic's opinion, used before any rollout
    samples: list[Sample] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.samples)

    @property
    def mean(self) -> float:
        if not self.samples:
            return self.prior
        return sum(s.value for s in self.samples) / len(self.samples)

    @property
    def risk(self) -> float:
        """Share of rollouts in which something fell (0 when none ran)."""
        if not self.samples:
            return 0.0
        return sum(s.fell for s in self.samples) / len(self.samples)


def evaluate(
    candidates: Sequence[tuple[C, float]],
    simulate: Callable[[C, int], Sample],
    budget: Budget,
    rollouts: int,
    score: Callable[[Estimate[C]], float],
    finalists: int = 1,
) -> list[Estimate[C]]:
    """Estimates for (candidate, prior) pairs, best prior first; the first candidate
    always gets at least one rollout; halving stops at ``finalists`` candidates."""
    estimates = [Estimate(c, p) for c, p in candidates]
    alive = list(estimates)
    for k in range(rollouts):
        for estimate in alive:
            if budget.exhausted and (k > 0 or estimate is not estimates[0]):
                return estimates
            sample = simulate(estimate.candidate, k)
            budget.charge(sample.steps)
            estimate.samples.append(sample)
        if k + 1 < rollouts:
            # Two finalists (hard): outcomes are chaotic (a tenth of a degree can decide
            # a fall), so the winner should have beaten a rival over many draws.
            alive.sort(key=score, reverse=True)
            alive = alive[: max(finalists, (len(alive) + 1) // 2)]
    return estimates


def best(estimates: Sequence[Estimate[C]], score: Callable[[Estimate[C]], float]) -> Estimate[C]:
    """The best estimate among those with the most rollouts (fewer samples are noisier,
    and a candidate dropped by halving lost to one of them)."""
    tried = [e for e in estimates if e.n > 0] or list(estimates)
    most = max(e.n for e in tried)
    pool = [e for e in tried if e.n == most]
    return max(pool, key=score)  # max keeps the first on ties: the better prior
