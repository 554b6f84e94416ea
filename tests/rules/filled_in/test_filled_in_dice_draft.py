"""Phase one: rolling (with the "?" re-roll) and drafting."""

import pytest
from fi_helpers import I_FACES, WILD, events, game, to_placement

from rules.errors import IllegalMove
from rules.filled_in import draft, drafter, roll, to_move


def test_more_than_half_wild_rerolls_the_wild_dice_once():
    state = game(2)  # five dice
    faces = [WILD, WILD, WILD, 0, 0]  # three "?" of five: more than half
    rolled = roll(state, "Ann", faces=faces, reroll=["?", "?", "red L"])
    assert [e["type"] for e in rolled.events[-2:]] == ["roll", "reroll"]
    assert rolled.events[-1]["positions"] == [0, 1, 2]
    # Still four "?" of five after the re-roll: the rulebook re-rolls once, not again.
    assert [rolled.face(i).label for i in range(5)] == ["?", "?", "red L", "green I", "blue I"]
    assert rolled.phase == "draft"


def test_half_or_fewer_wild_dice_are_kept():
    state = game(2)
    rolled = roll(state, "Ann", faces=[WILD, WILD, 0, 0, 0])
    assert not events(rolled, "reroll")
    with pytest.raises(IllegalMove, match="did not happen"):
        roll(state, "Ann", faces=[WILD, WILD, 0, 0, 0], reroll=["?"])


def test_four_of_seven_wild_rerolls_but_three_do_not():
    state = game(3)
    assert events(roll(state, "Ann", faces=[WILD] * 4 + [0] * 3), "reroll")
    assert not events(roll(state, "Ann", faces=[WILD] * 3 + [0] * 4), "reroll")


def test_an_unpinned_reroll_comes_from_the_seed():
    state = game(2, seed=5)
    a = roll(state, "Ann", faces=[WILD] * 5)
    b = roll(state, "Ann", faces=[WILD] * 5)
    assert a.to_dict() == b.to_dict()
    assert events(a, "reroll")[0]["positions"] == [0, 1, 2, 3, 4]


def test_a_pinned_reroll_must_cover_every_wild_die():
    with pytest.raises(IllegalMove, match="needs a face"):
        roll(game(2), "Ann", faces=[WILD] * 5, reroll=[0, 0])


def test_rolls_are_reproducible_from_the_seed_and_differ_between_seeds():
    labels = []
    for seed in (1, 1, 2):
        state = roll(game(4, seed=seed), "Ann")
        labels.append([state.face(i).label for i in range(9)])
    assert labels[0] == labels[1] != labels[2]


def test_only_the_start_player_rolls_and_unknown_faces_are_refused():
    state = game(2)
    with pytest.raises(IllegalMove, match="rolled by Ann"):
        roll(state, "Bob")
    with pytest.raises(IllegalMove, match="no face"):
        roll(state, "Ann", faces=["red I", "red I", 0, 0, 0])  # die 2's I is orange


def test_draft_goes_clockwise_then_back_counter_clockwise():
    state = game(3, start_player="Bob")
    state = roll(state, "Bob", faces=I_FACES[:7])
    order = []
    for pick in range(6):
        order.append(drafter(state))
        state = draft(state, drafter(state), pick)
    assert order == ["Bob", "Cid", "Ann", "Ann", "Cid", "Bob"]
    assert [p.hand for p in state.players] == [[2, 3], [0, 5], [1, 4]]
    assert state.leftover == 6  # one die is left over
    assert state.phase == "place"
    assert [e["pick"] for e in events(state, "draft")] == [1, 2, 3, 4, 5, 6]


def test_draft_refuses_out_of_turn_taken_and_missing_dice():
    state = roll(game(2), "Ann", faces=I_FACES[:5])
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="the next pick is for Ann"):
        draft(state, "Bob", 0)
    with pytest.raises(IllegalMove, match="no die"):
        draft(state, "Ann", 5)
    state2 = draft(state, "Ann", 0)
    with pytest.raises(IllegalMove, match="already been drafted"):
        draft(state2, "Bob", 0)
    assert state.to_dict() == before  # refused moves leave the state alone


def test_the_start_player_passes_left_each_round():
    state = game(3)
    starts = []
    for _ in range(4):
        starts.append(to_move(state)[0])
        state = to_placement(state, I_FACES[:7], range(6))
        for name in list(to_move(state)):
            state = _place_somewhere(state, name)
    assert starts == ["Ann", "Bob", "Cid", "Ann"]
    assert [e["start_player"] for e in events(state, "round_start")] == [*starts, "Bob"]


def _place_somewhere(state, name):
    from rules.filled_in import apply_move, legal_moves

    return apply_move(state, legal_moves(state, name, with_crew=False)[0])
