"""A computer player never stops a Crazy Tower game for want of a move (issue 42): the
bot leaves a challenge room for the blocks it still needs, looks wider when no tidy
spot is left, and where every player of the seat was refused the game's last resort
tries every place that stands (simulator/games/crazy_tower/resort.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules.crazy_tower import covered_boxes, legal_moves
from rules.crazy_tower.placement import placement_problem
from rules.crazy_tower.state import REPLACE
from rules.errors import IllegalMove
from simulator.bots.cli import Seats
from simulator.games.computer_seat import play_on, play_turns
from simulator.games.crazy_tower.bodies import block_span, card_half_length, tower_profile
from simulator.games.crazy_tower.bots import COMPUTERS
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.resort import LastResort, every_move
from simulator.games.crazy_tower.survey import shadow
from simulator.physics.profile import load_profile

# Games the lab recorded as stopped ("found no move the rules accept"), level normal,
# docs/balance/crazy-tower-challenges-normal: (challenge, seed).
STOPPED = [(3, 2), (3, 3), (14, 2), (17, 1), (18, 4)]


def solo(challenge: int, seed: int) -> CrazyTowerMatch:
    options = {"mode": "solo", "players": ["Player 1"], "challenge": challenge, "seed": seed}
    return CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))


@pytest.mark.parametrize(("challenge", "seed"), STOPPED)
def test_a_game_that_used_to_stop_ends_by_the_rules(challenge: int, seed: int):
    match = solo(challenge, seed)
    assert play_on(match, Seats({0: "normal"}, {0: None}), seed) is None
    assert match.state.is_over and match.state.result is not None
    assert match.state.result["reason"] in ("last_block", "collapse", "challenge_failed")


def test_the_last_resort_moves_the_random_player_on_in_the_known_case():
    """Challenge 3, seed 2: the random player once put a 6 cm block back at the one spot
    it knew, refused each time; the last resort finds a place that stands and the seat
    plays on to the end, deterministically."""
    used: list[int] = []

    def resort(seed: int) -> LastResort:
        used.append(seed)
        return LastResort(seed)

    computers = dataclasses.replace(COMPUTERS, last_resort=resort)
    hashes = []
    for _ in range(2):
        match = solo(3, 2)
        table = computers.seated(match, Seats({0: "random"}, {0: None}), 2)
        play_turns(match, table, computers.decisions)
        assert match.state.is_over
        hashes.append(match.state_hash())
    assert used and hashes[0] == hashes[1]
    assert len(used) % 2 == 0 and used[: len(used) // 2] == used[len(used) // 2 :]


def test_the_last_resort_tries_each_place_once_then_says_it_has_none():
    match = solo(3, 2)
    player = LastResort(0)
    options = every_move(match)
    assert options and {o["type"] for o in options} <= {"place_block", "reveal_card"}
    first = player.decide(match)
    assert first in options and not player.exhausted
    # a position where nothing can go: every try is used up and the player says so
    player._position = (match.action_count, options, len(options))
    with pytest.raises(IllegalMove, match="places tried"):
        player.decide(match)
    assert player.exhausted


def test_a_put_back_lists_every_spot_on_its_own_card():
    """Play random moves until a piece is down, then every listed move puts it back."""
    match = solo(3, 2)
    seats = COMPUTERS.seated(match, Seats({0: "random"}, {0: None}), 2)
    while not match.state.is_over and match.state.phase != REPLACE:
        play_turns(match, seats, 1)
    if match.state.phase != REPLACE:
        pytest.skip("no piece fell in this game")
    moves: list[dict[str, Any]] = every_move(match)
    down = {m["piece"] for m in legal_moves(match.state)}
    assert moves and all(m["type"] == "replace_piece" and m["piece"] in down for m in moves)


def test_the_random_player_says_why_the_rulebook_leaves_challenge_3_seed_3_no_move():
    """Challenge 3, seed 3: the green 3-cube block fell from a card whose one gap wide
    enough (6.3 to 13.3 cm) holds the red box (8 to 12 cm). Every spot on the card
    either covers the red box, which the rules refuse, or overlaps a block (a block
    resting on a block is refused too), and a block dropped off the tower must be put
    back again: the last resort has nothing to try and says why in one sentence."""
    match = solo(3, 3)
    stopped = play_on(match, Seats({0: "random"}, {0: None}), 3)
    assert stopped is not None and "rulebook does not say" in stopped
    assert "green 3-cube block fell and must go back on" in stopped
    state = match.state
    assert state.phase == REPLACE and every_move(match) == []
    piece = state.down[0]
    floor = state.floors.index(state.home[piece])
    card = match.world.entry(state.home[piece])
    taken = [shadow(match.world.entry(b), card) for b in state.blocks_on(state.home[piece])]
    span = block_span(piece, 0.0)
    at = -span / 2  # every spot, half overhanging either end included
    while at <= 2 * card_half_length() - span / 2:
        overlaps = any(at < b and at + span > a for a, b in taken)
        red = placement_problem(state, piece, covered_boxes(at, at + span), floor)
        assert overlaps or red is not None, at
        at += 0.05
