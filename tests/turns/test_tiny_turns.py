"""Tiny Tower's turns through its pyglet-free controller (tests/games/tiny/controller.py):
the fourth game's screen keeps its turn logic where no window is needed."""

from __future__ import annotations

from rules.engine import GameOptions
from tests.games.tiny.controller import RANDOM, TinyTurns
from tests.games.tiny.engine import ENGINE
from tests.games.tiny.match import TinyMatch


def _turns(levels: dict[str, str], humans: set[str] | None = None) -> TinyTurns:
    return TinyTurns(TinyMatch(GameOptions(("Ann", "Bot"), seed=4)), levels, humans)


def _to(turns: TinyTurns, name: str) -> None:
    """Play the others' boxes (at the centre, where none falls) until ``name`` acts."""
    while turns.match.state.player != name:
        other = turns.match.state.player
        turns.match.perform({"type": "take", "player": other})
        turns.match.perform({"type": "place", "player": other, "col": 0})


def test_a_persons_placement_takes_and_places_a_box_and_passes_the_turn() -> None:
    turns = _turns({"Bot": "normal"})
    _to(turns, "Ann")
    standing = len(turns.match.state.tower)
    assert turns.my_turn() and turns.computer_to_move() is None
    assert turns.place(0) is None
    state = turns.match.state
    assert len(state.tower) == standing + 1 and state.events[-1]["player"] == "Ann"
    assert state.player == "Bot" and turns.computer_to_move() == "Bot"
    assert not turns.my_turn()


def test_a_computers_turn_is_not_a_persons_and_a_bad_column_changes_nothing() -> None:
    turns = _turns({"Bot": "normal"})
    _to(turns, "Bot")
    before = turns.match.state_hash()
    assert turns.place(0) == "It is Bot's turn: the computer plays it."
    _to(turns, "Ann")
    middle = turns.match.state_hash()
    assert turns.place(9) == "Refused: a box goes at a column from -2 to 2."
    assert turns.match.state_hash() == middle != before


def test_in_a_network_game_only_this_desks_players_move_here() -> None:
    turns = _turns({}, humans={"Bot"})
    _to(turns, "Ann")
    assert turns.computer_to_move() is None  # the host moves Ann: no computer here
    assert turns.place(0) == "It is Ann's turn: another desk plays it."


def test_a_failed_computer_is_handed_to_the_random_player_once() -> None:
    turns = _turns({"Bot": "normal"})
    seat = turns.seats["Bot"]
    first = seat.player
    assert seat.failed(turns.match) == "handed_over"
    turns.handed_over("Bot")
    assert turns.levels == {"Bot": RANDOM} and seat.player is not first
    assert seat.failed(turns.match) == "stuck"


def test_the_computers_player_decides_a_legal_move_and_its_words_say_what_it_did() -> None:
    turns = _turns({"Bot": "normal"})
    _to(turns, "Bot")
    move = turns.seats["Bot"].player.decide(turns.match)
    assert move in ENGINE.legal_moves(turns.match.state)
    turns.match.perform({"type": "take", "player": "Bot"})
    assert turns.moved_words("Bot", turns.match.events()[-1:]) == "Bot took a box."
    turns.match.perform({"type": "place", "player": "Bot", "col": 1})
    words = turns.moved_words("Bot", turns.match.events()[-1:])
    assert words.startswith("Bot put a box at +1 cm")


def test_the_status_says_who_plays_and_then_who_won() -> None:
    turns = _turns({"Bot": "normal"})
    assert turns.status()[0].endswith("to play: stack 3 boxes without a fall.")
    while not turns.over():  # every box at the centre: none falls
        if turns.my_turn():
            assert turns.place(0) is None
        else:
            turns.match.perform({"type": "take", "player": "Bot"})
            turns.match.perform({"type": "place", "player": "Bot", "col": 0})
    assert turns.place(0) == "The game is over." and not turns.my_turn()
    line, scores = turns.status()
    assert line.startswith("Over (") and "Ann" in line and scores.startswith("Boxes standing:")
