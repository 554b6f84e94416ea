"""Crazy Tower endings: each mode's win conditions, collapse scoring, solo challenges."""

from __future__ import annotations

import pytest
from ct_helpers import clean_turn, game, new_floor, place, white_box

from rules.crazy_tower import (
    BlockOutcome,
    RemovalOutcome,
    legal_moves,
    pass_turn,
    place_block,
    remove_block,
    replace_piece,
    report_time,
    reveal_card,
    scores,
    status,
)
from rules.crazy_tower.scoring import lowest_scores
from rules.errors import IllegalMove

FOUR = ["Ann", "Bob", "Cid", "Dee"]  # red, blue, green, yellow


def play_clean(s, limit=200):
    for _ in range(limit):
        if s.is_over:
            return s
        s = clean_turn(s)
    raise AssertionError("no end")


# -- competitive ---------------------------------------------------------------


def test_competitive_last_block_wins():
    s = play_clean(game("competitive", ["Ann", "Bob"]))
    assert s.result["reason"] == "last_block" and s.result["winner"] == "Ann"
    assert s.hands["Ann"] == [] and len(s.hands["Bob"]) == 1  # Bob played one fewer
    assert len(s.on_card) == 27
    assert status(s)["winner"] == "Ann" and status(s)["over"]


def test_collapse_lowest_score_then_fewest_blocks_then_shared():
    s = game("competitive", FOUR, "fc-07", "fc-01")
    s = place(s, "red-2a", {0})  # Ann 18
    s = place(s, "blue-1a", {1})  # Bob 20
    s = place(s, "green-1a", {2})  # Cid 20
    s = place(s, "yellow-1a", {3})  # Dee 20
    s = new_floor(s)  # fc-07, diamonds in box 1
    s = place(s, "red-1a", {1})  # Ann 17
    s = remove_block(s, "Ann", RemovalOutcome("blue-1a"))  # back to Bob: 21, 7 blocks
    s = place(s, "blue-3a", {2, 3})  # Bob 17 with 6 blocks
    s = place(s, "green-2a", {0})  # Cid 17 with 5 blocks
    s = place(s, "yellow-2a", {4})  # Dee 17 with 5 blocks
    assert scores(s) == {"Ann": 17, "Bob": 17, "Cid": 17, "Dee": 17}
    s = new_floor(s, fallen=("fc-01", "red-1a"))  # Ann collapses the tower
    assert s.result["reason"] == "collapse"
    # Ann is out; Bob ties on points but holds more blocks; Cid and Dee share
    assert s.result["winner"] == ["Cid", "Dee"]


def test_collapse_lowest_score_wins_outright():
    s = game("competitive", ["Ann", "Bob", "Cid"], "fc-01")
    s = place(s, "red-4a", {1, 2})  # Ann 16
    s = place(s, "blue-1a", {0})  # Bob 20
    s = place(s, "green-3a", {3, 4}, fallen=("green-3a",))  # Cid's block falls alone...
    assert s.phase == "replace" and s.current_player == "Cid"
    s = replace_piece(s, "Cid", BlockOutcome("green-3a", 0, {3, 4}))  # ...and is put back
    assert scores(s) == {"Ann": 16, "Bob": 20, "Cid": 17}
    s = new_floor(s, fallen=("fc-01", "blue-1a"))  # Ann collapses the tower
    assert s.result["winner"] == "Cid"  # Ann (16) is out; Cid's 17 beats Bob's 20


def test_lowest_scores_tie_breaks():
    s = game("competitive", FOUR)
    s.hands = {
        "Ann": ["red-4a"],  # 5 points, 1 block
        "Bob": ["blue-1a", "blue-3a"],  # 5 points, 2 blocks
        "Cid": ["green-4a"],  # 5 points, 1 block
        "Dee": ["yellow-1a"],  # 1 point
    }
    assert lowest_scores(s, FOUR) == ["Dee"]
    assert lowest_scores(s, ["Ann", "Bob"]) == ["Ann"]
    assert lowest_scores(s, ["Ann", "Bob", "Cid"]) == ["Ann", "Cid"]


# -- saboteur --------------------------------------------------------------------

TRIO = ["Ann", "Bob", "Cid"]  # red, blue, green; Bob is the saboteur: Cid starts


def saboteur_game(*cards):
    return game("saboteur", TRIO, *cards, saboteur="Bob")


def test_saboteur_wins_on_a_collapse_in_an_architects_turn():
    s = saboteur_game("fc-01")
    s = place(s, "green-1a", {0})  # Cid
    s = new_floor(s, fallen=("fc-01", "green-1a"))  # Ann collapses it
    assert s.result["reason"] == "collapse" and s.result["winner"] == "Bob"


