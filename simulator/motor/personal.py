"""The player's own hand, measured by the app's aiming test ("Measure my hand",
simulator/app/aim/) and kept between runs in ``hand/me.toml`` in the user data folder
(simulator/user_folders.py; ``$TOWERSIM_HOME`` when set): a folder of its own, so the
start screen's list of recent saves never offers it as a game.

What the file holds is the test's reading (simulator/motor/iso.py): the Fitts intercept
and slope on the effective index, throughput, the endpoints' spread, and how the
player's effective widths compared with the widths asked for. ``my_hand()`` builds the
hand named "me" from it:

- ``a_s`` and ``b_s_per_bit``: the fit (MT = a + b IDe), as measured;
- ``aim_width_cm``: the median hand's tolerance (assets/hand/population.toml, a house
  assumption: half a LOTS cell) times the player's geometric-mean We / W, so a player
  who lands wider than asked aims wider in a game, and one who lands inside the target
  aims tighter;
- tremor and everything a mouse cannot measure (angle error, release timing): the
  median hand's, unchanged. A mouse on a desk does not record physiological tremor
  (the desk carries and damps the hand: house reasoning, not a measurement), so "me"
  trembles as the median adult does.

Every value is range-checked on loading. A file that cannot be read or holds a bad
value is one sentence (``Loaded.problem``) and the profile is ignored; the file is left
as it is, and saving a new measurement over a bad file first keeps a copy of it beside
(``me.toml.bad``), so nothing the player had is lost. Writes are atomic.
"""

from __future__ import annotations

import math
import shutil
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import geometric_mean
from typing import Any

import tomli_w

from simulator.files import read_limited, write_atomically
from simulator.motor.iso import FittsFit
from simulator.motor.model import MotorHand
from simulator.motor.population import hands
from simulator.user_folders import data_dir

NAME = "me"
PROFILE_FILE = "hand/me.toml"
VERSION = 1
MAX_BYTES = 64 * 1024  # a profile is a few dozen lines; anything larger is not one
BASE_HAND = "p50"  # what a mouse cannot measure comes from the median hand

# What a measured mouse hand may be (house ranges, wide on purpose: a fit is one
# person's minute, not a textbook's). Fitts fits of real people can have a small
# negative intercept; the ranges let a slow or unusual hand through and keep out what
# no hand does (a slope of zero, a throughput of a hundred bits a second).
RANGES: dict[str, tuple[float, float]] = {
    "a_s": (-0.5, 2.0),
    "b_s_per_bit": (0.02, 1.5),
    "r2": (0.0, 1.0),
    "throughput_bits_s": (0.2, 30.0),
    "endpoint_sd_cm": (0.001, 20.0),
    "width_ratio": (0.1, 10.0),
}
ROW_RANGES: dict[str, tuple[float, float]] = {
    "amplitude_cm": (0.1, 200.0),
    "width_cm": (0.01, 50.0),
    "ide_bits": (0.0, 20.0),
    "mt_s": (0.01, 20.0),
    "we_cm": (0.0, 100.0),
}
MAX_TRIALS = 100_000
MAX_CONDITIONS = 100


@dataclass(frozen=True)
class Row:
    """One condition as measured: its amplitude and width, the trials, and what they gave."""

    amplitude_cm: float
    width_cm: float
    trials: int
    ide_bits: float
    mt_s: float
    we_cm: float


@dataclass(frozen=True)
class Profile:
    a_s: float
    b_s_per_bit: float
    r2: float
    throughput_bits_s: float
    endpoint_sd_cm: float
    width_ratio: float  # the geometric mean over conditions of We / W
    trials: int
    measured: str  # when (ISO 8601, UTC): shown to the player, not checked
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Loaded:
    profile: Profile | None
    problem: str | None = None  # one sentence for the player, or None


def from_fit(fit: FittsFit, measured: str) -> Profile:
    """A profile from the aiming test's reading."""
    rows = tuple(
        Row(c.amplitude_cm, c.width_cm, c.trials, c.ide_bits, c.mt_s, c.we_cm)
        for c in fit.conditions
    )
    return Profile(
        a_s=fit.a_s,
        b_s_per_bit=fit.b_s_per_bit,
        r2=fit.r2,
        throughput_bits_s=fit.throughput_bits_s,
        endpoint_sd_cm=fit.endpoint_sd_cm,
        width_ratio=width_ratio(fit),
        trials=sum(c.trials for c in fit.conditions),
        measured=measured,
        rows=rows,
    )


def width_ratio(fit: FittsFit) -> float:
    """How much wider (above 1) or tighter than the targets the endpoints fell: the
    geometric mean of We / W (a ratio, so its mean is geometric)."""
    return geometric_mean([c.we_cm / c.width_cm for c in fit.conditions])


