"""Setting up a game from options."""

import json

import pytest
from fi_helpers import game

from rules.filled_in import is_over, new_game, to_move
from rules.filled_in.state import GameState


@pytest.mark.parametrize("count", [1, 5])
def test_player_counts_outside_two_to_four_are_refused(count):
    # The rulebook has no solo game and no more than four players.
    with pytest.raises(ValueError, match="2, 3, 4 players"):
        new_game(count)


@pytest.mark.parametrize(("count", "dice"), [(2, 5), (3, 7), (4, 9)])
def test_dice_in_play_by_player_count(count, dice):
    state = new_game(count, seed=1)
    assert state.dice == list(range(1, dice + 1))
    assert state.faces == [None] * dice


def test_names_sheets_start_player_and_first_roller():
    state = new_game(["Ann", "Bob", "Cid"], sheet=[1, 2, 5], start_player="Bob", seed=3)
    assert state.names == ["Ann", "Bob", "Cid"]
    assert [p.tower.sheet for p in state.players] == [1, 2, 5]
    assert to_move(state) == ["Bob"]
    assert state.phase == "roll" and not is_over(state)


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        new_game(["Ann", "Ann"])
    with pytest.raises(KeyError):
        new_game(2, sheet=6)
    with pytest.raises(ValueError):
        new_game(2, variant="solo")
    with pytest.raises(ValueError):
        new_game(2, host="Player 1")  # a host only in the remote variant
    with pytest.raises(ValueError):
        new_game(["Ann", "Bob"], start_player="Zed")
    with pytest.raises(ValueError):
        new_game(2, crew=["painter", "painter"])


def test_crew_cards_are_dealt_by_the_seed_one_each_distinct():
    a = new_game(4, seed=11)
    b = new_game(4, seed=11)
    dealt = [p.crew for p in a.players]
    assert dealt == [p.crew for p in b.players]
    assert len(set(dealt)) == 4
    assert any([p.crew for p in new_game(4, seed=s).players] != dealt for s in range(5))


def test_the_state_is_json_safe_and_round_trips():
    state = game(3, variant="remote")
    text = json.dumps(state.to_dict())
    assert GameState.from_dict(json.loads(text)).to_dict() == state.to_dict()
    assert state.host == "Ann"
    assert state.events[0]["type"] == "setup"
