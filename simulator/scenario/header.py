"""The keys every scenario kind shares: format, kind, name, description, seed, [physics]."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.physics.hand_settings import FILE_GRIP, FILE_HAND_MODEL
from simulator.physics.profile import OVERRIDABLE, PhysicsProfile, load_profile, profile_names
from simulator.physics.rest_settings import FILE_REST
from simulator.scenario.fields import Table
from simulator.scenario.ranges import PHYSICS, SEED

FORMAT = "towersim/1"

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
        seed=root.ranged("seed", SEED, default=0),
    )


def parse_physics(root: Table) -> PhysicsProfile:
    table = root.table("physics")
    if table is None:
        return load_profile(grip=FILE_GRIP, rest=FILE_REST, hand_model=FILE_HAND_MODEL)
    name = table.string("profile", default="default", choices=tuple(profile_names()))
    profile = load_profile(
        name or "default", grip=FILE_GRIP, rest=FILE_REST, hand_model=FILE_HAND_MODEL
    )
    overrides = {}
    for key in OVERRIDABLE:  # every one has its range: beyond it a run takes hours
        value = table.ranged(key, PHYSICS[key])
        if value is not None:
            overrides[key] = value
    table.finish()
    try:
        return profile.with_overrides(**overrides)
    except ValueError as exc:
        table.fail(str(exc))