def hand_of(profile: Profile) -> MotorHand:
    """The hand "me": the fit's times, an aim width from the spread, the rest the
    median hand's (the module's docstring says why)."""
    base = hands()[BASE_HAND]
    aim = min(max(base.aim_width_cm * profile.width_ratio, 0.01), 10.0)
    return replace(
        base,
        name=NAME,
        a_s=profile.a_s,
        b_s_per_bit=profile.b_s_per_bit,
        aim_width_cm=aim,
        text=(
            f"Your own hand, measured {profile.measured[:10]}: "
            f"{profile.throughput_bits_s:.1f} bits/s; tremor as the median adult's."
        ),
    )


def profile_path() -> Path:
    return data_dir() / PROFILE_FILE


def load(path: Path | None = None) -> Loaded:
    """The saved profile (None when there is none, or it is bad: then ``problem``)."""
    target = path or profile_path()
    try:
        table = tomllib.loads(read_limited(target, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Loaded(None)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Loaded(None, _problem(target, f"it cannot be read ({why})"))
    try:
        return Loaded(from_table(table))
    except ValueError as exc:
        return Loaded(None, _problem(target, str(exc)))


def my_hand(path: Path | None = None) -> MotorHand | None:
    """The hand "me" from the saved profile, or None (none saved, or a bad file)."""
    profile = load(path).profile
    return None if profile is None else hand_of(profile)


def save(profile: Profile, path: Path | None = None) -> None:
    """Write ``profile`` atomically; a bad file it replaces is kept as ``.bad`` first.
    OSError if it cannot be written."""
    target = path or profile_path()
    if target.is_file() and load(target).problem is not None:
        shutil.copyfile(target, target.with_name(target.name + ".bad"))
    write_atomically(target, to_toml(profile))


def to_toml(profile: Profile) -> str:
    table: dict[str, Any] = {"version": VERSION, "name": NAME, "measured": profile.measured}
    for key in RANGES:
        table[key] = round(float(getattr(profile, key)), 6)
    table["trials"] = profile.trials
    table["condition"] = [
        {
            "amplitude_cm": round(r.amplitude_cm, 6),
            "width_cm": round(r.width_cm, 6),
            "trials": r.trials,
            "ide_bits": round(r.ide_bits, 6),
            "mt_s": round(r.mt_s, 6),
            "we_cm": round(r.we_cm, 6),
        }
        for r in profile.rows
    ]
    return "# Your hand, measured by towersim's aiming test (docs/app.md).\n" + tomli_w.dumps(table)


def check(profile: Profile) -> None:
    """ValueError naming what is out of range: a fit no hand makes (say, clicks with no
    spread at all) is not saved, as a file holding it would not be loaded."""
    from_table(tomllib.loads(to_toml(profile)))


def from_table(table: dict[str, Any]) -> Profile:
    """A profile from a parsed file; ValueError naming what is wrong."""
    if table.get("version") != VERSION:
        raise ValueError(f"version must be {VERSION}, not {table.get('version')!r}")
    measured = table.get("measured")
    if not isinstance(measured, str) or not 0 < len(measured) <= 64:
        raise ValueError("measured must be a date and time")
    values = {key: _number(table, key, low, high, "") for key, (low, high) in RANGES.items()}
    trials = _count(table, "trials", MAX_TRIALS, "")
    raw_rows = table.get("condition")
    if not isinstance(raw_rows, list) or not 2 <= len(raw_rows) <= MAX_CONDITIONS:
        raise ValueError(f"it must list from 2 to {MAX_CONDITIONS} conditions")
    rows = tuple(_row(raw, i + 1) for i, raw in enumerate(raw_rows))
    if sum(r.trials for r in rows) != trials:
        raise ValueError("its conditions' trials do not add up to its trials")
    return Profile(**values, trials=trials, measured=measured, rows=rows)


def _row(raw: Any, number: int) -> Row:
    where = f"condition {number}: "
    if not isinstance(raw, dict):
        raise ValueError(f"{where}must be a table")
    values = {key: _number(raw, key, low, high, where) for key, (low, high) in ROW_RANGES.items()}
    return Row(**values, trials=_count(raw, "trials", MAX_TRIALS, where))


def _number(table: dict[str, Any], key: str, low: float, high: float, where: str) -> float:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{where}{key} must be a number from {low:g} to {high:g}")
    if not low <= value <= high:
        raise ValueError(f"{where}{key} is {value:g}; it must be from {low:g} to {high:g}")
    return float(value)


def _count(table: dict[str, Any], key: str, high: int, where: str) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= high:
        raise ValueError(f"{where}{key} must be a whole number from 2 to {high}")
    return value


def _problem(path: Path, why: str) -> str:
    return (
        f"Your measured hand {path} has a problem: {why}. It is not used (the file is "
        "left as it is) until you measure your hand again."
    )
