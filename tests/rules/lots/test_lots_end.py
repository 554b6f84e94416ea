"""End of a competitive game: the target score, three empty piles, the tie rule."""

from lots_fakes import Y2, assert_conserved, game, outcome_with

from rules.lots import place
from rules.lots.content import score_track


def empty_piles(state, colours):
    for colour in colours:
        while state.supply[colour]:
            state.removed.append(state.supply[colour].pop())


def test_reaching_the_target_wins():
    state = game(players=("Ann", "Ben", "Cat"), start=0)
    state.scores, state.high_water = [30, 12, 20], [30, 12, 20]
    state.awarded = list(score_track().bonus_spots)
    after = place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}))
    assert after.target == 35 and after.scores[0] == 37
    assert after.over and after.winner_names() == ["Ann"] and after.end_reason == "target"
    assert after.to_act is None and after.phase == "over"
    end = after.events[-1]
    assert end["type"] == "game_end" and end["scores"] == {"Ann": 37, "Ben": 12, "Cat": 20}


def test_below_the_target_play_goes_on():
    state = game(players=("Ann", "Ben", "Cat"), start=0)
    state.scores, state.high_water = [27, 12, 20], [27, 12, 20]
    state.awarded = list(score_track().bonus_spots)
    after = place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}))
    assert after.scores[0] == 34 and not after.over and after.current == 1


def test_three_empty_piles_end_the_game_after_the_current_turn_highest_score_wins():
    state = game(players=("Ann", "Ben", "Cat"), start=0)
    state.scores, state.high_water = [5, 20, 12], [5, 20, 12]
    state.awarded = list(score_track().bonus_spots)
    empty_piles(state, ["orange", "green", "blue"])
    assert_conserved(state)
    # red-3 stands alone at column 3, rows 1-4: no floor, no match, 0 points
    after = place(
        state, "Ann", outcome_with(state, "red-3", {"red-3": [(1, 0), (2, 0), (3, 0), (4, 0)]})
    )
    assert after.scores == [5, 20, 12]
    assert after.over and after.end_reason == "piles" and after.winner_names() == ["Ben"]


def test_two_empty_piles_do_not_end_it():
    state = game(players=("Ann", "Ben"), start=0)
    empty_piles(state, ["orange", "green"])
    after = place(
        state, "Ann", outcome_with(state, "red-3", {"red-3": [(1, 0), (2, 0), (3, 0), (4, 0)]})
    )
    assert not after.over


def test_tie_on_the_driveway_is_a_shared_win():
    state = game(players=("Ann", "Ben"), start=0)
    empty_piles(state, ["orange", "green", "blue"])
    after = place(
        state, "Ann", outcome_with(state, "red-3", {"red-3": [(1, 0), (2, 0), (3, 0), (4, 0)]})
    )
    assert after.scores == [0, 0]
    assert after.winner_names() == ["Ann", "Ben"] and after.end_reason == "piles"
