"""The grammar every game's words share (simulator/app/words.py)."""

from __future__ import annotations

from simulator.app.words import (
    agree,
    computer_tag,
    listed,
    markers,
    possessive,
    refusal,
    seat_tag,
    sentence,
    whom,
    with_article,
)


def test_you_and_names_take_their_own_verbs() -> None:
    assert agree("You", "hold") == "You hold"
    assert agree("Ann", "hold") == "Ann holds"
    assert agree("Ann", "pass") == "Ann passes"
    assert agree("Ann", "have") == "Ann has"
    assert agree("You", "be") == "You are"
    assert agree("Ann", "be") == "Ann is"
    assert agree(listed(["Ann", "Bob"]), "win") == "Ann and Bob win"
    assert possessive("You", start=True) == "Your" and possessive("Ann") == "Ann's"
    assert whom("You") == "you" and whom("Ann") == "Ann"


def test_lists_say_you_in_lower_case_after_the_first_name() -> None:
    assert listed(["Ann"]) == "Ann"
    assert listed(["You", "Ann"]) == "You and Ann"
    assert listed(["Ann", "You", "Bob"]) == "Ann, you and Bob"


def test_an_before_a_vowel_sound() -> None:
    assert with_article("orange I") == "an orange I"
    assert with_article("red L") == "a red L"
    assert [with_article(s) for s in ("I", "L", "S", "O", "T")] == [
        "an I", "an L", "an S", "an O", "a T",
    ]  # fmt: skip
    assert with_article("8-point block") == "an 8-point block"


def test_sentences_and_refusals() -> None:
    assert sentence("the tower may hold only 1 block(s)") == "The tower may hold only 1 block."
    assert sentence("Done!") == "Done!"
    assert refusal("at most 2 purple space(s) this turn") == (
        "Refused: at most 2 purple spaces this turn."
    )
    assert refusal("the deck is empty.", "You cannot do that") == (
        "You cannot do that: the deck is empty."
    )


def test_markers_read_initials_or_seat_numbers_never_the_same_letter_twice() -> None:
    assert markers(["Ann", "Bob", "Cy"]) == ["A", "B", "C"]
    assert markers(["Player 1", "Player 2", "Player 3"]) == ["1", "2", "3"]
    assert markers(["Ann", "Al"]) == ["1", "2"]


def test_one_wording_for_a_computer_seat() -> None:
    assert computer_tag("easy") == "computer, easy"
    assert computer_tag(None) == "computer"
    assert seat_tag("Ben", False, 1, computer_tag("random")) == " (computer, random)"


def test_the_player_whose_turn_it_is_reads_your_turn() -> None:
    from simulator.app.words import your_turn

    assert your_turn("Ann placed the red I. Bob's turn.", "Bob") == (
        "Ann placed the red I. Your turn."
    )
    said = "Bob's turn: place a block on the top floor card, or reveal a floor card (V)."
    assert your_turn(said, "Bob").startswith("Your turn: place a block")
    assert your_turn("Ann and Bob place.", "Bob") == "Ann and Bob place. Your turn."
    assert your_turn("Your turn.", "Bob") == "Your turn."
