"""The LOTS screen's words: every event a game logs reads as a sentence a person would
write, counted from 1, with "You" and names alike."""

from __future__ import annotations

import pytest

from rules.lots.engine import ENGINE
from simulator.app.lots.panel import move_label
from simulator.app.lots.words import event_text, floors_text, phase_text, piece_name, with_article
from tests.app.words_checks import assert_sentences, random_game


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_every_event_of_a_whole_game_is_a_sentence(seed: int) -> None:
    players = {1: ("You", "Computer 2", "Computer 3"), 2: ("Ann", "Ben"), 3: ("You",),
               4: ("Ann", "You"), 5: ("Ann", "Ben", "Cy", "You")}[seed]  # fmt: skip
    told = []
    for before, after in random_game(ENGINE, players, seed, steps=3000):
        told += [t for t in map(event_text, after.events[len(before.events) :]) if t]
    assert len(told) > 20
    assert_sentences(told)


def test_floors_count_from_one_and_pieces_have_names() -> None:
    assert floors_text([0]) == "floor 1"
    assert floors_text([0, 1, 2]) == "floors 1, 2 and 3"
    assert piece_name("orange-2") == "the orange O"
    assert piece_name("purple-3") == "the purple cube"
    assert [with_article(s) for s in ("I", "O", "T", "L", "S")] == [
        "an I",
        "an O",
        "a T",
        "an L",
        "an S",
    ]


def test_a_turn_score_says_why() -> None:
    event = {"type": "turn_score", "player": "You", "points": 12, "floors": [0, 1],
             "matches": ["red-1"], "accident": False, "insured": False}  # fmt: skip
    assert event_text(event) == "You scored 12 points: floors 1 and 2 completed and 1 colour match."
    accident = {**event, "accident": True}
    assert event_text(accident) == "Your turn scores 0 points: there was an accident."


def test_the_computer_score_reads_as_a_sentence_not_a_dump() -> None:
    """Once seen: "Computer score (points 3, why architect, start 0, spot 3, bumped 0)"."""
    score = {"type": "score", "player": "Computer", "points": 3, "why": "architect",
             "start": 0, "spot": 3, "bumped": 0}  # fmt: skip
    assert event_text(score) == "Computer's inspector moved to spot 3 (Architect)."
    back = {"type": "move_back", "player": "You", "spot": 0, "why": "union-rep"}
    assert event_text(back) == "Your inspector moved back to the driveway (Union Rep)."


def test_you_and_names_take_their_own_verbs_and_objects() -> None:
    won = {"type": "game_end", "winners": ["You"], "reason": "target"}
    assert event_text(won) == "You win: the target score is reached."
    assert event_text({**won, "winners": ["Ann"]}) == "Ann wins: the target score is reached."
    assert event_text({**won, "winners": ["Ann", "You"]}) == (
        "Ann and you win: the target score is reached."
    )
    steal = {"type": "steal_card", "player": "Ann", "victim": "You"}
    assert event_text(steal) == "Ann took a crew card from you."


def test_a_colour_match_a_crew_card_and_an_accident() -> None:
    match = {"type": "turn_score", "player": "Ann", "points": 2, "floors": [],
             "matches": ["red-1"], "accident": False, "insured": False}  # fmt: skip
    assert event_text(match) == "Ann scored 2 points: 1 colour match."
    assert event_text({"type": "play_crew", "player": "Ann", "card": "hard-hat"}) == (
        "Ann played Hard Hat."
    )
    assert event_text({"type": "accident", "player": "Ann", "piece": "orange-2"}) == (
        "Accident: the orange O leaves the game."
    )
    assert event_text({"type": "draw_crew", "player": "Ann", "card": "hard-hat"}) == (
        "Ann drew a crew card."  # another player's hand stays hidden
    )


def test_the_panel_says_the_phase_in_words() -> None:
    assert phase_text("roll") == "rolling the die"
    assert phase_text("give_crew") == "giving a crew card away"
    assert phase_text("over") == "game over"


def test_a_placement_says_what_fell() -> None:
    place = {"type": "place", "player": "You", "block": "orange-2", "fallen": ["orange-2"]}
    assert event_text(place) == "You placed the orange O, but it fell."
    knock = {**place, "player": "Ann", "fallen": ["red-1", "orange-2"]}
    assert event_text(knock) == "Ann placed the orange O, and the red I and the orange O fell."


def test_a_fall_and_a_lost_block_start_with_a_capital_and_keep_the_shape_letter() -> None:
    fall = {"type": "fall", "player": "You", "pieces": ["red-1"]}
    assert event_text(fall) == "The red I fell."
    lost = {"type": "lost_block", "player": "Ann", "piece": "red-1", "tries": 3}
    assert event_text(lost) == "The red I fell again after 3 tries and leaves the game."


def test_a_fall_the_placement_told_is_not_told_again() -> None:
    from simulator.app.lots.words import said

    events = [
        {"type": "place", "player": "You", "block": "green-2", "fallen": ["green-2"]},
        {"type": "fall", "player": "You", "pieces": ["green-2"]},
        {"type": "fall", "player": "You", "pieces": ["red-1"]},
    ]
    text = said(events)
    assert text.count("green L") == 1 and "but it fell" in text
    assert "The red" in text  # a fall the placement did not tell is told


def test_a_supply_button_says_an_before_a_vowel():
    assert move_label({"type": "pick_supply", "colour": "orange"}) == "Take an orange block"
    assert move_label({"type": "pick_supply", "colour": "red"}) == "Take a red block"
