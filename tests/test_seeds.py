"""The seed derivations keep their numbers: recordings and golden hashes depend on them."""

from __future__ import annotations

from rules.chance import Chance
from simulator.games.lots.hand import LOTS_HAND_SALT
from simulator.seeds import (
    computer_action_seed,
    hand_chance,
    seat_seed,
    takeover_seed,
)


def test_seat_seeds_are_the_historic_formulas() -> None:
    assert seat_seed(3, 1) == 3 * 7919 + 1
    assert computer_action_seed(3, 2, 1) == 3 * 7919 + 2 * 31 + 1
    assert takeover_seed(3, 17) == 3 * 7919 + 17


def test_hand_streams_fork_the_game_seed_per_action() -> None:
    # Each game keeps the salt its screen always used.
    assert LOTS_HAND_SALT == 0x4A4E0
    expected = Chance.from_seed(5).fork(LOTS_HAND_SALT + 4)
    assert hand_chance(5, LOTS_HAND_SALT, 4) == expected
