"""Falls per seat, one definition for the lab's records, its report and lab fork."""

from __future__ import annotations

from simulator.lab.falls import fallen_per_seat


def test_a_solo_lots_fall_counts_every_piece_it_knocked_off() -> None:
    events = [
        {"type": "place", "player": "Solo", "fallen": []},
        {"type": "place", "player": "Solo", "fallen": ["red-1", "blue-2"]},
        {"type": "fall", "player": "Solo", "pieces": ["red-1", "blue-2"]},
    ]
    assert fallen_per_seat("lots", events, ["Solo"]) == [2]


def test_crazy_tower_falls_are_charged_to_the_seat_that_moved() -> None:
    events = [
        {"type": "piece_fell", "player": "B", "piece": "cube-1"},
        {"type": "piece_fell", "player": "B", "piece": "card-2"},
        {"type": "collapse", "player": "B"},
        {"type": "piece_fell", "player": "Nobody"},
    ]
    assert fallen_per_seat("crazy-tower", events, ["A", "B"]) == [0, 2]


def test_filled_in_has_no_falls() -> None:
    assert fallen_per_seat("filled-in", [{"type": "place", "player": "A"}], ["A"]) is None
