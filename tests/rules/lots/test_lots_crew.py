"""Each of the twelve crew cards, the one-card-per-turn limit and the win steal."""

import pytest
from lots_fakes import (
    Y2,
    assert_conserved,
    face_state,
    game,
    outcome_with,
    put_tower,
    set_hand,
    settle,
)

from rules.errors import IllegalMove
from rules.lots import (
    LotsOptions,
    legal_moves,
    new_game,
    pass_window,
    pick_supply,
    place,
    play_crew,
    roll,
)
from rules.lots.content import score_track


def at_roll(players=("Ann", "Ben", "Cat"), hands=(), scores=None):
    state = settle(new_game(LotsOptions(players=players, seed=9, start_player=0)))
    for seat in range(len(players)):
        set_hand(state, seat, list(hands[seat]) if seat < len(hands) else [])
    if scores:
        state.scores, state.high_water = list(scores), list(scores)
        state.awarded = list(score_track().bonus_spots)  # keep awards out of these tests
    assert state.phase == "roll" and state.current == 0
    return state


def crew_moves(state):
    return [m for m in legal_moves(state) if m["type"] == "play_crew"]


def test_foreman_takes_any_block_instead_of_rolling():
    state = at_roll(hands=[["foreman", "delivery-truck"]])
    mid = play_crew(state, "Ann", "foreman")
    assert mid.phase == "supply" and mid.to_act == 0
    assert mid.crew_hands[0] == ["delivery-truck"] and mid.crew_discard == ["foreman"]
    after = pick_supply(mid, "Ann", "orange")
    assert after.phase == "place" and after.banks[0][-1] == "orange-1"
    assert not any(m["type"] == "roll" for m in legal_moves(after))
    # one crew card per turn: the Delivery Truck has to wait
    assert crew_moves(after) == []
    with pytest.raises(IllegalMove, match="cannot play"):
        play_crew(after, "Ann", "delivery-truck")


def test_delivery_truck_takes_the_lowest_track_cube():
    state = at_roll(hands=[["delivery-truck"]])
    after = play_crew(state, "Ann", "delivery-truck")
    assert after.cubes[0] == ["purple-1"] and "4" not in after.track_cubes
    assert_conserved(after)


def test_union_rep_sets_another_player_back():
    state = at_roll(hands=[["union-rep"]], scores=(0, 6, 3))
    assert {m["target"] for m in crew_moves(state)} == {1, 2}
    after = play_crew(state, "Ann", "union-rep", target="Ben")
    assert after.scores == [0, 2, 3]  # 6 - 3 = 3 is Cat's spot: on back to 2
    with pytest.raises(IllegalMove, match="cannot be played with"):
        play_crew(at_roll(hands=[["union-rep"]], scores=(0, 6, 0)), "Ann", "union-rep", target=2)


def test_headhunter_steals_a_card():
    state = at_roll(hands=[["headhunter"], ["painter"], []])
    assert [m["target"] for m in crew_moves(state)] == [1]
    after = play_crew(state, "Ann", "headhunter", target=1)
    assert after.crew_hands[0] == ["painter"] and after.crew_hands[1] == []


def test_surveyor_returns_the_gained_block_and_rolls_again():
    state = at_roll(hands=[["surveyor"]])
    assert crew_moves(state) == []  # before_place: not before rolling
    state.rng = face_state("O")
    mid = roll(state, "Ann")
    assert mid.turn_info["gained"] == "orange-1"
    mid.rng = face_state("S")
    after = play_crew(mid, "Ann", "surveyor")
    assert after.supply["orange"][-1] == "orange-1"
    assert after.banks[0][-1] == "blue-1" and after.turn_info["gained"] == "blue-1"
    assert len(after.banks[0]) == 2
    assert_conserved(after)


def test_hard_hat_keeps_the_points_of_an_accident_turn():
    state = game(start=0)
    set_hand(state, 0, ["hard-hat"])
    put_tower(state, "blue-1", [(2, 1), (2, 2), (3, 2), (3, 3)])
    insured = play_crew(state, "Ann", "hard-hat")
    after = place(
        insured, "Ann", outcome_with(insured, "yellow-2", {"yellow-2": Y2}, fallen=["blue-1"])
    )
    assert after.scores[0] == 7 and after.removed == ["blue-1"]


