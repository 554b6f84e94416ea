"""The population of hands (assets/hand/population.toml): each derived from the median
adult hand as its source says, not typed in; the old profile names as aliases.

Every fault in the asset (a missing table or key, a value of the wrong kind or out of
range, an alias to no hand) is one AssetError naming the file and the place."""

from __future__ import annotations

import math
from functools import cache
from statistics import NormalDist
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError
from simulator.motor.model import MotorHand

POPULATION_FILE = "hand/population.toml"

# The [law] keys and their ranges: what the model cannot do without.
_LAW = {
    "min_bits": (0.0, 3.0),
    "min_seconds": (0.0, 1.0),
    "mental_s": (0.0, 10.0),
    "hick_s_per_bit": (0.0, 1.0),
}
# The [median] keys a hand inherits, and their ranges.
_MEDIAN = {
    "a_s": (0.0, 2.0),
    "b_s_per_bit": (0.01, 2.0),
    "tremor_rms_cm": (0.0, 1.0),
    "tremor_age": (5.0, 100.0),
    "tremor_hz_at_0": (1.0, 30.0),
    "tremor_hz_per_year": (-1.0, 1.0),
    "tremor_band_hz": (0.0, 5.0),
    "aim_width_cm": (0.01, 10.0),
    "angle_sd_per_cm": (0.0, 100.0),
}


def table(name: str) -> dict[str, Any]:
    """One top-level table of the asset, e.g. ``table("iso_task")``."""
    found = load_asset(POPULATION_FILE).get(name)
    if not isinstance(found, dict):
        raise AssetError(f"{POPULATION_FILE}: the [{name}] table is missing")
    return found


def number(raw: dict[str, Any], key: str, where: str, low: float, high: float) -> float:
    """``raw[key]`` as a float from ``low`` to ``high``, or an AssetError saying why not."""
    if key not in raw:
        raise AssetError(f"{POPULATION_FILE}: {where}: {key} is missing")
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise AssetError(f"{POPULATION_FILE}: {where}: {key} must be a number")
    if not (math.isfinite(value) and low <= value <= high):
        raise AssetError(f"{POPULATION_FILE}: {where}: {key} must be from {low:g} to {high:g}")
    return float(value)


def law() -> dict[str, float]:
    """The model's shared constants ([law])."""
    raw = table("law")
    return {key: number(raw, key, "[law]", *span) for key, span in _LAW.items()}


def _median() -> dict[str, float]:
    raw = table("median")
    return {key: number(raw, key, "[median]", *span) for key, span in _MEDIAN.items()}


def _derive(raw: dict[str, Any], median: dict[str, float], shared: dict[str, float]) -> MotorHand:
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise AssetError(f"{POPULATION_FILE}: every [[hand]] needs a name")
    where = f"hand {name!r}"
    z = NormalDist().inv_cdf(number(raw, "percentile", where, 1, 99) / 100.0)
    cv = number(table("population"), "throughput_cv", "[population]", 0.0, 0.3)
    scale = number(raw, "time_scale", where, 0.5, 3.0) if "time_scale" in raw else 1.0
    b = median["b_s_per_bit"] / (1.0 + z * cv) * scale  # cv <= 0.3 keeps 1 + z cv > 0
    if "b_add_s_per_bit" in raw:
        b += number(raw, "b_add_s_per_bit", where, 0.0, 0.5)
    own = {key: number(raw, key, where, *_MEDIAN[key]) for key in _MEDIAN if key in raw}
    merged = {**median, **own}
    return MotorHand(
        name=name,
        a_s=merged["a_s"] * scale,
        b_s_per_bit=b,
        tremor_rms_cm=merged["tremor_rms_cm"],
        tremor_hz=merged["tremor_hz_at_0"] + merged["tremor_hz_per_year"] * merged["tremor_age"],
        tremor_band_hz=merged["tremor_band_hz"],
        aim_width_cm=merged["aim_width_cm"],
        min_bits=shared["min_bits"],
        angle_sd_per_cm=merged["angle_sd_per_cm"],
        min_seconds=shared["min_seconds"],
        text=str(raw.get("text", "")),
    )


@cache
def hands() -> dict[str, MotorHand]:
    """The population's hands by name, as the asset lists them."""
    median, shared = _median(), law()
    raws = load_asset(POPULATION_FILE).get("hand")
    if not isinstance(raws, list) or not raws:
        raise AssetError(f"{POPULATION_FILE}: no [[hand]] is listed")
    out: dict[str, MotorHand] = {}
    for raw in raws:
        hand = _derive(raw, median, shared)
        if hand.name in out:
            raise AssetError(f"{POPULATION_FILE}: two hands are named {hand.name!r}")
        if not hand.tremor_hz > hand.tremor_band_hz:
            raise AssetError(f"{POPULATION_FILE}: hand {hand.name!r}: tremor band below 0 Hz")
        out[hand.name] = hand
    return out


def aliases() -> dict[str, str]:
    """The old profile names and the hand each now means."""
    raw = load_asset(POPULATION_FILE).get("aliases", {})
    if not isinstance(raw, dict):
        raise AssetError(f"{POPULATION_FILE}: [aliases] must be a table of names")
    out = {str(old): new for old, new in raw.items()}
    for old, new in out.items():
        if not isinstance(new, str) or new not in hands():
            raise AssetError(f"{POPULATION_FILE}: alias {old!r} names no hand ({new!r})")
        if old in hands():
            raise AssetError(f"{POPULATION_FILE}: alias {old!r} is also a hand's name")
    return out


def hand(name: str) -> MotorHand:
    """A hand by its name or an old name; KeyError naming the known ones."""
    found = hands().get(aliases().get(name, name))
    if found is None:
        known = ", ".join([*hands(), *aliases()])
        raise KeyError(f"unknown hand {name!r} (known: {known})")
    return found
