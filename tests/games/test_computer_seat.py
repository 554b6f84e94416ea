"""The one computer-seat driver (simulator/games/computer_seat.py): the retry limit, the
hand-over to the random player, a seat that is stuck, and that a refusal changes nothing.
Played on Tiny Tower (tests/games/tiny), whose refusals need no physics."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from rules.chance import Chance
from rules.engine import GameOptions
from rules.errors import IllegalMove
from simulator.bots.cli import Seats
from simulator.games.computer_seat import (
    FALLBACK,
    RETRIES,
    ComputerSeat,
    Refusals,
    SeatStuck,
    Table,
    computers_of,
    play_on,
    play_turns,
)
from simulator.games.crazy_tower.bots import COMPUTERS as CRAZY_TOWER
from simulator.games.crazy_tower.bots import CrazyTowerBot
from simulator.games.crazy_tower.player import RandomPlayer as CrazyTowerRandom
from simulator.games.lots.bots import COMPUTERS as LOTS
from simulator.games.lots.bots import LotsBot
from simulator.games.lots.player import RandomPlayer as LotsRandom
from simulator.seeds import seat_seed, takeover_seed
from tests.games.tiny.engine import ENGINE
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import COMPUTERS, RandomPlayer


@dataclass
class Stubborn:
    """Decides ``refused`` moves the rules refuse (a box placed before one is taken),
    then the random player's."""

    refused: int
    asked: int = 0
    random: RandomPlayer = field(default_factory=lambda: RandomPlayer(Chance.from_seed(1)))

    def decide(self, match: TinyMatch) -> dict[str, Any]:
        self.asked += 1
        if self.asked <= self.refused:
            return {"type": "place", "player": ENGINE.to_act(match.state)[0], "col": 0}
        return self.random.decide(match)


def new_match() -> TinyMatch:
    return TinyMatch(GameOptions(("Ann", "Ben"), seed=4))


def tiny_random(seed: int) -> RandomPlayer:
    return RandomPlayer(Chance.from_seed(seed))


def given_seat(player: Stubborn, computers: Any = COMPUTERS) -> ComputerSeat:
    """A seat ``player`` keeps to the end (no random player takes it over)."""
    return ComputerSeat(player, None, None, computers)


def test_refusals_allow_the_limit_then_say_hand_over_and_start_again() -> None:
    refusals = Refusals(2)
    assert [refusals.refused() for _ in range(6)] == [False, False, True] * 2


@pytest.mark.parametrize("refused", [0, 1, RETRIES])
def test_a_refused_decision_is_decided_again_up_to_the_limit(refused: int) -> None:
    match, player = new_match(), Stubborn(refused)
    given_seat(player).play(match)
    assert player.asked == refused + 1 and match.action_count == 1


def test_one_refusal_past_the_limit_raises_and_leaves_the_match_as_it_was() -> None:
    match, player = new_match(), Stubborn(RETRIES + 1)
    before = match.state_hash()
    with pytest.raises(IllegalMove, match="must take a box now"):
        given_seat(player).play(match)
    assert player.asked == RETRIES + 1
    assert match.action_count == 0 and match.state_hash() == before


def test_the_limit_is_the_games() -> None:
    match, player = new_match(), Stubborn(3)
    with pytest.raises(IllegalMove):
        given_seat(player, replace(COMPUTERS, retries=2)).play(match)
    assert player.asked == 3
    # the limits the recorded games were played with: LOTS 12, Crazy Tower 8
    assert (LOTS.retries, CRAZY_TOWER.retries) == (RETRIES, 8) == (12, 8)