def scored(card, fallen=()):
    state = game(start=0)
    set_hand(state, 0, [card])
    if fallen:
        put_tower(state, "blue-1", [(2, 1), (2, 2), (3, 2), (3, 3)])
    return place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}, fallen=fallen))


@pytest.mark.parametrize(("card", "extra"), [("architect", 3), ("electrician", 3), ("painter", 2)])
def test_after_score_cards_add_points(card, extra):
    state = scored(card)
    assert state.phase == "bonus" and state.scores[0] == 7
    assert crew_moves(state) == [{"type": "play_crew", "player": 0, "card": card}]
    after = play_crew(state, "Ann", card)
    assert after.scores[0] == 7 + extra
    assert after.phase == "roll" and after.current == 1


def test_after_score_window_can_be_passed():
    after = pass_window(scored("architect"), "Ann")
    assert after.scores[0] == 7 and after.crew_hands[0] == ["architect"] and after.current == 1


def test_no_point_cards_on_an_accident_turn_but_salvage():
    assert scored("architect", fallen=["blue-1"]).phase == "roll"  # window skipped
    state = scored("salvage-crew", fallen=["blue-1"])
    assert state.phase == "bonus"
    assert crew_moves(state) == [
        {"type": "play_crew", "player": 0, "card": "salvage-crew", "piece": "blue-1"}
    ]
    after = play_crew(state, "Ann", "salvage-crew", piece="blue-1")
    assert after.removed == [] and after.supply["blue"][-1] == "blue-1"
    assert_conserved(after)


def near_win(hands, ben=38, ann=36):
    """Ann at 36 is about to score 7 (43 >= 40); Ben may hold an on_win card."""
    state = game(start=0)
    set_hand(state, 1, hands)
    state.scores, state.high_water = [ann, ben], [ann, ben]
    state.awarded = list(score_track().bonus_spots)
    return place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}))


def test_eminent_domain_steals_the_win():
    state = near_win(["eminent-domain"])
    assert state.scores == [43, 38]
    assert state.phase == "steal" and state.to_act == 1
    after = play_crew(state, "Ben", "eminent-domain")
    assert after.over and after.winner_names() == ["Ben"] and after.end_reason == "stolen"
    end = after.events[-1]
    assert (
        end["type"] == "game_end" and end["stolen_from"] == ["Ann"] and end["trigger"] == "target"
    )


def test_declining_the_steal_lets_the_winner_win():
    after = pass_window(near_win(["eminent-domain"]), "Ben")
    assert after.winner_names() == ["Ann"] and after.end_reason == "target"


def test_eminent_domain_needs_a_close_score():
    state = near_win(["eminent-domain"], ben=37)  # 37 < 43 - 5
    assert state.over and state.winner_names() == ["Ann"]


def test_stop_work_order_sends_the_winner_back_and_play_goes_on():
    state = near_win(["stop-work-order"])
    after = play_crew(state, "Ben", "stop-work-order")
    assert not after.over
    assert after.scores == [37, 38]  # 43 - 5 = 38 is Ben's spot: on back to 37
    assert after.phase == "roll" and after.current == 1 and after.turn == state.turn + 1


def test_stop_work_order_does_not_cancel_the_three_empty_piles_ending():
    # lots.txt: "If three of the five supply line piles are emptied, the current player
    # finishes their turn. At the end of their turn, the player with the highest score
    # wins." Sent back by the card, Ann no longer wins; the highest score then does.
    state = game(start=0)
    for colour in sorted(state.supply)[:3]:
        state.box.extend(state.supply[colour])
        state.supply[colour] = []
    set_hand(state, 1, ["stop-work-order"])
    state.scores, state.high_water = [36, 38], [36, 38]
    state.awarded = list(score_track().bonus_spots)
    state = place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}))
    assert state.phase == "steal" and state.would_win_reason == "target"
    after = play_crew(state, "Ben", "stop-work-order")
    assert after.over and after.end_reason == "piles"
    assert after.scores == [37, 38] and after.winner_names() == ["Ben"]
    assert_conserved(after)
