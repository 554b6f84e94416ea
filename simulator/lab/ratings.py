"""The ladder: Bradley-Terry ratings of the players of two-seat games, from the lab's
results (docs/bots.md, "The ladder").

A player is a seat's label (its level, and its hand when the seat named one). Each
finished game of two seats is a match between them: a win counts 1 to the winner, a
game both or neither won counts half to each. The model: player *i* beats *j* with
probability ``p_i / (p_i + p_j)``; the strengths are fitted by Hunter's MM algorithm
(2004), with one drawn game added to every pair that met, a weak prior that keeps a
clean sweep's rating finite. Ratings are on the Elo scale (400 points: ten to one odds),
the weakest level of LEVEL_NAMES present at 0. Intervals: the 2.5th and 97.5th
percentiles of the ratings refitted on games drawn anew from the fitted model, as many
a pair as it played (a parametric bootstrap: resampling the games themselves would give
a clean sweep no interval at all; seeded, so a report is the same every time).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from simulator.bots.levels import LEVEL_NAMES
from simulator.lab.report_data import GameRecord
from simulator.lab.stats import wilson

ELO = 400 / math.log(10)  # Elo points per unit of log strength
PRIOR_DRAWS = 1.0  # drawn games added to each pair that met
BOOTSTRAP = 1000  # resamples for the intervals
TOLERANCE = 1e-10  # the MM iteration stops when no log strength moves more
MAX_ITERATIONS = 10_000


@dataclass(frozen=True)
class Pair:
    """The games two players played against each other: ``outcomes`` holds, game by game,
    what the first (``a``) scored: 1, 0.5 or 0."""

    a: str
    b: str
    outcomes: tuple[float, ...]

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def a_wins(self) -> float:
        return float(sum(self.outcomes))


@dataclass(frozen=True)
class Rating:
    player: str
    elo: float
    low: float  # 95 % bootstrap interval
    high: float


@dataclass(frozen=True)
class HeadToHead:
    """How often the stronger-named player of a pair won (ties counted half)."""

    upper: str
    lower: str
    games: int
    wins: float
    low: float  # 95 % Wilson interval of the share
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Ladder:
    game: str
    ratings: list[Rating]  # strongest first
    pairs: list[HeadToHead]
    games: int


def level_order(player: str) -> tuple[int, str]:
    """Players sorted by level as LEVEL_NAMES orders them (a hand after the level)."""
    level = player.split(" ", 1)[0]
    rank = LEVEL_NAMES.index(level) if level in LEVEL_NAMES else len(LEVEL_NAMES)
    return rank, player


def pairs_of(records: Iterable[GameRecord]) -> dict[str, list[Pair]]:
    """The pairs of each game, from the finished two-seat games among ``records``
    (either seat order; the first named is the lower level)."""
    found: dict[tuple[str, str, str], list[float]] = {}
    for record in records:
        seats = record.seats
        if not record.done or len(seats) != 2 or record.raw.get("winners") is None:
            continue
        names = [seat.label for seat in seats]
        if names[0] == names[1]:
            continue  # a mirror match says nothing about the order
        first, second = sorted(range(2), key=lambda i: level_order(names[i]))
        # 1 a win of the first, 0 of the second, 0.5 shared or nobody's
        outcome = 0.5 + (record.share(first) - record.share(second)) / 2
        found.setdefault((record.game, names[first], names[second]), []).append(outcome)
    out: dict[str, list[Pair]] = {}
    for (game, a, b), outcomes in sorted(found.items()):
        out.setdefault(game, []).append(Pair(a, b, tuple(outcomes)))
    return out


def fit(players: Sequence[str], pairs: Sequence[Pair]) -> np.ndarray:
    """Log strengths of ``players`` (the first at 0) by Hunter's MM algorithm, with
    PRIOR_DRAWS drawn games added to each pair."""
    index = {name: i for i, name in enumerate(players)}
    n = len(players)
    games = np.zeros((n, n))
    wins = np.zeros(n)
    for pair in pairs:
        i, j = index[pair.a], index[pair.b]
        total = pair.games + PRIOR_DRAWS
        games[i, j] += total
        games[j, i] += total
        wins[i] += pair.a_wins + PRIOR_DRAWS / 2
        wins[j] += pair.games - pair.a_wins + PRIOR_DRAWS / 2
    strength = np.ones(n)
    for _ in range(MAX_ITERATIONS):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denominator > 0, wins / np.where(denominator > 0, denominator, 1), 1.0)
        new /= math.exp(np.log(new).mean())
        moved = np.abs(np.log(new) - np.log(strength)).max()
        strength = new
        if moved < TOLERANCE:
            break
    logs = np.log(strength)
    return logs - logs[0]


def ladder(game: str, pairs: Sequence[Pair], resamples: int = BOOTSTRAP, seed: int = 0) -> Ladder:
    """The ratings and head-to-head shares of one game's pairs."""
    players = sorted({p for pair in pairs for p in (pair.a, pair.b)}, key=level_order)
    logs = fit(players, pairs)
    point = logs * ELO
    index = {name: i for i, name in enumerate(players)}
    rng = np.random.default_rng(seed)
    draws = np.empty((resamples, len(players)))
    for k in range(resamples):
        again = []
        for p in pairs:
            chance = 1 / (1 + math.exp(logs[index[p.b]] - logs[index[p.a]]))
            won = rng.random(p.games) < chance
            again.append(Pair(p.a, p.b, tuple(won.astype(float))))
        draws[k] = fit(players, again) * ELO
    low, high = np.percentile(draws, [2.5, 97.5], axis=0) if resamples else (point, point)
    ratings = [
        Rating(name, float(point[i]), float(low[i]), float(high[i]))
        for i, name in enumerate(players)
    ]
    ratings.sort(key=lambda r: level_order(r.player), reverse=True)
    heads = []
    for pair in pairs:
        upper_wins = pair.games - pair.a_wins  # the pair's second is the higher level
        lo, hi = wilson(upper_wins, pair.games)
        heads.append(HeadToHead(pair.b, pair.a, pair.games, upper_wins, lo, hi))
    heads.sort(key=lambda h: level_order(h.upper))
    return Ladder(game, ratings, heads, sum(p.games for p in pairs))
