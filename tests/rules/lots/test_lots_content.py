from rules.lots import crew
from rules.lots.content import EFFECTS, TIMINGS, crew_cards, game_content, score_track
from rules.lots.setup import LotsOptions, new_game


def test_game_numbers_come_from_the_rulebook():
    c = game_content()
    assert c.pile_order == ("red", "orange", "yellow", "green", "blue")
    assert (c.blocks_per_pile, c.solo_blocks_per_pile, c.purple_cubes) == (6, 4, 6)
    assert sorted(c.die_faces) == sorted(["I", "O", "T", "L", "S", "?"])
    assert (c.floor_points, c.match_points, c.hand_limit, c.cards_per_turn) == (5, 2, 2, 1)
    assert dict(c.targets) == {2: 40, 3: 35, 4: 30}
    assert c.shape_colour["I"] == "red" and c.cube_colour == "purple"


def test_targets_by_player_count():
    assert [new_game(LotsOptions(players=tuple("ABCD"[:n]))).target for n in (1, 2, 3, 4)] == [
        40,
        40,
        35,
        30,
    ]


def test_twelve_crew_cards_each_implemented():
    cards = crew_cards()
    assert len(cards) == 12
    assert {c.timing for c in cards.values()} <= set(TIMINGS)
    # every effect in the data has code, both for when it applies and what it does
    assert {c.effect for c in cards.values()} <= set(crew._EFFECTS) == set(crew._OPTIONS)
    assert set(EFFECTS) == set(crew._EFFECTS)
    assert {c.id for c in cards.values() if c.timing == "on_win"} == {
        "eminent-domain",
        "stop-work-order",
    }


def test_score_track_bonus_spots():
    track = score_track()
    assert track.cube_spots == (4, 9, 14, 19, 24, 29)
    assert track.crew_spots == (7, 12, 17, 22, 27, 32)
    assert len(track.cube_spots) == game_content().purple_cubes
