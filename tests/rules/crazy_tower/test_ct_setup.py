"""Crazy Tower setup: modes, seats, colours, the deck, the saboteur, serialisation."""

from __future__ import annotations

import json

import pytest

from rules.crazy_tower import CrazyTowerState, new_game, observe, scores, status
from rules.crazy_tower.cards import deck_cards
from rules.errors import IllegalMove


def test_two_players_play_two_colours_each():
    s = new_game({"mode": "competitive", "players": ["Ann", "Bob"]})
    assert s.colours == {"Ann": ["red", "blue"], "Bob": ["green", "yellow"]}
    assert len(s.hands["Ann"]) == len(s.hands["Bob"]) == 14
    assert s.total_blocks == 28
    assert scores(s) == {"Ann": 42, "Bob": 42}
    assert s.floors == ["fc-00"] and len(s.deck) == 20
    assert status(s)["player"] == "Ann" and status(s)["phase"] == "turn"


def test_three_players_one_colour_each_with_chosen_colours():
    s = new_game(
        {
            "mode": "competitive",
            "players": [{"name": "Ann", "colours": ["yellow"]}, "Bob", "Cid"],
            "first_player": "Cid",
        }
    )
    assert s.colours == {"Ann": ["yellow"], "Bob": ["red"], "Cid": ["blue"]}
    assert s.total_blocks == 21
    assert s.current_player == "Cid"


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "competitive", "players": ["Ann"]},
        {"mode": "saboteur", "players": ["Ann", "Bob"]},
        {"mode": "solo", "players": ["Ann", "Bob"]},
        {"mode": "chaos", "players": ["Ann", "Bob"]},
        {"mode": "competitive", "players": ["Ann", "Ann"]},
        {
            "mode": "competitive",
            "players": [{"name": "A", "colours": ["red"]}, "B", "C"],
            "extra": 1,
        },
        {"mode": "competitive", "players": [{"name": "A", "colours": ["pink"]}, "B", "C"]},
        {"mode": "competitive", "players": ["Ann", "Bob"], "challenge": 1},
        {"mode": "solo", "players": ["Ann"], "challenge": 21},
        {"mode": "solo", "players": ["Ann"], "challenge": 3, "colour_count": 2},
        {"mode": "solo", "players": ["Ann"], "challenge": 2, "colour_count": 4},
    ],
)
def test_refused_options(options):
    with pytest.raises(IllegalMove):
        new_game(options)


def test_solo_colour_count_defaults_to_the_smallest_available():
    assert new_game({"mode": "solo", "players": ["S"], "challenge": 3}).total_blocks == 21
    s = new_game({"mode": "solo", "players": ["S"], "challenge": 1, "colour_count": 4})
    assert s.total_blocks == 28 and s.challenge == 1


def test_deck_is_a_seeded_shuffle():
    a = new_game({"mode": "competitive", "players": ["A", "B"], "seed": 7})
    b = new_game({"mode": "competitive", "players": ["A", "B"], "seed": 7})
    c = new_game({"mode": "competitive", "players": ["A", "B"], "seed": 8})
    assert a.deck == b.deck and sorted(a.deck) == sorted(deck_cards())
    assert a.deck != c.deck


def test_saboteur_drawn_by_chance_and_left_neighbour_starts():
    seen = set()
    for seed in range(30):
        s = new_game({"mode": "saboteur", "players": ["A", "B", "C", "D"], "seed": seed})
        i = s.players.index(s.saboteur)
        assert s.current_player == s.players[(i + 1) % 4]
        seen.add(s.saboteur)
    assert seen == {"A", "B", "C", "D"}  # every seat can be drawn


def test_pinned_saboteur_and_hidden_from_the_others():
    s = new_game({"mode": "saboteur", "players": ["Ann", "Bob", "Cid"], "saboteur": "Cid"})
    assert s.current_player == "Ann"  # Cid's left neighbour, clockwise round the table
    assert observe(s, "Ann")["saboteur"] is None
    assert all(e["type"] != "saboteur_chosen" for e in observe(s, "Ann")["events"])
    assert observe(s, "Cid")["saboteur"] == "Cid"
    assert observe(s, "Ann")["deck"] is None and observe(s, "Ann")["deck_size"] == 20


def test_state_round_trips_through_json():
    s = new_game({"mode": "saboteur", "players": ["A", "B", "C"], "seed": 3})
    data = json.loads(json.dumps(s.to_dict()))
    back = CrazyTowerState.from_dict(data)
    assert back == s
    assert back.to_dict() == s.to_dict()
    with pytest.raises(ValueError):
        CrazyTowerState.from_dict({**data, "format": "lots/1"})
