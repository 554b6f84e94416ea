"""The app's computer seats follow the one computer-seat driver: a decision is applied by
the game's ``Computers.apply`` and a seat fails after the game's refusal limit. Played on
Tiny Tower, with no window: ComputerSeats itself draws nothing."""

from __future__ import annotations

from typing import Any

import pytest

from rules.chance import Chance
from rules.engine import GameOptions
from rules.errors import IllegalMove
from simulator.app.computer_seats import ComputerSeats
from simulator.games.computer_seat import computers_of
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import RandomPlayer


class Seats(ComputerSeats):
    """The hooks a game screen gives, as plainly as can be."""

    def __init__(self) -> None:
        super().__init__()
        self.match = TinyMatch(GameOptions(("Ann", "Ben"), seed=4))
        self.computers = {"Ben": RandomPlayer(Chance.from_seed(3))}
        self.message, self.dt, self.handed = "", 1 / 60, 0

    def say(self, message: str) -> None:
        self.message = message

    def _autosave(self) -> None:
        pass

    def _move_done(self) -> None:
        pass

    def computer_to_move(self) -> Any:
        return "Ben"

    def _hand_over(self, seat: Any) -> bool:
        self.handed += 1
        return True

    def _computer_words(self, seat: Any, events: list[dict[str, Any]]) -> str:
        return ""


def test_a_decision_is_applied_by_the_games_computers_and_a_refused_one_changes_nothing():
    seats = Seats()
    before = seats.match.state_hash()
    with pytest.raises(IllegalMove):
        seats._perform_computer("Ben", {"type": "place", "player": "Ben", "col": 0})
    assert seats.match.state_hash() == before and seats.match.action_count == 0
    seats._perform_computer("Ben", {"type": "take", "player": "Ben"})
    assert seats.match.action_count == 1


def test_a_seat_is_handed_over_after_the_games_limit_of_refusals():
    seats = Seats()
    limit = computers_of(seats.match).retries
    for _ in range(limit):
        seats._refused("Ben", "no room")
    assert seats.handed == 0  # each refusal decided again
    seats._refused("Ben", "no room")
    assert seats.handed == 1
    assert seats.message == "Ben's computer failed (every try refused (no room)): " + (
        "the random player takes the seat."
    )
    seats.worker.close()
