"""The ghost's geometry: how far a shape falls straight down onto what lies below."""

from __future__ import annotations

import pytest

from simulator.physics.drop import drop_distance


def square(x: float, y: float, size: float = 2.0) -> list[tuple[float, float]]:
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def test_a_square_falls_onto_the_square_under_it():
    assert drop_distance([square(0.5, 10.0)], [[square(0.0, 0.0)]]) == pytest.approx(8.0)


def test_the_highest_body_under_it_stops_it_and_bodies_beside_it_do_not():
    below = [[square(0.0, 0.0)], [square(1.0, 3.0)], [square(5.0, 6.0)]]
    assert drop_distance([square(0.0, 10.0)], below) == pytest.approx(5.0)


def test_a_slanted_edge_meets_a_corner_below_it():
    # a triangle's slanted underside, (0, 6) down to (4, 4), is 5.5 high over the
    # square's corner (1, 3): lower there than its own corner (0, 6) over the top (3)
    triangle = [(0.0, 6.0), (4.0, 4.0), (4.0, 8.0)]
    assert drop_distance([triangle], [[square(-2.0, 0.0, 3.0)]]) == pytest.approx(2.5)


def test_nothing_under_it_and_resting_on_something():
    assert drop_distance([square(10.0, 5.0)], [[square(0.0, 0.0)]]) is None
    assert drop_distance([square(0.0, 2.0)], [[square(0.0, 0.0)]]) == 0.0
