"""Crew cards: each breaks one rule, once, and is revealed when played."""

import pytest
from fi_helpers import I_FACES, draw, events, game, row, square, to_placement

from rules.errors import IllegalMove
from rules.filled_in import place, scores


def _round(crew_for_ann: str, *, faces=I_FACES[:5]):
    state = game(2, crew=[crew_for_ann, "surveyor" if crew_for_ann != "surveyor" else "foreman"])
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    # Ann drafts die 1 and die 5 (red I, blue I); die 3 (yellow I) is left over.
    return to_placement(state, faces, [0, 1, 3, 4])


def test_crane_operator_places_a_block_touching_nothing_once():
    state = _round("crane-operator")
    floating = row(6, 0, 3)
    with pytest.raises(IllegalMove, match="must touch"):
        place(state, "Ann", "I", "red", floating)
    state = place(state, "Ann", "I", "red", floating, crew=True)
    assert events(state, "crew")[-1] == {
        "turn": 1, "player": "Ann", "type": "crew", "card": "crane-operator",
        "effect": "free_placement",
    }  # fmt: skip
    state = place(state, "Bob", "I", "green", row(0, 0, 3))
    state = to_placement(state, I_FACES[:5], [0, 1, 3, 4])
    with pytest.raises(IllegalMove, match="already used the one crew card"):
        place(state, "Ann", "I", "red", row(8, 0, 3), crew=True)


def test_painter_crafts_any_colour_and_architect_any_shape():
    state = _round("painter")
    with pytest.raises(IllegalMove, match="cannot craft a green I"):
        place(state, "Ann", "I", "green", row(1, 0, 3))
    place(state, "Ann", "I", "green", row(1, 0, 3), crew=True)
    state = _round("architect")
    place(state, "Ann", "O", "blue", square(1, 0), crew=True)
    with pytest.raises(IllegalMove, match="cannot craft a green O"):
        place(state, "Ann", "O", "green", square(1, 0), crew=True)


def test_scavenger_swaps_a_drafted_die_for_the_leftover():
    state = _round("scavenger")
    assert state.leftover == 2
    with pytest.raises(IllegalMove, match="cannot craft a yellow I"):
        place(state, "Ann", "I", "yellow", row(1, 0, 3))
    with pytest.raises(IllegalMove, match="only a crew card that swaps"):
        place(state, "Bob", "I", "yellow", row(0, 0, 3), swap=0)
    swapped = place(state, "Ann", "I", "yellow", row(1, 0, 3), crew=True, swap=0)
    assert swapped.leftover == 0 and swapped.player("Ann").hand == [2, 4]
    assert events(swapped, "swap")[-1]["die"] == 2


def test_foreman_fills_two_purple_spaces_in_one_turn():
    state = _round("foreman")
    two = [(1, 0), (1, 1)]
    with pytest.raises(IllegalMove, match="at most 1"):
        place(state, "Ann", "I", "red", row(1, 2, 5), purples=two)
    done = place(state, "Ann", "I", "red", row(1, 2, 5), purples=two, crew=True)
    assert scores(done)["Ann"].crane == -(1 + 2)
    with pytest.raises(IllegalMove, match="at most 2"):
        place(state, "Ann", "I", "red", row(1, 2, 5), purples=[*two, (2, 0)], crew=True)


def test_surveyor_claims_a_triangle_someone_else_took_first():
    state = game(2, crew=["surveyor", "foreman"])
    for name in ("Ann", "Bob"):
        draw(state, name, "I", "red", row(0, 0, 3))
        draw(state, name, "O", "blue", square(0, 4))
    state = to_placement(state, I_FACES[:5], [0, 1, 3, 4])
    state = place(state, "Bob", "I", "green", row(1, 0, 3))  # Bob finishes level 1
    state = place(state, "Ann", "I", "red", [(2, 5), (3, 5), (4, 5), (5, 5)])
    state = to_placement(state, I_FACES[:5], [0, 1, 3, 4])
    state = place(state, "Ann", "I", "green", row(1, 0, 3), crew=True)
    state = place(state, "Bob", "I", "red", [(2, 5), (3, 5), (4, 5), (5, 5)])
    claimed = events(state, "triangle")
    assert [(e["player"], e["crew"]) for e in claimed] == [("Bob", False), ("Ann", True)]
    assert scores(state)["Ann"].triangles == 1


def test_using_a_card_you_no_longer_hold_or_a_malformed_move_is_refused():
    state = _round("painter")
    with pytest.raises(IllegalMove, match="whole numbers"):
        place(state, "Ann", "I", "red", [(1, 0), (1, 1), (1, 2), (1, 2.5)])
    with pytest.raises(IllegalMove, match="no player named"):
        place(state, "Zed", "I", "red", row(1, 0, 3))
