"""Named tuning parameters: any PhysicsProfile field, a material's density, friction or
elasticity (``material.wood.friction``), or a hand setting (``hand.grip_force``).

Profile values reach a scenario through its ``profile``. Materials and hand settings are
loaded once from assets and looked up by name deep inside the game and sandbox code, so
``applied`` swaps the loaded values for the duration of one run and puts them back after;
the physics code is never edited.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import fields, replace
from typing import Any

from simulator.physics import hand as hand_module
from simulator.physics.hand import HandSettings, default_hand
from simulator.physics.materials import Material, materials
from simulator.physics.profile import PhysicsProfile

Value = float | int
Point = Mapping[str, Value]  # parameter name -> value, in the experiment's order

PROFILE_FIELDS = tuple(f.name for f in fields(PhysicsProfile) if f.name != "name")
INTEGER_FIELDS = frozenset({"iterations"})
MATERIAL_FIELDS = ("density", "friction", "elasticity")
HAND_FIELDS = tuple(f.name for f in fields(HandSettings))

# One run at a time per process: the overrides are process-wide (a Dask worker with
# threads would otherwise mix two runs' materials).
_RUN_LOCK = threading.RLock()


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
    from simulator.physics.profile import load_profile

    profile = load_profile()
    return {f: getattr(profile, f) for f in PROFILE_FIELDS}


def profile_part(point: Point) -> dict[str, Value]:
    return {k: (int(v) if k in INTEGER_FIELDS else v) for k, v in point.items() if "." not in k}


def with_profile(profile: PhysicsProfile, point: Point) -> PhysicsProfile:
    part = profile_part(point)
    return profile.with_overrides(**part) if part else profile


@contextmanager
def applied(point: Point) -> Iterator[None]:
    """Run the body with the point's material and hand values in force (and nothing else
    in this process running alongside)."""
    with _RUN_LOCK:
        table = materials()  # the cached dict every lookup reads
        saved = dict(table)
        hand = _hand_for(point)
        patched = _patch_hand(hand) if hand is not None else []
        try:
            for name, material in saved.items():
                table[name] = _material_for(material, point)
            yield
        finally:
            table.clear()
            table.update(saved)
            for module, original in patched:
                module.default_hand = original


def _material_for(material: Material, point: Point) -> Material:
    prefix = f"material.{material.name}."
    changes = {k[len(prefix) :]: float(v) for k, v in point.items() if k.startswith(prefix)}
    return replace(material, **changes) if changes else material


def _hand_for(point: Point) -> HandSettings | None:
    changes = {k[5:]: float(v) for k, v in point.items() if k.startswith("hand.")}
    return replace(default_hand(), **changes) if changes else None


def _patch_hand(settings: HandSettings) -> list[tuple[Any, Any]]:
    """Point every module that imported ``default_hand`` at the swept settings."""
    original = hand_module.default_hand
    patched = []
    for name, module in list(sys.modules.items()):
        if name.startswith("simulator.") and getattr(module, "default_hand", None) is original:
            module.default_hand = lambda: settings  # type: ignore[attr-defined]
            patched.append((module, original))
    return patched
