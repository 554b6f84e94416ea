"""Score track: collisions, Worker's Comp (last inspector to reach a spot), crew hand limit."""

import pytest
from lots_fakes import assert_conserved, set_hand, settle

from rules.errors import IllegalMove
from rules.lots import LotsOptions, give_crew, new_game
from rules.lots.track import move_back, move_forward, next_lowest


def three(scores=(0, 10, 12)):
    state = settle(new_game(LotsOptions(players=("Ann", "Ben", "Cat"), seed=5, start_player=0)))
    for seat in range(3):
        set_hand(state, seat, [])
    state.scores = list(scores)
    state.high_water = list(scores)
    return state


def test_bonus_goes_to_the_last_inspector_to_reach_the_spot():
    state = three()
    move_forward(state, 0, 5, why="test")  # Ann 0 -> 5: now everyone has reached spot 4
    assert state.cubes == [["purple-1"], [], []]
    assert state.awarded == [4]
    move_forward(state, 0, 4, why="test")  # 5 -> 9: passes crew spot 7, lands on cube spot 9
    assert state.cubes[0] == ["purple-1", "purple-2"]
    assert len(state.crew_hands[0]) == 1
    assert sorted(state.awarded) == [4, 7, 9]
    move_forward(state, 1, 3, why="test")  # Ben 10 -> 13 passes 12, but Ann has not reached it
    assert sorted(state.awarded) == [4, 7, 9] and state.crew_hands[1] == []
    assert_conserved(state)


def test_moving_back_does_not_unreach_a_spot():
    state = three()
    state.awarded = [4, 7, 9]
    state.scores[0] = state.high_water[0] = 9
    move_forward(state, 1, 3, why="test")  # Ben 10 -> 13
    move_back(state, 1, 11, why="test")  # Ben 13 -> 2
    assert state.scores[1] == 2 and state.high_water[1] == 13
    move_forward(state, 0, 3, why="test")  # Ann 9 -> 12, Cat is there: on to 13
    assert state.scores[0] == 13
    assert 12 in state.awarded and len(state.crew_hands[0]) == 1  # Ben reached 12 before


def test_moving_back_skips_occupied_spots_and_stops_at_the_driveway():
    state = three(scores=(6, 3, 2))
    move_back(state, 0, 3, why="test")  # 6 -> 3 (Ben) -> 2 (Cat) -> 1
    assert state.scores == [1, 3, 2]
    move_back(state, 1, 10, why="test")
    assert state.scores[1] == 0
    state.scores = [0, 0, 2]
    move_forward(state, 0, 0, why="test")
    assert state.scores == [0, 0, 2]  # the driveway holds any number of meeples


def test_next_lowest_score():
    state = three(scores=(13, 2, 12))
    assert next_lowest(state, 0) == 2  # Cat's 12 is the highest below 13
    assert next_lowest(state, 1) == 2  # nobody below 2: the lowest of the others
    state.scores = [5, 3, 3]
    assert next_lowest(state, 0) == 1  # tie: first clockwise from the giver


def test_third_crew_card_is_given_to_the_next_lowest():
    state = three(scores=(9, 2, 12))
    state.awarded = [4, 7, 9]
    state.high_water[1] = 13
    set_hand(state, 0, ["painter", "architect"])
    move_forward(state, 0, 3, why="test")  # 9 -> 12 (Cat) -> 13: crew spot 12 awarded
    assert len(state.crew_hands[0]) == 3
    assert state.phase == "give_crew" and state.to_act == 0
    assert state.pending[0]["to"] == 2  # Cat (12) is next lowest under Ann (13)
    with pytest.raises(IllegalMove):
        give_crew(state, "Ann", "foreman-that-is-not-held")
    after = give_crew(state, "Ann", "painter")
    assert after.crew_hands[0] == ["architect", state.crew_hands[0][2]]
    assert after.crew_hands[2] == ["painter"]
    assert_conserved(after)


def test_third_crew_card_to_a_full_hand_is_discarded():
    state = three(scores=(9, 2, 12))
    state.awarded = [4, 7, 9]
    state.high_water[1] = 13
    set_hand(state, 0, ["painter", "architect"])
    set_hand(state, 2, ["foreman", "surveyor"])
    move_forward(state, 0, 3, why="test")
    after = give_crew(state, "Ann", "painter")
    assert after.crew_hands[2] == ["foreman", "surveyor"]
    assert after.crew_discard[-1] == "painter"
    assert after.events[-1]["type"] == "give_crew_discarded"
    assert_conserved(after)


def test_empty_crew_deck_awards_nothing():
    state = three(scores=(0, 10, 12))
    state.crew_discard.extend(state.crew_deck)
    state.crew_deck = []
    move_forward(state, 0, 8, why="test")
    assert state.crew_hands[0] == [] and any(e["type"] == "crew_deck_empty" for e in state.events)


def test_passing_two_crew_spots_keeps_the_hand_limit_at_every_step():
    # Ann holds 2 cards and passes crew spots 7 and 12 in one move: the first award
    # makes 3 and must be given away before the second is drawn (lots.txt: "A player
    # may only have 2 crew cards at any given time").
    state = three(scores=(5, 20, 21))
    state.awarded = [4]
    set_hand(state, 0, ["painter", "architect"])
    move_forward(state, 0, 8, why="test")  # 5 -> 13: past 7, 9 and 12
    assert len(state.crew_hands[0]) == 3
    assert [d["kind"] for d in state.pending] == ["give_crew"]
    first = give_crew(state, "Ann", "painter")
    assert len(first.crew_hands[0]) == 3  # the owed card is drawn now, one over again
    assert first.phase == "give_crew" and first.to_act == 0
    second = give_crew(first, "Ann", "architect")
    assert len(second.crew_hands[0]) == 2
    assert second.phase != "give_crew"
    assert [e["type"] for e in second.events].count("draw_crew") == 2
    assert_conserved(second)