def test_architects_win_on_a_collapse_in_the_saboteurs_turn():
    s = saboteur_game("fc-01")
    s = place(s, "green-1a", {0})  # Cid
    s = place(s, "red-1a", {1})  # Ann
    s = new_floor(s, fallen=("fc-01", "red-1a"))  # Bob, the saboteur
    assert s.result["winner"] == ["Ann", "Cid"]


def _all_but_one_placed(s, player, keep):
    """A crafted position: ``player``'s blocks but ``keep`` on six floor cards, one
    per card, under an empty top card."""
    for block in [b for b in s.hands[player] if b != keep]:
        card = s.deck.pop(0)
        s.floors.append(card)
        s.on_card[block] = card
        s.covers[block] = [0]
        s.hands[player].remove(block)
    s.floors.append(s.deck.pop(0))
    return s


def test_saboteur_wins_by_placing_all_his_blocks():
    s = _all_but_one_placed(saboteur_game(), "Bob", keep="blue-1a")
    s = place(s, "green-1a")  # Cid, on a white box
    s = place(s, "red-1a")  # Ann
    s = place(s, "blue-1a")  # Bob's last block
    assert s.result["reason"] == "last_block" and s.result["winner"] == "Bob"


def test_architects_win_when_one_places_their_last_block():
    s = _all_but_one_placed(saboteur_game(), "Ann", keep="red-1a")
    s = place(s, "green-1a")  # Cid
    s = place(s, "red-1a")  # Ann's last
    assert s.result["winner"] == ["Ann", "Cid"]


def test_last_block_after_a_lone_fall_wins_once_put_back():
    s = _all_but_one_placed(saboteur_game(), "Cid", keep="green-1a")
    s = place(s, "green-1a", fallen=("green-1a",))
    assert not s.is_over and s.phase == "replace"
    s = replace_piece(s, "Cid", BlockOutcome("green-1a", 7, white_box(s.floors[7])))
    assert s.result["winner"] == ["Ann", "Cid"]


# -- solo ---------------------------------------------------------------------


def solo(challenge, colours=None, *cards):
    extra = {"challenge": challenge}
    if colours:
        extra["colour_count"] = colours
    return game("solo", ["Sam"], *cards, **extra)


def test_challenge_1_complete_the_tower_wins():
    s = play_clean(solo(1, 4))
    assert s.result == {
        "reason": "last_block",
        "winner": "Sam",
        "detail": "challenge 1 completed",
        "scores": {"Sam": 0},
    }


def test_solo_collapse_loses():
    s = solo(1)
    s = place(s, "red-1a", {0})
    s = new_floor(s, fallen=(s.deck[0], "red-1a"))
    assert s.result["reason"] == "collapse" and s.result["winner"] is None


def test_challenge_2_one_block_per_floor():
    s = solo(2, 3)
    refused_reveal = pytest.raises(IllegalMove, match="the ground floor needs 1 block")
    with refused_reveal:
        reveal_card(s, "Sam")  # the empty starting card cannot be built over
    s = place(s, "red-1a", {0})
    with pytest.raises(IllegalMove, match="only 1 block"):
        place_block(s, "Sam", BlockOutcome("blue-1a", 0, {3}))
    assert [m["type"] for m in legal_moves(s)] == ["reveal_card"]
    s = play_clean(s)
    assert s.result["winner"] == "Sam" and len(s.floors) == 21  # 21 blocks, 21 floors
    assert all(len(s.blocks_on(card)) == 1 for card in s.floors)


def test_challenge_2_diamonds_may_not_empty_a_lower_floor():
    s = solo(2, 2, "fc-07")
    s = place(s, "red-1a", {0})
    s = new_floor(s)
    s = place(s, "red-1b", {1})  # on the diamonds box: removing red-1a would break it
    assert "diamonds_skipped" in [e["type"] for e in s.events] and s.phase == "turn"


def test_challenge_3_exactly_three_per_floor():
    s = solo(3, 4)
    s = place(s, "red-1a", {0})
    s = place(s, "blue-1a", {1})
    with pytest.raises(IllegalMove, match="needs 3 block"):
        reveal_card(s, "Sam")
    s = place(s, "green-1a", {2})
    with pytest.raises(IllegalMove, match="only 3 block"):
        place_block(s, "Sam", BlockOutcome("yellow-1a", 0, {3}))
    s = play_clean(s)
    counts = [len(s.blocks_on(card)) for card in s.floors]
    assert counts == [3] * 9 + [1]  # 28 blocks
    assert s.result["winner"] == "Sam"


