"""Bisection finds known flips; --calibrate's exit codes (the families against the stored
calibration files: test_accuracy_cases.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.physics.materials import materials
from simulator.physics.profile import load_profile
from simulator.scenario.sandbox import run_sandbox
from simulator.tuning.bisection import find_flip
from simulator.tuning.cases import Family
from simulator.tuning.params import settings_for


def test_bisection_brackets_a_known_threshold() -> None:
    calls: list[float] = []

    def falls(x: float) -> bool:
        calls.append(x)
        return x > 0.3141

    flip = find_flip(falls, 0.0, 1.0, 1e-3)
    assert flip.bracketed and flip.low <= 0.3141 < flip.high and flip.high - flip.low <= 1e-3
    assert flip.runs == len(calls) == 2 + math.ceil(math.log2(1.0 / 1e-3))


def test_bisection_says_when_the_flip_is_outside_the_range() -> None:
    assert find_flip(lambda x: True, 0.0, 1.0, 0.1) == find_flip(lambda x: x >= 0, 0, 1, 0.1)
    below = find_flip(lambda x: True, 0.0, 1.0, 0.1)
    above = find_flip(lambda x: False, 0.0, 1.0, 0.1)
    assert not below.bracketed and below.value == 0.0
    assert not above.bracketed and above.value == 1.0


def test_the_incline_slide_flips_at_atan_mu_for_the_default_profile() -> None:
    family = Family("incline-slide")
    profile = load_profile()
    low, high, _ = family.search

    def falls(x: float) -> bool:
        return any(b["moved"] for b in run_sandbox(family.build(x, profile))["bodies"])

    flip = find_flip(falls, low, high, 0.05)
    assert abs(family.error(flip.value)) < 0.5


def test_a_point_builds_its_own_settings_and_changes_nothing_global() -> None:
    base = load_profile()
    point = {"material.wood.friction": 0.1, "material.wood.density": 3.0, "hand.grip_force": 2.0}
    swept = settings_for(base, {**point, "iterations": 20})
    wood = swept.materials["wood"]
    assert (wood.friction, wood.density, wood.elasticity) == (
        0.1,
        3.0,
        base.materials["wood"].elasticity,
    )
    assert swept.materials["felt"] == base.materials["felt"]
    assert swept.hand.grip_force == 2.0 and swept.hand.grip_torque == base.hand.grip_torque
    assert swept.iterations == 20 and swept != base
    assert load_profile() == base and materials()["wood"] == base.materials["wood"]


def test_calibrate_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", "--calibrate", "--only", "topple", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "threshold:incline-topple-1x3" in out and "calibration/incline-topple-1x3-stands" in out
    assert "wrong" not in out
    # pymunk's own settings sink and slide: the slide flips far from atan(0.5).
    code = main(["tune", "--calibrate", "--profile", "pymunk-defaults", "--only", "incline-slide"])
    assert code == 1
    assert "wrong: " in capsys.readouterr().out


def test_a_harmonic_family_of_thick_blocks_builds_them_and_keys_them_apart() -> None:
    from simulator.tuning.runs import Run
    from simulator.tuning.targets import ThresholdTarget

    thin, thick = Family("harmonic", n=4), Family("harmonic", n=4, block_height=4.0)
    assert (thin.label, thick.label) == ("harmonic-04", "harmonic-04-h4")
    sandbox = thick.build(0.9, load_profile())
    tops = [
        max(y for _, y in body.polygons[0]) - min(y for _, y in body.polygons[0])
        for body in sandbox.bodies
        if not body.static
    ]
    assert tops == [pytest.approx(4.0)] * 4
    key = {f: Run(0, (), ThresholdTarget(f, 1.0)).key for f in (thin, thick)}
    assert key[thin] != key[thick]
    # the thin family's key is the one it had before block heights existed
    assert key[thin] == Run(0, (), ThresholdTarget(Family("harmonic", n=4), 1.0)).key


def test_the_thresholds_experiment_reads_every_case() -> None:
    from simulator.tuning.experiment import load_experiment

    root = Path(__file__).resolve().parents[2]
    experiment = load_experiment(root / "scenarios/experiments/thresholds.toml")
    labels = [t.label for t in experiment.targets]
    assert len(labels) == 20 and "threshold:harmonic-20-h4" in labels
    assert "threshold:paterson-zwick-4" in labels
