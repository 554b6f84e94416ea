"""The app's computer seats run the one computer-seat driver's steps: a decision is
applied by the game's ``Computers.apply``, a seat is handed over after the game's refusal
limit and stops when the random player fails too. Played on Tiny Tower, with no window:
ComputerSeats itself draws nothing."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import GameOptions
from rules.errors import IllegalMove
from simulator.app.computer_seats import ComputerSeats
from simulator.games.computer_seat import ComputerSeat, computers_of
from simulator.render.film import Film
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import COMPUTERS


class Seats(ComputerSeats):
    """The hooks a game screen gives, as plainly as can be."""

    def __init__(self) -> None:
        super().__init__()
        self.match = TinyMatch(GameOptions(("Ann", "Ben"), seed=4))
        self.seat = COMPUTERS.seat_for(self.match, "Ben", "hard", 3)
        self.message, self.dt, self.handed = "", 1 / 60, 0

    def say(self, message: str) -> None:
        self.message = message

    def _autosave(self) -> None:
        pass

    def _move_done(self) -> None:
        pass

    def computer_to_move(self) -> Any:
        return "Ben"

    def computer_seat(self, seat: Any) -> ComputerSeat:
        return self.seat

    def _handed_over(self, seat: Any) -> None:
        self.handed += 1

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
    assert seats.seat.level == "random" and not seats.stuck
    for _ in range(limit):
        seats._refused("Ben", "no room")
    assert seats.handed == 1 and not seats.stuck  # the random player decides again
    seats._refused("Ben", "still no room")
    assert seats.stuck == {"Ben": "every try refused (still no room)"}
    assert seats.message.startswith("The computer cannot move for Ben: every try refused")
    seats.worker.close()


def test_an_applied_decision_starts_the_refusal_count_again():
    seats = Seats()
    limit = computers_of(seats.match).retries
    for _ in range(limit):
        seats._refused("Ben", "no room")
    seats._computer_moved("Ben", Film(1), [])
    for _ in range(limit):
        seats._refused("Ben", "no room")
    assert seats.handed == 0 and seats.seat.level == "hard"
    seats.worker.close()


def test_a_bot_that_raises_hands_its_seat_over_at_once():
    seats = Seats()
    seats._bot_raised("Ben", RuntimeError("boom"))
    assert seats.handed == 1 and seats.seat.level == "random"
    assert seats.message == "Ben's computer failed (RuntimeError: boom): " + (
        "the random player takes the seat."
    )
    seats._bot_raised("Ben", RuntimeError("boom"))
    assert seats.stuck == {"Ben": "RuntimeError: boom"}
    seats.worker.close()
