"""One run: a point in parameter space applied to one target, and its record (a CSV row).

Every field of a record except ``wall_s`` and ``steps_per_s`` is a pure function of the
run, so serial, process-pool and Dask sweeps give the same rows.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, replace
from typing import Any

from simulator.games.computer_seat import play_players
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer
from simulator.games.registry import GAMES, MissingPart
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.world import PlacementRefused
from simulator.replay import load_document, load_scenario
from simulator.scenario.document import json_document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.sandbox import run_sandbox
from simulator.seeds import seat_seed
from simulator.tuning.bisection import find_flip
from simulator.tuning.capture import is_settled, run_with_world
from simulator.tuning.params import Value, settings_for
from simulator.tuning.targets import (
    LotsGameTarget,
    ScenarioTarget,
    Target,
    ThresholdTarget,
    describe,
)

# Columns of every record, before the parameters; timing columns are the only ones that
# differ between two executions of the same run.
RESULT_COLUMNS = (
    "target",
    "kind",
    "verdict",
    "measured",
    "analytic",
    "error",
    "unit",
    "tolerance",
    "moved_cm",
    "fallen",
    "settled",
    "steps",
    "sim_seconds",
    "state_hash",
    "detail",
)
TIMING_COLUMNS = ("wall_s", "steps_per_s")
LEAD_COLUMNS = ("key", "run")


@dataclass(frozen=True)
class Run:
    index: int  # position in the experiment (rows are written in this order)
    point: tuple[tuple[str, Value], ...]
    target: Target
    profile: str | None = None  # a named base profile for every target, else each one's own

    @property
    def key(self) -> str:
        """Hash of what the run is (parameters, base profile, target), not of its place
        in the experiment: the resume key."""
        ident = {"point": sorted(self.point), "profile": self.profile, **describe(self.target)}
        text = json.dumps(ident, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def execute(run: Run) -> dict[str, Any]:
    """Run it and return its record (parameters included, as columns)."""
    point = dict(run.point)
    started = time.perf_counter()
    if isinstance(run.target, ScenarioTarget):
        record = _scenario(run, point)
    elif isinstance(run.target, ThresholdTarget):
        record = _threshold(run.target, _base(run), point)
    else:
        record = _lots_game(run.target, _base(run), point)
    wall = time.perf_counter() - started
    record.update(
        key=run.key,
        run=run.index,
        target=run.target.label,
        wall_s=round(wall, 4),
        steps_per_s=round(record["steps"] / wall) if wall > 0 else 0,
        **point,
    )
    return record


def _base(run: Run) -> PhysicsProfile:
    return load_profile(run.profile or "default")


def _blank(kind: str) -> dict[str, Any]:
    record: dict[str, Any] = dict.fromkeys(RESULT_COLUMNS, "")
    record["kind"] = kind
    return record


def _scenario(run: Run, point: dict[str, Value]) -> dict[str, Any]:
    target = run.target
    assert isinstance(target, ScenarioTarget)
    record = _blank("scenario")
    try:
        # A Dask worker is a process of its own: it knows plug-in games from the
        # environment only (loading again is harmless).
        GAMES.load_plugins()
        # The point's settings replace the file's physics; a body that names a material
        # gets the swept values, one that sets its own friction keeps it.
        loaded = load_scenario(target.path)
        base = load_profile(run.profile) if run.profile else loaded.scenario.profile
        report, world = run_with_world(loaded, settings_for(base, point))
    except (ScenarioError, PlacementRefused, ValueError, MissingPart) as exc:
        record.update(verdict="error", detail=str(exc))
        record["steps"] = 0
        return record
    failures = report["expect"]["failures"]
    verdict = "pass" if report["ok"] else "fail"
    if not report["expect"]["checked"]:
        verdict = "ran"
    if not _finite(report):
        verdict, failures = "diverged", ["the simulation diverged"]
    bodies = report.get("bodies")
    events = report.get("events", [])
    record.update(
        verdict=verdict,
        moved_cm=_round(max((b["displacement"] for b in bodies), default=0.0)) if bodies else "",
        fallen=sum(1 for e in events if e.get("type") in ("fell", "fall", "accident")),
        settled=is_settled(world) if world is not None else "",
        steps=report["steps"],
        sim_seconds=_round(report["sim_seconds"]),
        state_hash=report["state_hash"],
        detail="; ".join(failures),
    )
    return record


def _threshold(target: ThresholdTarget, base: PhysicsProfile, point: dict[str, Value]) -> dict:
    family = target.family
    profile = settings_for(base, point)
    steps = [0]
    digest = hashlib.sha256()
    standing: list[dict[str, Any]] = []

    def falls(x: float) -> bool:
        report = run_sandbox(family.build(x, profile))
        steps[0] += report["steps"]
        digest.update(report["state_hash"].encode())
        fell = any(b["moved"] for b in report["bodies"])
        if not fell:
            standing.append(report)
        return fell

    low, high, resolution = family.search
    flip = find_flip(falls, low, high, resolution)
    measured = flip.value if flip.bracketed else (low if flip.low == low else high)
    error = family.error(measured)
    ok = flip.bracketed and abs(error) <= target.tolerance
    record = _blank("threshold")
    last_standing = standing[-1] if standing else None
    record.update(
        verdict="pass" if ok else "fail",
        measured=_round(measured),
        analytic=_round(family.analytic),
        error=_round(error),
        unit=family.unit,
        tolerance=target.tolerance,
        moved_cm=_round(max(b["displacement"] for b in last_standing["bodies"]))
        if last_standing
        else "",
        steps=steps[0],
        sim_seconds=_round(steps[0] * profile.dt),
        state_hash=digest.hexdigest(),
        detail="" if flip.bracketed else f"no flip in [{low}, {high}]",
    )
    return record


def _lots_game(target: LotsGameTarget, base: PhysicsProfile, point: dict[str, Value]) -> dict:
    # The tuning lab plays LOTS only (its game target is a LOTS table); the game is set up
    # as a LOTS scenario file would be, through the registry's own parser and match.
    names = [f"P{i + 1}" for i in range(target.players)]
    kind = LotsMatch.kind
    header = {"format": "towersim/1", "kind": kind, "name": target.label, "seed": target.seed}
    document = {**header, "setup": {"players": names, "footprint": target.footprint}}
    scenario = load_document(json_document(target.label, json.dumps(document))).scenario
    match = replace(scenario, profile=settings_for(base, point)).new_match()
    assert isinstance(match, LotsMatch)
    seats = {name: RandomPlayer(seat_seed(target.seed, seat)) for seat, name in enumerate(names)}
    record = _blank("lots-game")
    try:
        play_players(match, seats, target.decisions)
    except Exception as exc:  # a stuck player is a finding of the run, not a crash
        record["detail"] = f"{type(exc).__name__}: {exc}"
    events = match.events()
    fallen = sum(len(e.get("fallen") or []) for e in events if e["type"] == "place")
    accidents = sum(1 for e in events if e["type"] in ("accident", "lost_block"))
    record.update(
        verdict="collapsed" if fallen else "stood",
        measured=accidents,
        unit="accidents",
        fallen=fallen,
        settled=is_settled(match.world),
        steps=match.world.steps,
        sim_seconds=_round(match.world.time),
        state_hash=match.state_hash(),
    )
    return record


def _round(value: float) -> float:
    return round(value, 6)


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True
