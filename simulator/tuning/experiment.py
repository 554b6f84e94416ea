"""Experiment files (docs/tuning.md): parameters to sweep, targets to run them on.

Validated like scenario files: every fault is one ScenarioError line naming the file,
the line where it can, the key and what is wrong.
"""

from __future__ import annotations

import glob
import itertools
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules.footprints import footprints
from simulator.physics.profile import profile_names
from simulator.scenario.document import read_document
from simulator.scenario.fields import Table
from simulator.tuning.cases import FAMILIES, Family
from simulator.tuning.params import INTEGER_FIELDS, Value, check_name, check_value
from simulator.tuning.runs import Run
from simulator.tuning.targets import LotsGameTarget, ScenarioTarget, Target, ThresholdTarget

FORMAT = "towersim-experiment/1"
# A sweep that asks for more runs than this is a typo, not an experiment.
MAX_RUNS = 100_000
# Issue 25's targets: percent of the critical overhang, or degrees.
DEFAULT_TOLERANCE = {
    "harmonic": 1.0,
    "paterson-zwick": 1.0,
    "incline-slide": 0.05,
    "incline-topple": 0.1,
}


@dataclass(frozen=True)
class Param:
    name: str
    values: tuple[Value, ...] | None  # grid values or random choices
    low: float | None = None  # random range
    high: float | None = None
    log: bool = False

    def draw(self, rng: random.Random) -> Value:
        if self.values is not None:
            return rng.choice(self.values)
        assert self.low is not None and self.high is not None
        if self.log:
            value: float = math.exp(rng.uniform(math.log(self.low), math.log(self.high)))
        else:
            value = rng.uniform(self.low, self.high)
        return round(value) if self.name in INTEGER_FIELDS else value


@dataclass(frozen=True)
class Experiment:
    path: str
    name: str
    description: str
    profile: str | None
    method: str  # "grid" or "random"
    params: tuple[Param, ...]
    fixed: tuple[tuple[str, Value], ...]
    targets: tuple[Target, ...]
    samples: int
    seed: int

    @property
    def param_names(self) -> list[str]:
        return [p.name for p in self.params] + [n for n, _ in self.fixed]

    def points(self) -> list[tuple[tuple[str, Value], ...]]:
        if self.method == "grid":
            combos = itertools.product(*(p.values or () for p in self.params))
            chosen = [tuple(zip((p.name for p in self.params), c, strict=True)) for c in combos]
        else:
            rng = random.Random(self.seed)
            draws = range(self.samples)
            chosen = [tuple((p.name, p.draw(rng)) for p in self.params) for _ in draws]
        return [c + self.fixed for c in chosen]

    def runs(self) -> list[Run]:
        pairs = itertools.product(self.points(), self.targets)
        return [Run(i, point, target, self.profile) for i, (point, target) in enumerate(pairs)]


def load_experiment(path: str | Path) -> Experiment:
    doc = read_document(path)
    root = Table(doc, doc.data, "")
    fmt = root.string("format", required=True)
    if fmt != FORMAT:
        root.fail(f"must be {FORMAT!r}, not {fmt!r}", "format")
    name = root.string("name", default=Path(path).stem) or Path(path).stem
    description = root.string("description", default="") or ""
    profile = root.string("profile", choices=tuple(profile_names()))
    sweep = root.table("sweep")
    method, samples, seed = "grid", 0, 0
    if sweep is not None:
        sweep.label = "[sweep]"
        method = sweep.string("method", default="grid", choices=("grid", "random")) or "grid"
        if method == "random":
            samples = sweep.integer("samples", minimum=1)
            seed = sweep.integer("seed", default=0, minimum=0)
        sweep.finish()
    params = tuple(_param(root, raw, i, method) for i, raw in enumerate(root.tables("param")))
    names = [p.name for p in params]
    fixed = _fixed(root.table("fixed"), names)
    targets: list[Target] = _scenarios(root, Path(path))
    targets += [_threshold(root, raw, i) for i, raw in enumerate(root.tables("threshold"))]
    for i, raw in enumerate(root.tables("lots_game")):
        targets += _lots_games(root, raw, i)
    if not targets:
        root.fail("an experiment needs scenarios, a [[threshold]] or a [[lots_game]]")
    root.finish()
    experiment = Experiment(
        str(path),
        name,
        description,
        profile,
        method,
        params,
        fixed,
        tuple(targets),
        samples,
        seed,
    )
    points = math.prod(len(p.values or ()) for p in params) if method == "grid" else samples
    if points * len(targets) > MAX_RUNS:
        root.fail(f"the sweep has {points * len(targets)} runs; at most {MAX_RUNS}")
    return experiment


def _raw(table: Table, key: str) -> Any:
    """A value of any type, marked as read (Table's typed getters cover scalars only)."""
    table._read.add(key)
    return table.data[key]


