"""Issue 25's accuracy cases: the Paterson-Zwick family's geometry against statics, the
calibration files as members of the families, --calibrate's targets and tolerances, and
the older families' labels and keys."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from simulator.physics.profile import load_profile
from simulator.replay import load_scenario
from simulator.scenario.sandbox import run_sandbox
from simulator.tuning.calibrate import calibration_targets
from simulator.tuning.cases import (
    BLOCK_HEIGHT,
    BLOCK_LENGTH,
    PATERSON_ZWICK,
    Family,
    accuracy_families,
)
from simulator.tuning.experiment import DEFAULT_TOLERANCE, load_experiment
from simulator.tuning.runs import Run
from simulator.tuning.targets import ScenarioTarget, ThresholdTarget
from tests.tuning.statics import balanced, blocks_of

ROOT = Path(__file__).resolve().parents[2]
CALIBRATION = ROOT / "scenarios" / "calibration"


def _paterson_zwick(fraction: float) -> list[tuple[float, int]]:
    return blocks_of(Family("paterson-zwick").build(fraction, load_profile()), 10.0, 1.0)


def test_the_paterson_zwick_stack_reaches_its_optimal_overhang() -> None:
    reach = max(right for right, _ in PATERSON_ZWICK)
    assert reach == pytest.approx((15 - 4 * math.sqrt(2)) / 8) and reach > 25 / 24
    stack = _paterson_zwick(1.0)
    assert max(left + 1 for left, _ in stack) == pytest.approx(reach)
    assert sorted(layer for _, layer in stack) == [1, 2, 2, 3]


@pytest.mark.parametrize(("fraction", "stands"), [(0.9, True), (0.99, True), (1.0, True)])
def test_statics_holds_the_paterson_zwick_stack_up_to_its_overhang(
    fraction: float, stands: bool
) -> None:
    assert balanced(_paterson_zwick(fraction)) is stands


@pytest.mark.parametrize("fraction", [1.001, 1.01, 1.05])
def test_statics_cannot_hold_the_paterson_zwick_stack_beyond_it(fraction: float) -> None:
    assert not balanced(_paterson_zwick(fraction))


def test_the_statics_helper_knows_the_harmonic_threshold_and_a_lone_block() -> None:
    profile = load_profile()
    for fraction, stands in ((0.99, True), (1.01, False)):
        stack = blocks_of(Family("harmonic", n=8).build(fraction, profile), 10.0, 1.0)
        assert balanced(stack) is stands
    assert balanced([(-0.5, 1)]) and balanced([(-0.6, 1)]) and not balanced([(-0.4, 1)])


def test_the_paterson_zwick_family_is_an_overhang_case() -> None:
    family = Family("paterson-zwick")
    assert (family.label, family.unit, family.analytic) == ("paterson-zwick-4", "%", 1.0)
    assert family.search == Family("harmonic").search
    assert family.error(0.99) == pytest.approx(-1.0)
    sandbox = family.build(0.99, load_profile())
    sizes = [
        (
            max(x for x, _ in b.polygons[0]) - min(x for x, _ in b.polygons[0]),
            max(y for _, y in b.polygons[0]) - min(y for _, y in b.polygons[0]),
        )
        for b in sandbox.bodies
        if not b.static
    ]
    assert sizes == [pytest.approx((BLOCK_LENGTH, BLOCK_HEIGHT))] * 4
    assert [b.id for b in sandbox.bodies] == ["table", "b01", "b02", "b03", "b04"]


def _members() -> list[tuple[Family, float, str]]:
    """Each generated threshold file and the family member it is."""
    out = []
    for family in accuracy_families():
        if family.case in ("harmonic", "paterson-zwick"):
            for x, verdict in ((0.99, "stands"), (1.01, "falls")):
                out.append((family, x, f"{family.label}-{verdict}"))
        elif family.case == "incline-slide":
            for delta, verdict in ((-0.05, "stands"), (0.05, "slides")):
                stem = f"incline-slide-mu{round(family.mu * 10):02d}-{verdict}"
                out.append((family, family.analytic + delta, stem))
        else:
            for delta, verdict in ((-0.1, "stands"), (0.1, "topples")):
                stem = f"incline-topple-{family.width:g}x{family.height:g}-{verdict}"
                out.append((family, family.analytic + delta, stem))
    return out


@pytest.mark.parametrize(("family", "x", "stem"), _members(), ids=lambda v: str(v))
def test_each_calibration_file_is_its_family_member(family: Family, x: float, stem: str) -> None:
    built = run_sandbox(family.build(x, load_profile()))
    stored = load_scenario(CALIBRATION / f"{stem}.toml").run()
    assert built["state_hash"] == stored["state_hash"]


def test_the_calibration_files_are_what_the_script_writes() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_calibration", ROOT / "scripts" / "make_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    written = script.cases()
    for name, text in written.items():
        assert (CALIBRATION / name).read_text(encoding="utf-8") == text, name
    generated = {p.name for p in CALIBRATION.glob("*.toml") if p.name.startswith(script.GENERATED)}
    assert generated == set(written)
    assert len(_members()) == 40 and {f"{stem}.toml" for *_, stem in _members()} < set(written)


def test_calibrate_checks_every_accuracy_case_at_the_issues_tolerances() -> None:
    targets = calibration_targets()
    thresholds = [t for t in targets if isinstance(t, ThresholdTarget)]
    assert [t.family for t in thresholds] == accuracy_families()
    assert len(thresholds) == 15 + 1 + 3 + 1
    want = {"harmonic": 1.0, "paterson-zwick": 1.0, "incline-slide": 0.05, "incline-topple": 0.1}
    assert want == DEFAULT_TOLERANCE
    assert all(t.tolerance == want[t.family.case] for t in thresholds)
    labels = {t.label for t in thresholds}
    assert {
        "threshold:harmonic-20-h4",
        "threshold:paterson-zwick-4",
        "threshold:incline-slide-mu0.3",
        "threshold:incline-slide",
        "threshold:incline-topple-1x3",
    } <= labels
    files = [t.label for t in targets if isinstance(t, ScenarioTarget)]
    assert files == [f"calibration/{p.stem}" for p in sorted(CALIBRATION.glob("*.toml"))]
    assert "calibration/column-20" in files and "calibration/floor-card-rests" in files


def test_the_older_families_keep_their_labels_and_keys() -> None:
    """Keys written before the Paterson-Zwick family and the issue's sizes: the rows of
    older sweeps still resume."""
    before = {
        Family("harmonic", n=4): ("harmonic-04", "49fbec638602255e", "87413c6433076dbc"),
        Family("harmonic", n=16, block_height=4.0): (
            "harmonic-16-h4",
            "f22686b4500b2002",
            "afdb4fb18d4c53a7",
        ),
        Family("incline-slide"): ("incline-slide", "d3308df4dec1de43", "e622218f5f186dde"),
        Family("incline-topple"): ("incline-topple", "81a18f658caa98bb", "fab98b14aee0f93d"),
        Family("incline-slide", mu=0.3): (None, "678e517a7b1ca39b", "a2a1712db7e9fe5f"),
    }
    for family, (label, bare, swept) in before.items():
        assert label is None or family.label == label
        assert Run(0, (), ThresholdTarget(family, 1.0)).key == bare
        point = (("dt", 0.001),)
        assert Run(0, point, ThresholdTarget(family, 2.0), "default").key == swept


def test_the_sweeps_measure_the_issues_cases() -> None:
    experiments = ROOT / "scenarios" / "experiments"
    thresholds = load_experiment(experiments / "thresholds.toml")
    families = [t.family for t in thresholds.targets if isinstance(t, ThresholdTarget)]
    assert families == accuracy_families()
    for name in ("default-profile.toml", "default-profile-fine.toml"):
        experiment = load_experiment(experiments / name)
        swept = [t for t in experiment.targets if isinstance(t, ThresholdTarget)]
        assert [t.family for t in swept] == accuracy_families()
        assert all(t.tolerance == DEFAULT_TOLERANCE[t.family.case] for t in swept)
        files = {t.label for t in experiment.targets if isinstance(t, ScenarioTarget)}
        assert files == {f"../calibration/{p.name}" for p in CALIBRATION.glob("*.toml")}
