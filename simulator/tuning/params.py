"""Named tuning parameters: any PhysicsProfile field, a material's density, friction or
elasticity (``material.wood.friction``), or a hand setting (``hand.grip_force``).

A profile carries the materials and the hand's settings too, and every world, body and
hand reads them from the profile it was built with: ``settings_for`` turns a point into
one profile that the run is given (``Loaded.run(settings)``), with no global state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from simulator.physics.hand_settings import HandSettings
from simulator.physics.materials import materials
from simulator.physics.profile import PhysicsProfile, load_profile

Value = float | int
Point = Mapping[str, Value]  # parameter name -> value, in the experiment's order

PROFILE_FIELDS = tuple(
    f.name for f in fields(PhysicsProfile) if f.name not in ("name", "materials", "hand")
)
INTEGER_FIELDS = frozenset({"iterations"})
MATERIAL_FIELDS = ("density", "friction", "elasticity")
HAND_FIELDS = tuple(f.name for f in fields(HandSettings))


def known_names() -> list[str]:
    names = list(PROFILE_FIELDS)
    names += [f"material.{m}.{f}" for m in sorted(materials()) for f in MATERIAL_FIELDS]
    names += [f"hand.{f}" for f in HAND_FIELDS]
    return names


def check_name(name: str) -> str | None:
    """Why ``name`` is not a tunable parameter, or None."""
    if name in PROFILE_FIELDS:
        return None
    parts = name.split(".")
    if parts[0] == "material":
        if len(parts) != 3:
            return "a material parameter is material.NAME.FIELD (e.g. material.wood.friction)"
        if parts[1] not in materials():
            return f"unknown material {parts[1]!r} (known: {', '.join(sorted(materials()))})"
        if parts[2] not in MATERIAL_FIELDS:
            return f"a material has {', '.join(MATERIAL_FIELDS)}, not {parts[2]!r}"
        return None
    if parts[0] == "hand":
        if len(parts) != 2 or parts[1] not in HAND_FIELDS:
            return f"a hand parameter is hand.FIELD with FIELD one of {', '.join(HAND_FIELDS)}"
        return None
    return f"unknown parameter {name!r} (a profile field, material.NAME.FIELD or hand.FIELD)"


def check_value(name: str, value: Value) -> str | None:
    """Why ``value`` cannot drive ``name``, or None (profile values by the profile's rules)."""
    if name in PROFILE_FIELDS:
        try:
            PhysicsProfile(name="check", **_profile_probe()).with_overrides(**{name: value})
        except ValueError as exc:
            return str(exc)
        return None
    if name.startswith("material.") and name.endswith(".elasticity"):
        return None if 0 <= value <= 1 else f"must be in [0, 1], not {value!r}"
    if name.endswith(".friction"):
        return None if value >= 0 else f"must be >= 0, not {value!r}"
    return None if value > 0 else f"must be positive, not {value!r}"


def _profile_probe() -> dict[str, Any]:
    profile = load_profile()
    return {f: getattr(profile, f) for f in PROFILE_FIELDS}


def profile_part(point: Point) -> dict[str, Value]:
    return {k: (int(v) if k in INTEGER_FIELDS else v) for k, v in point.items() if "." not in k}


def settings_for(base: PhysicsProfile, point: Point) -> PhysicsProfile:
    """The physics a run at ``point`` uses: ``base`` with the point's profile values, its
    materials' values and its hand's values. A new profile, nothing global changes, so
    runs at different points may share a process (and its threads)."""
    part = profile_part(point)
    profile = base.with_overrides(**part) if part else base
    table = profile.materials
    for name in profile.materials:
        prefix = f"material.{name}."
        changes = {k[len(prefix) :]: float(v) for k, v in point.items() if k.startswith(prefix)}
        if changes:
            table = table.with_values(name, **changes)
    hand = {k[len("hand.") :]: float(v) for k, v in point.items() if k.startswith("hand.")}
    return replace(profile, materials=table, hand=replace(profile.hand, **hand))
