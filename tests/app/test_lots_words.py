"""The LOTS screen's words: every event a game logs reads as a sentence a person would
write, counted from 1, with "You" and names alike."""

from __future__ import annotations

import re

import pytest

from rules.chance import Chance
from rules.engine import GameOptions
from rules.lots.engine import ENGINE
from simulator.app.lots.words import event_text, floors_text, piece_name, with_article

DEBUG_MARKS = re.compile(r"[_\[\]{}]|\bNone\b|\b(?:red|orange|yellow|green|blue|purple)-\d")


def _events(seed: int, players: tuple[str, ...]) -> list[dict]:
    chance = Chance.from_seed(seed)
    state = ENGINE.new_game(GameOptions(players, seed=seed))
    while not ENGINE.outcome(state).over:
        state = ENGINE.apply(state, ENGINE.random_move(state, chance))
    return list(ENGINE.events(state))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_event_of_a_whole_game_is_a_sentence(seed: int) -> None:
    players = ("You", "Computer 2", "Computer 3") if seed % 2 else ("Ann", "Ben")
    told = 0
    for event in _events(seed, players):
        text = event_text(event)
        if text is None:
            continue
        told += 1
        assert text[0].isupper() and text.endswith("."), text
        assert not DEBUG_MARKS.search(text), text
        assert "You has" not in text and "You plays" not in text and "You holds" not in text
    assert told > 20


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
