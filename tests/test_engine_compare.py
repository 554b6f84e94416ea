"""The Box2D side of benchmarks/engine_compare.py stands and falls where physics says
(needs the ``bench`` extra; skipped without it). No timing is checked here."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("Box2D", reason="Box2D comes with the bench extra: pip install '.[bench]'")

from benchmarks.engine_compare import BOX2D_SETTINGS, box2d_world, run_box2d
from simulator.physics.profile import load_profile
from simulator.tuning.cases import Family

SETTINGS = {setting.name: setting for setting in BOX2D_SETTINGS}
STRONGEST = SETTINGS["Box2D-900"]


@pytest.mark.parametrize("name", ["Box2D-900", "Box2D-900L"])  # the second loads gradually
@pytest.mark.parametrize(("fraction", "falls"), [(0.9, False), (1.1, True)])
def test_a_short_harmonic_stack_stands_below_the_critical_overhang_and_falls_above(
    fraction: float, falls: bool, name: str
) -> None:
    sandbox = Family("harmonic", n=4, block_height=1.0).build(fraction, load_profile())
    assert run_box2d(sandbox, SETTINGS[name]).falls is falls


@pytest.mark.parametrize(("fraction", "falls"), [(0.9, False), (1.1, True)])
def test_paterson_and_zwicks_stack_stands_below_its_overhang_and_falls_above(
    fraction: float, falls: bool
) -> None:
    """Two blocks side by side on one layer: the conversion keeps every body's pose."""
    sandbox = Family("paterson-zwick").build(fraction, load_profile())
    assert run_box2d(sandbox, STRONGEST).falls is falls


@pytest.mark.parametrize(("offset", "falls"), [(-0.5, False), (0.5, True)])
def test_a_block_slides_on_an_incline_steeper_than_its_pair_friction(
    offset: float, falls: bool
) -> None:
    """Box2D mixes friction as sqrt(f1 * f2); the conversion makes the pair Chipmunk's
    product, so the block slips at atan(mu) and not at atan(sqrt(mu))."""
    family = Family("incline-slide", mu=0.5)
    sandbox = family.build(family.analytic + offset, load_profile())
    assert run_box2d(sandbox, STRONGEST).falls is falls


def test_the_converted_world_holds_the_sandbox_bodies_where_it_puts_them() -> None:
    sandbox = Family("harmonic", n=4, block_height=2.0).build(1.0, load_profile())
    world, dynamic = box2d_world(sandbox, STRONGEST)
    specs = [spec for spec in sandbox.bodies if not spec.static]
    assert len(world.bodies) == len(sandbox.bodies) and len(dynamic) == len(specs) == 4
    wood, felt = sandbox.profile.materials["wood"], sandbox.profile.materials["felt"]
    for body, spec in zip(dynamic, specs, strict=True):
        assert body.position.x == pytest.approx(spec.pose.x, abs=1e-5)
        assert body.position.y == pytest.approx(spec.pose.y, abs=1e-5)
        assert body.mass == pytest.approx(wood.density * 10.0 * 2.0, rel=1e-5)  # g as kg
    # Box2D's pair friction, sqrt(f1 * f2), is Chipmunk's product for wood on felt.
    (table,) = [body for body in world.bodies if body.type == 0]  # b2_staticBody
    (block,) = dynamic[0].fixtures
    mixed = math.sqrt(block.friction * table.fixtures[0].friction)
    assert mixed == pytest.approx(wood.friction * felt.friction, rel=1e-6)
