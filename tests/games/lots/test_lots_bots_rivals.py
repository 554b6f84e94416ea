"""Competitive LOTS planning against the next player (bots_rivals): a floor left one
piece short is a floor given away, and the game's end is worth a win to the winner."""

from __future__ import annotations

import pytest

from rules.footprints import get_footprint
from rules.lots import LotsOptions, LotsState, legal_moves, new_game
from simulator.bots.dexterity import get_profile
from simulator.games.lots.bots_candidates import candidates
from simulator.games.lots.bots_grid import Board
from simulator.games.lots.bots_plan import WIN
from simulator.games.lots.bots_rivals import Seat, ending, rivals_plan
from simulator.games.lots.match import LotsMatch

FOOTPRINT = get_footprint("1A")
# red-1 lying on the ground in columns 1-4 (a red I), two cells left open at the right
LYING = {"red-1": [[0, 0], [0, 1], [0, 2], [0, 3]]}
FULL = ("orange", "yellow", "blue")
ON_TOP = frozenset({(1, 0), (1, 1), (1, 2), (1, 3)})  # red-2 lying on it: a match


def _state(rival_bank: list[str], scores: tuple[int, int] = (0, 0), piles: int = 2) -> LotsState:
    """Ann to place red-2 or green-1, Ben next with ``rival_bank``; each non-empty pile
    holds ``piles`` blocks (red and green are empty)."""
    state = new_game(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=1, start_player=0))
    state.stage, state.pending, state.current = "place", [], 0
    state.banks = [["red-2", "green-1"], rival_bank]
    state.supply = {
        colour: [f"{colour}-{n}" for n in range(piles + 3, 3, -1)] if colour in FULL else []
        for colour in state.supply
    }
    state.scores = list(scores)
    return state


def _value(state: LotsState, cells: frozenset[tuple[int, int]], depth: int = 1) -> float:
    board = Board.of(FOOTPRINT, LYING)
    plans = rivals_plan(state, board, ["red-2", "green-1"], False, depth=depth)
    return next(p.value for p in plans if p.drop.cells == cells)


@pytest.mark.parametrize("depth", [1, 2])
def test_a_move_that_leaves_the_next_player_the_win_is_worth_a_loss(depth: int) -> None:
    # Ben stands 10 short of the target with an O in hand. red-2 lying on red-1 scores
    # its match and leaves a 2x2 hole at the right, where the O completes two floors.
    state = _state(["orange-2"], scores=(0, 30))
    assert _value(state, ON_TOP, depth) <= -WIN / 2
    best = rivals_plan(state, Board.of(FOOTPRINT, LYING), ["red-2", "green-1"], False, depth=depth)
    assert best[0].points == 5 and best[0].value > -WIN / 2  # the floor taken first
    # with Ben far from the target the same move costs points, not the game
    assert _value(_state(["orange-2"]), ON_TOP, depth) > -WIN / 2


def test_the_end_of_the_game_is_a_win_for_the_highest_score() -> None:
    me, rival = Seat((), 12, True), Seat((), 10, False)
    assert ending(me, [rival], 40, final=False) is None
    assert ending(me, [rival], 40, final=True) == WIN
    assert ending(Seat((), 10, False), [Seat((), 12, True)], 40, final=True) == WIN
    assert ending(Seat((), 12, False), [Seat((), 10, True)], 40, final=True) == -WIN
    assert ending(Seat((), 10, True), [Seat((), 10, False)], 40, final=True) == 0.0
    assert ending(Seat((), 40, False), [Seat((), 39, True)], 40, final=False) == -WIN
    assert ending(Seat((), 41, True), [Seat((), 45, False)], 40, final=False) == WIN


def test_on_the_last_turn_only_a_move_that_takes_the_lead_wins() -> None:
    state = _state(["orange-2"], scores=(4, 6))
    state.supply["orange"] = []  # three piles empty: this turn is the last
    board = Board.of(FOOTPRINT, {"red-1": [[0, 0], [0, 1], [0, 2], [0, 3]]})
    plans = rivals_plan(state, board, ["red-2", "green-1"], False, depth=2)
    assert plans[0].value >= WIN / 2 and plans[0].points >= 2  # the match takes the lead
    assert plans[-1].points == 0 and plans[-1].value <= -WIN / 2


@pytest.mark.parametrize("rolls", [1, 2])
def test_competitive_candidates_are_planned_against_the_next_player(rolls: int) -> None:
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=3))
    while match.state.phase != "place":
        match.perform(
            next(m for m in legal_moves(match.state) if m["type"] in ("roll", "pick_supply"))
        )
    found = candidates(match, get_profile("steady"), rolls=rolls)
    assert found and all(c.placement.block in match.state.banks[match.state.current] for c in found)
    assert [c.prior for c in found] == sorted((c.prior for c in found), reverse=True)