def test_challenge_4_one_block_on_the_first_floor():
    s = solo(4, 2)
    s = place(s, "red-1a", {0})
    with pytest.raises(IllegalMove, match="the ground floor may hold only 1"):
        place_block(s, "Sam", BlockOutcome("blue-1a", 0, {2}))
    s = new_floor(s)
    s = place(s, "blue-1a", {2})
    s = place(s, "red-1b", {0})  # two on the second floor are fine
    assert len(s.blocks_on(s.top_card)) == 2


def test_challenge_5_no_two_shapes_alike_on_a_card():
    s = solo(5, 2)
    s = place(s, "red-1a", {0})
    with pytest.raises(IllegalMove, match="already holds a 1-cube block"):
        place_block(s, "Sam", BlockOutcome("blue-1a", 0, {2}))
    s = place(s, "blue-2a", {2})
    assert s.phase == "turn"


def test_challenge_6_at_least_fourteen_floor_cards():
    s = solo(6, 2)  # 14 blocks for 14 floor cards: one block per card
    s = place(s, "red-1a", {0})
    with pytest.raises(IllegalMove, match="only 13 floor cards"):
        place_block(s, "Sam", BlockOutcome("blue-1a", 0, {2}))
    s = play_clean(s)
    assert len(s.floors) == 14 and s.result["winner"] == "Sam"


def test_challenge_7_timed_out():
    s = solo(7)
    s = place(s, "red-1a", {0})
    s = report_time(s, 120.0)
    assert not s.is_over
    with pytest.raises(IllegalMove, match="backwards"):
        report_time(s, 100.0)
    s = report_time(s, 180.5)
    assert s.result["reason"] == "out_of_time" and s.result["winner"] is None


def test_challenge_9_completed_in_time():
    s = solo(9, 2)
    for _ in range(200):
        if s.is_over:
            break
        s = report_time(s, s.elapsed + 4.0)  # 14 turns x 4 s = 56 s < 60 s
        s = clean_turn(s)
    assert s.result["winner"] == "Sam" and s.elapsed == 56.0


def test_challenge_13_handicap_is_won_like_challenge_1():
    s = play_clean(solo(13, 2))
    assert s.result["reason"] == "last_block" and s.result["winner"] == "Sam"


def test_stalemate_when_nobody_can_place():
    s = solo(1, 4)
    colours = ["red", "blue", "green", "yellow"]
    for turn in range(20):  # move B every turn, five blocks of each colour: no deck left
        s = new_floor(s)
        s = place(s, next(b for b in s.hands["Sam"] if b.startswith(colours[turn % 4])))
    assert not s.deck and len(s.hands["Sam"]) == 8 and s.top_card == s.floors[20]
    for _ in range(3):  # the top card (yellow) takes one block of each other colour
        s = place(s, next(m["block"] for m in legal_moves(s)))
    assert legal_moves(s) == [{"type": "pass", "player": "Sam"}]
    s = pass_turn(s, "Sam")
    assert s.result["reason"] == "stalemate" and s.result["winner"] is None


def _blocked(s):
    """A crafted position: the deck is gone and the top card holds every colour."""
    for player in s.players:
        for colour in s.colours[player]:
            block = f"{colour}-1a"
            s.hands[player].remove(block)
            s.on_card[block] = s.top_card
            s.covers[block] = [0]
    s.deck = []
    return s


def test_saboteur_wins_a_stalemate():
    s = _blocked(saboteur_game())
    for player in ("Cid", "Ann"):
        s = pass_turn(s, player)
        assert not s.is_over
    s = pass_turn(s, "Bob")
    assert s.result["reason"] == "stalemate" and s.result["winner"] == "Bob"


def test_competitive_stalemate_goes_to_the_lowest_score():
    s = game("competitive", ["Ann", "Bob", "Cid"])
    s.hands["Bob"].remove("blue-4a")  # crafted: Bob is 5 points lower...
    s.on_card["blue-4a"] = "fc-00"
    s.floors.append("fc-01")  # ...and the others' first blocks are on the card above
    s = _blocked(s)
    with pytest.raises(IllegalMove):
        place(s, "red-1b")
    for player in ("Ann", "Bob", "Cid"):
        s = pass_turn(s, player)
    assert s.result == {
        "reason": "stalemate",
        "winner": "Bob",
        "detail": "nobody can place a block; lowest score wins",
        "scores": {"Ann": 20, "Bob": 15, "Cid": 20},
    }
