"""The population of hands (assets/hand/population.toml): each derived from the median
adult hand as its source says, not typed in; the old profile names as aliases."""

from __future__ import annotations

import math
from functools import cache
from statistics import NormalDist
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError
from simulator.motor.model import MotorHand

POPULATION_FILE = "hand/population.toml"


def _table() -> dict[str, Any]:
    return load_asset(POPULATION_FILE)


def law() -> dict[str, float]:
    """The model's shared constants ([law])."""
    return {key: float(value) for key, value in _table()["law"].items()}


def _number(raw: dict[str, Any], key: str, where: str, low: float, high: float) -> float:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise AssetError(f"{POPULATION_FILE}: {where}: {key} must be a number")
    if not (low <= value <= high and math.isfinite(value)):
        raise AssetError(f"{POPULATION_FILE}: {where}: {key} must be from {low} to {high}")
    return float(value)


def _derive(raw: dict[str, Any], median: dict[str, Any], shared: dict[str, float]) -> MotorHand:
    name = str(raw.get("name", ""))
    where = f"hand {name!r}"
    percentile = _number(raw, "percentile", where, 1, 99)
    z = NormalDist().inv_cdf(percentile / 100.0)
    cv = float(_table()["population"]["throughput_cv"])
    scale = _number(raw, "time_scale", where, 0.5, 3.0) if "time_scale" in raw else 1.0
    b = median["b_s_per_bit"] / (1.0 + z * cv) * scale
    b += _number(raw, "b_add_s_per_bit", where, 0.0, 0.5) if "b_add_s_per_bit" in raw else 0.0
    age = _number(raw if "tremor_age" in raw else median, "tremor_age", where, 5, 100)
    merged = {**median, **raw}
    return MotorHand(
        name=name,
        a_s=median["a_s"] * scale,
        b_s_per_bit=b,
        tremor_rms_cm=_number(merged, "tremor_rms_cm", where, 0.0, 1.0),
        tremor_hz=median["tremor_hz_at_0"] + median["tremor_hz_per_year"] * age,
        tremor_band_hz=_number(merged, "tremor_band_hz", where, 0.0, 5.0),
        aim_width_cm=_number(merged, "aim_width_cm", where, 0.01, 10.0),
        min_bits=shared["min_bits"],
        angle_sd_per_cm=_number(merged, "angle_sd_per_cm", where, 0.0, 100.0),
        release_timing=_number(merged, "release_timing", where, 0.0, 0.5),
        min_seconds=shared["min_seconds"],
        text=str(raw.get("text", "")),
    )


@cache
def hands() -> dict[str, MotorHand]:
    """The population's hands by name, as the asset lists them."""
    table = _table()
    median, shared = table["median"], law()
    out: dict[str, MotorHand] = {}
    for raw in table.get("hand", []):
        hand = _derive(raw, median, shared)
        if not hand.name or hand.name in out:
            raise AssetError(f"{POPULATION_FILE}: a hand needs a name of its own ({hand.name!r})")
        out[hand.name] = hand
    return out


def aliases() -> dict[str, str]:
    """The old profile names and the hand each now means."""
    return {str(k): str(v) for k, v in _table().get("aliases", {}).items()}


def hand(name: str) -> MotorHand:
    """A hand by its name or an old name; KeyError naming the known ones."""
    found = hands().get(aliases().get(name, name))
    if found is None:
        known = ", ".join([*hands(), *aliases()])
        raise KeyError(f"unknown hand {name!r} (known: {known})")
    return found
