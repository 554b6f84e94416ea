"""The Filled In screen's words: events and refusals read as sentences, boxes named from 1
as the sheet shows them ("row 1, column 4"), dice from 1, "You" and names alike."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.filled_in.engine import ENGINE
from rules.filled_in.placement import box_problem
from rules.filled_in.sheets import get_sheet
from simulator.app.filled_in.words import event_text, events_text, winners_text
from simulator.app.words import refusal
from tests.app.words_checks import assert_sentences, random_game


def test_a_refused_placement_names_its_box_from_one_as_the_screen_does() -> None:
    spec = get_sheet(1)
    assert box_problem(spec, frozenset({(0, 3)}), (0, 3)) == (
        "the box at row 1, column 4 is already filled"
    )
    assert refusal(box_problem(spec, frozenset(), (0, 6)) or "") == (
        "Refused: the box at row 1, column 7 is outside the tower."
    )


def test_placing_on_a_filled_box_is_refused_in_those_words() -> None:
    for before, after in random_game(ENGINE, ("Ann", "Bob"), seed=2):
        placed = [e for e in after.events[len(before.events) :] if e["type"] == "place"]
        if placed:
            event = placed[0]
            break
    else:
        raise AssertionError("nobody placed a block")
    row, col = min(event["cells"])
    move = {"type": "place", "player": event["player"], "shape": event["shape"],
            "colour": event["colour"], "cells": event["cells"]}  # fmt: skip
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, move)
    assert f"row {row + 1}, column {col + 1}" in refused.value.reason or "round" in str(
        refused.value.reason
    )


def test_events_name_blocks_boxes_and_dice_from_one() -> None:
    place = {"type": "place", "player": "Ann", "shape": "I", "colour": "orange",
             "cells": [[2, 3], [1, 3], [3, 3], [4, 3]]}  # fmt: skip
    assert event_text(place) == "Ann drew an orange I at row 2, column 4."
    draft = {"type": "draft", "player": "You", "face": "?", "die": 5}
    assert event_text(draft) == "You drafted die 6, a wild face."
    roll = {"type": "roll", "player": "You", "faces": ["yellow T", "orange L", "?"]}
    assert event_text(roll) == "You rolled a yellow T, an orange L and a wild face."
    purple = {"type": "purple", "player": "Ann", "cell": [0, 0], "crane_box": 2, "penalty": 1}
    assert event_text(purple) == (
        "Ann drew a purple space at row 1, column 1 and crossed off crane box 2: 1 point off."
    )


def test_scoring_events_and_crew_cards() -> None:
    tool = {"type": "tool_complete", "player": "You", "tool": 3, "colour": "red", "points": 3}
    assert event_text(tool) == "You completed tool 3 in red: 3 points."
    level = {"type": "level_complete", "player": "Ann", "level": 2, "score": 4,
             "colours": ["blue", "green", "red", "yellow"]}  # fmt: skip
    assert event_text(level) == "Ann completed level 2 in 4 colours: 4 points."
    crew = {"type": "crew", "player": "Ann", "card": "crane-operator", "effect": "x"}
    assert event_text(crew) == "Ann played the crew card Crane Operator."


def test_the_end_says_why_and_who_wins_with_the_right_verb() -> None:
    end = {"type": "game_end", "player": None, "reason": "You could not place a block in round 14",
           "winner": "Ann"}  # fmt: skip
    assert event_text(end) == "Game over: You could not place a block in round 14. Ann wins."
    assert winners_text("You") == "You win"
    assert winners_text(["Ann", "You"]) == "Ann and you share the win"


def test_the_message_line_keeps_whole_sentences() -> None:
    events = [{"type": "draft", "player": "Ann", "face": "red L", "die": n} for n in range(6)]
    text = events_text(events)
    assert text.endswith("Ann drafted die 6, a red L.") and ";" not in text


@pytest.mark.parametrize(
    ("players", "seed", "variant"),
    [
        (("You", "Ann"), 1, "standard"),
        (("Ann", "You", "Bob"), 2, "remote"),
        (("Ann", "Bob"), 3, None),
    ],
)
def test_every_event_of_random_games_is_a_sentence(
    players: tuple[str, ...], seed: int, variant: str | None
) -> None:
    told: list[str] = []
    for before, after in random_game(ENGINE, players, seed, mode=variant, steps=1500):
        told += [event_text(e) for e in after.events[len(before.events) :]]
    assert len(told) > 30
    assert_sentences(told)