def _number(table: Table, key: str, value: Any, name: str) -> Value:
    """A parameter value: a number, or a fraction written as a string ("1/480")."""
    if isinstance(value, str):
        try:
            value = float(Fraction(value.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            table.fail(f'{value!r} is not a number or a fraction like "1/480"', key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        table.fail(f"must hold numbers, not {value!r}", key)
    if name in INTEGER_FIELDS:
        if value != int(value):
            table.fail(f"{name} takes whole numbers, not {value!r}", key)
        value = int(value)
    problem = check_value(name, value)
    if problem:
        table.fail(f"{name} = {value!r}: {problem}", key)
    return value


def _param(root: Table, raw: Any, index: int, method: str) -> Param:
    table = Table(root.doc, raw, f"param #{index + 1}", header=("param", index))
    name = table.string("name", required=True)
    assert name is not None
    table.label = f'param "{name}"'
    problem = check_name(name)
    if problem:
        table.fail(problem, "name")
    values = None
    if table.has("values"):
        raw_values = _raw(table, "values")
        if not isinstance(raw_values, list) or not raw_values:
            table.fail("must be a non-empty list of values", "values")
        values = tuple(_number(table, "values", v, name) for v in raw_values)
        if len(set(values)) != len(values):
            table.fail("lists a value twice", "values")
    low = table.number("min")
    high = table.number("max")
    log = bool(table.boolean("log", default=False))
    if method == "grid" and (values is None or low is not None or high is not None):
        table.fail("a grid sweep lists each parameter's values (values = [...])")
    if method == "random":
        if (values is None) == (low is None or high is None):
            table.fail("a random sweep gives either values = [...] or both min and max")
        if low is not None and high is not None:
            if not low < high:
                table.fail(f"min must be below max ({low} >= {high})", "min")
            for key, bound in (("min", low), ("max", high)):
                problem = check_value(name, bound)
                if problem:
                    table.fail(f"{name} = {bound!r}: {problem}", key)
            if log and low <= 0:
                table.fail("a log range needs min > 0", "min")
    table.finish()
    return Param(name, values, low, high, log)


def _fixed(table: Table | None, swept: list[str]) -> tuple[tuple[str, Value], ...]:
    if table is None:
        return ()
    out = []
    for name in list(table.data):
        value = _raw(table, name)
        problem = check_name(name)
        if problem:
            table.fail(problem, name)
        if name in swept:
            table.fail("is swept by a [[param]] and fixed here; choose one", name)
        out.append((name, _number(table, name, value, name)))
    return tuple(out)


def _scenarios(root: Table, path: Path) -> list[Target]:
    patterns = root.strings("scenarios") or []
    here = path.resolve().parent
    targets: list[Target] = []
    for pattern in patterns:
        matches = sorted(glob.glob(str(here / pattern)))
        if not matches:
            root.fail(
                f"{pattern!r} matches no file (paths are relative to the experiment)", "scenarios"
            )
        for match in matches:
            inside = match.startswith(str(here))
            label = Path(match).relative_to(here).as_posix() if inside else match
            targets.append(ScenarioTarget(match, label))
    return targets


def _threshold(root: Table, raw: Any, index: int) -> ThresholdTarget:
    table = Table(root.doc, raw, f"threshold #{index + 1}", header=("threshold", index))
    case = table.string("case", required=True, choices=FAMILIES)
    assert case is not None
    n = table.integer("n", default=8, minimum=1)
    if n > 40:
        table.fail(f"a harmonic stack of at most 40 blocks, not {n}", "n")
    family = Family(
        case,
        n=n,
        block_height=table.number("block_height", default=1.0, positive=True, maximum=10.0) or 1.0,
        mu=table.number("mu", default=0.5, positive=True, maximum=2.0) or 0.5,
        width=table.number("width", default=2.0, positive=True, maximum=20.0) or 2.0,
        height=table.number("height", default=6.0, positive=True, maximum=20.0) or 6.0,
    )
    tolerance = table.number("tolerance", default=DEFAULT_TOLERANCE[case], positive=True)
    table.finish()
    return ThresholdTarget(family, float(tolerance or DEFAULT_TOLERANCE[case]))


def _lots_games(root: Table, raw: Any, index: int) -> list[Target]:
    table = Table(root.doc, raw, f"lots_game #{index + 1}", header=("lots_game", index))
    games = table.integer("games", minimum=1)
    first = table.integer("first_seed", default=0, minimum=0)
    players = table.integer("players", default=2, minimum=1)
    if players > 4:
        table.fail(f"LOTS takes 1 to 4 players, not {players}", "players")
    decisions = table.integer("decisions", default=60, minimum=1)
    footprint = table.string("footprint", default="1A") or "1A"
    if footprint not in footprints():
        table.fail(f"unknown footprint {footprint!r}", "footprint")
    table.finish()
    return [LotsGameTarget(first + i, players, decisions, footprint) for i in range(games)]