def test_a_failing_player_hands_its_seat_to_the_random_player_seeded_then() -> None:
    match = new_match()
    failing, asked = Stubborn(RETRIES + 1), []

    def fallback(moves: int) -> RandomPlayer:
        asked.append(moves)
        return COMPUTERS.player(FALLBACK, 7, "Ben", None)

    seat = ComputerSeat(failing, "hard", fallback, COMPUTERS)
    seat.play(match)
    assert failing.asked == RETRIES + 1 and asked == [0]  # seeded once, when it took over
    assert seat.level == FALLBACK and isinstance(seat.player, RandomPlayer)
    assert match.action_count == 1
    assert seat.failed(match) == "stuck"  # the random player keeps the seat from then on


def test_the_steps_say_again_then_handed_over_then_stuck() -> None:
    """The steps the app's seats run one decision at a time: ``retries`` refusals are
    decided again, the next hands the seat over, the random player's last stops it."""
    match = new_match()
    seat = COMPUTERS.seat_for(match, "Ben", "hard", 3)
    limited = replace(COMPUTERS, retries=2)
    seat.computers, seat.refusals = limited, Refusals(2)
    assert [seat.refused(match) for _ in range(3)] == ["again", "again", "handed_over"]
    assert seat.level == FALLBACK and seat.player == tiny_random(takeover_seed(seat_seed(3, 1), 0))
    assert [seat.refused(match) for _ in range(3)] == ["again", "again", "stuck"]


def test_every_caller_seats_a_computer_as_towersim_play_does() -> None:
    """``seat_for`` is the one seeding: the seat's place among the players, then the
    moves made when the random player takes over."""
    match = new_match()
    seat = COMPUTERS.seat_for(match, "Ben", "random", 5)
    assert seat.player == tiny_random(seat_seed(5, 1)) and seat.fallback is None
    table = COMPUTERS.seated(match, Seats({0: "hard", 1: "random"}, {}), 5)
    assert table.seats["Ben"].player == seat.player
    assert table.seats["Ann"].level == "hard" and table.seats["Ann"].fallback is not None
    match.perform(tiny_random(1).decide(match))
    assert table.seats["Ann"].failed(match) == "handed_over"
    assert table.seats["Ann"].player == tiny_random(takeover_seed(seat_seed(5, 0), 1))


def test_a_seat_the_random_player_cannot_move_for_is_stuck_and_named() -> None:
    match = new_match()
    name = ENGINE.to_act(match.state)[0]
    seat = ComputerSeat(Stubborn(100), FALLBACK, None, COMPUTERS)
    before = match.state_hash()
    with pytest.raises(SeatStuck) as stuck:
        play_turns(match, Table({name: seat}), 5)
    assert stuck.value.seat == name and "must take a box now" in stuck.value.reason
    assert str(stuck.value).startswith(f"{name} found no move the rules accept (the last: ")
    assert match.state_hash() == before


def test_seats_made_by_the_game_play_a_game_to_its_end_the_same_every_time() -> None:
    hashes = set()
    for _ in range(2):
        match = new_match()
        assert play_on(match, Seats({0: "hard", 1: "random"}, {}), 3) is None
        assert ENGINE.to_act(match.state) == [] and computers_of(match) is COMPUTERS
        hashes.add(match.state_hash())
    assert len(hashes) == 1


def test_play_turns_stops_after_the_decisions_it_is_given() -> None:
    match = new_match()
    seats = COMPUTERS.seated(match, Seats({0: "random", 1: "random"}, {}), 3)
    assert play_turns(match, seats, 3) == 3 and match.action_count == 3


def test_a_games_computers_are_its_random_player_and_its_bot_by_level() -> None:
    """``Computers.of``: the ``random`` level is the game's random player, every other
    level its bot of that level, both seeded as asked."""
    pairs = ((LOTS, LotsRandom, LotsBot), (CRAZY_TOWER, CrazyTowerRandom, CrazyTowerBot))
    for computers, random, bot in pairs:
        assert computers.player(FALLBACK, 5, "Ann", None) == random(5)
        easy = computers.player("easy", 5, "Ann", None)
        assert isinstance(easy, bot) and easy.seed == 5 and easy.level.name == "easy"
