"""The Crazy Tower screen's words: events, verdicts and what to do next read as sentences,
blocks and floor cards by name, floors and boxes as the players count them."""

from __future__ import annotations

import pytest

from rules.crazy_tower import names
from rules.crazy_tower.engine import ENGINE
from simulator.app.crazy_tower import facts
from simulator.app.crazy_tower.words import (
    boxes_text,
    event_text,
    floor_name,
    said,
    todo,
    verdict,
)
from tests.app.words_checks import assert_sentences, random_game

PLACED = {"type": "block_placed", "player": "Ann", "block": "red-3b", "card": "fc-15",
          "floor": 2, "boxes": [3, 4], "kinds": ["exchange", "white"]}  # fmt: skip


def test_a_placed_block_names_the_block_the_floor_and_the_boxes_from_one() -> None:
    assert event_text(PLACED) == (
        "Ann placed the red 3-cube block on floor 2 (the Swap meet card, boxes 4 and 5), "
        "covering the exchange box."
    )
    ground = {**PLACED, "block": "yellow-1a", "card": "fc-00", "floor": 0, "boxes": [0],
              "kinds": ["white"]}  # fmt: skip
    assert event_text(ground) == (
        "Ann placed the yellow 1-cube block on the ground floor (the Ground floor card, box 1)."
    )


def test_floors_cards_falls_and_the_end() -> None:
    laid = {"type": "card_laid", "player": "You", "card": "fc-05", "floor": 3}
    assert event_text(laid) == "You laid the Atrium card on the tower as floor 3."
    fell = {"type": "piece_fell", "player": "Ann", "piece": "blue-2a", "kind": "block"}
    assert event_text(fell) == "The blue 2-cube block fell."
    collapse = {"type": "collapse", "player": "You", "fallen": ["blue-2a", "fc-05"]}
    assert event_text(collapse) == (
        "The tower collapsed on your turn: the blue 2-cube block and the Atrium card fell."
    )
    over = {"type": "game_over", "player": "You", "reason": "last_block", "winner": "You"}
    assert event_text(over) == "Game over: the last block is placed, and You win."
    shared = {**over, "reason": "stalemate", "winner": ["Ann", "Bob"]}
    assert event_text(shared) == "Game over: nobody can place a block, and Ann and Bob win."


def test_a_card_that_fell_as_it_was_laid_is_not_called_a_floor() -> None:
    """The rules name the floor a card was laid on; one that fell at once never became
    the next floor (the saboteur golden game, turn 4: the Market card on floor 2)."""
    laid = {"type": "card_laid", "player": "Cy", "card": "fc-14", "floor": 0}
    fell = {"type": "piece_fell", "player": "Cy", "piece": "fc-14", "kind": "card"}
    told = said([laid, fell])
    assert "as the ground floor" not in told
    assert told == "Cy laid the Market card on the ground floor. The Market card fell."
    assert said([laid]) == "Cy laid the Market card on the tower as the ground floor."


def test_you_and_names_take_their_own_verbs() -> None:
    assert event_text({"type": "loop", "player": "You"}) == "Loop box: You play again."
    assert event_text({"type": "loop", "player": "Ann"}) == "Loop box: Ann plays again."
    swap = {"type": "exchange", "player": "You", "give": "red-4a", "other": "Ann",
            "take": "yellow-1b"}  # fmt: skip
    assert event_text(swap) == "You gave the red 4-cube block to Ann for the yellow 1-cube block."


def test_a_refusal_reads_as_a_sentence() -> None:
    refused = {"type": "refused", "player": "Ann", "reason": "the deck is empty"}
    assert event_text(refused) == "Refused: the deck is empty."


def test_a_verdict_says_what_happened_and_the_points_held() -> None:
    games = random_game(ENGINE, ("You", "Ann"), seed=3)
    before, after = next(games)
    text = verdict(before, after)
    assert text.startswith(f"Verdict: {said(after.events[len(before.events) :])}")
    assert "You now hold " in text and text.endswith("Backspace takes it back.")
    assert "holds" not in text.split("You now hold")[1].split(".")[0]


@pytest.mark.parametrize(
    ("players", "mode", "seed"),
    [
        (("You", "Ann"), "competitive", 1),
        (("Ann", "You", "Bob"), "competitive", 2),
        (("Ann", "Bob", "You"), "saboteur", 3),
        (("You",), "solo", 4),
    ],
)
def test_every_text_of_random_games_is_a_sentence(
    players: tuple[str, ...], mode: str, seed: int
) -> None:
    texts: list[str] = []
    for before, after in random_game(ENGINE, players, seed, mode=mode):
        texts += [t for t in (event_text(e) for e in after.events[len(before.events) :]) if t]
        texts.append(todo(after))
        texts.append(verdict(before, after))
    assert len(texts) > 30
    assert_sentences(texts)


def test_the_screens_phases_modes_and_names_are_the_engines() -> None:
    """The screen asks the engine only: the phase and mode names it compares against are
    the ones the engine's content lists, pieces are named as the rules' refusals name
    them, and floors and boxes counted as the rules count them."""
    content = ENGINE.content()
    assert list(facts.PHASES) == content["phases"] and list(facts.MODES) == content["modes"]
    assert set(facts.PLACING) < set(facts.PHASES) and facts.WHITE in content["box_kinds"]
    assert facts.ENGINE is ENGINE  # the registry's engine
    for piece in ("red-3b", "yellow-1a", "fc-00", "fc-15"):
        assert facts.named(piece) == names.piece_name(piece)
    assert facts.is_block("red-3b") and not facts.is_block("fc-15")
    assert not facts.is_block("no-such-piece")
    with pytest.raises(KeyError, match="Crazy Tower has no piece 'no-such-piece'"):
        facts.piece("no-such-piece")
    # floors and boxes are worded once, by the engine, as its refusals word them
    assert (floor_name(0), floor_name(7)) == ("the ground floor", "floor 7")
    assert [boxes_text(b) for b in ([0], [3, 4], [0, 2, 4])] == [
        "box 1",
        "boxes 4 and 5",
        "boxes 1, 3 and 5",
    ]
    assert (facts.floor_name, facts.boxes_text) == (ENGINE.floor_name, ENGINE.boxes_text)
