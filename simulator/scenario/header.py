"""The keys every scenario kind shares: format, kind, name, description, seed, [physics]."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.physics.profile import OVERRIDABLE, PhysicsProfile, load_profile, profile_names
from simulator.scenario.fields import Table

FORMAT = "towersim/1"

# Solver settings a file may ask for: beyond these a run takes hours (or never ends).
MIN_DT = 1e-4
MAX_DT = 0.1
MAX_ITERATIONS = 1000

MAX_NAME = 200  # characters: a name is one line of a report
MAX_DESCRIPTION = 10_000


@dataclass(frozen=True)
class Header:
    format: str
    kind: str
    name: str
    description: str
    seed: int


def parse_header(root: Table, kinds: tuple[str, ...]) -> Header:
    fmt = root.string("format", required=True)
    if isinstance(fmt, str) and fmt.startswith("towersim-experiment/"):
        root.fail(
            "this is a tuning experiment, not a scenario: run it with `towersim tune`", "format"
        )
    if fmt != FORMAT:
        root.fail(f"format must be {FORMAT!r}, not {fmt!r}", "format")
    kind = root.string("kind", required=True, choices=kinds)
    assert fmt is not None and kind is not None
    return Header(
        format=fmt,
        kind=kind,
        name=root.string("name", default="", max_length=MAX_NAME) or "",
        description=root.string("description", default="", max_length=MAX_DESCRIPTION) or "",
        seed=root.integer("seed", default=0, minimum=0),
    )


def parse_physics(root: Table) -> PhysicsProfile:
    table = root.table("physics")
    if table is None:
        return load_profile()
    name = table.string("profile", default="default", choices=tuple(profile_names()))
    profile = load_profile(name or "default")
    overrides = {}
    for key in OVERRIDABLE:
        if key == "iterations":
            if table.has(key):
                overrides[key] = table.integer(key, minimum=1)
                if overrides[key] > MAX_ITERATIONS:
                    table.fail(f"must be at most {MAX_ITERATIONS}, not {overrides[key]}", key)
        elif key == "dt":
            value = table.number(key, positive=True, minimum=MIN_DT, maximum=MAX_DT)
            if value is not None:
                overrides[key] = value
        elif key == "gravity":
            value = table.number(key, positive=True)
            if value is not None:
                overrides[key] = value
        else:
            value = table.number(key, minimum=0.0)
            if value is not None:
                overrides[key] = value
    table.finish()
    try:
        return profile.with_overrides(**overrides)
    except ValueError as exc:
        table.fail(str(exc))
