"""Filled In's search by playouts: it sees what the greedy cannot, decides the same for the
same seed, never changes the position it advises and never reads the game's dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.filled_in import GameState, apply_move, draft, new_game, place, roll
from simulator.bots.levels import level
from simulator.games.filled_in.bots import FilledInBot
from simulator.games.filled_in.bots_playout import playout
from simulator.games.filled_in.play import play_game

EDGE = [[0, 4], [0, 5], [1, 4], [1, 5]]  # the O against the sheet's right edge
SEEDS = range(1, 11)  # the bots' own seeds (their playouts' dice)


def well_position() -> GameState:
    """Round 2 on sheet 1, Ann to place an O (orange or blue dice). Her red L fills the
    bottom-left corner; an O beside it at columns 4-5 (counted from 1) would leave
    the last column as a well one box wide, which only an upright I fills, so level 1
    stays open; an O against the edge leaves an L-shaped hole that four shapes fill."""
    s = new_game(
        ["Ann", "Bob"], sheet=1, variant="standard", seed=7, start_player="Ann",
        crew=["painter", "foreman"],
    )  # fmt: skip
    s = roll(s, "Ann", faces=["green L", "orange I", "red L", "green I", "blue I"])
    for who, die in (("Ann", 2), ("Bob", 1), ("Bob", 3), ("Ann", 0)):
        s = draft(s, who, die)
    s = place(s, "Ann", "L", "red", [(0, 0), (1, 0), (1, 1), (1, 2)])
    s = place(s, "Bob", "I", "green", [(0, 0), (0, 1), (0, 2), (0, 3)])
    s = roll(s, "Bob", faces=["orange O", "yellow O", "green O", "blue O", "red O"])
    for who, die in (("Bob", 1), ("Ann", 0), ("Ann", 3), ("Bob", 2)):
        s = draft(s, who, die)
    return s


def mean_margin(state: GameState, move: dict[str, Any], first_seed: int, count: int) -> float:
    after = apply_move(state, move)
    return sum(playout(after, "Ann", first_seed + j) for j in range(count)) / count


def test_the_greedy_leaves_a_well_that_the_search_does_not() -> None:
    s = well_position()
    greedy = FilledInBot(level("normal")).decide(s, "Ann")
    assert greedy["cells"] == [[0, 3], [0, 4], [1, 3], [1, 4]]  # the well at column 6
    # hard's eight playouts of four rounds a block are noisy; expert's ten are not here
    edges = {
        name: sum(
            FilledInBot(level(name), seed).decide(s, "Ann")["cells"] == EDGE for seed in SEEDS
        )
        for name in ("hard", "expert")
    }
    assert edges["hard"] >= 8 and edges["expert"] == len(SEEDS), edges
    # played to the end on dice neither bot saw, the well costs Ann points
    edge = {**greedy, "cells": EDGE}
    assert mean_margin(s, edge, 50_000, 60) - mean_margin(s, greedy, 50_000, 60) > 1.0


@pytest.mark.parametrize("name", ["easy", "hard", "expert"])
def test_a_decision_is_the_same_for_the_seed_and_leaves_the_position_as_it_was(
    name: str,
) -> None:
    s = well_position()
    drafting = roll(place(place(s, "Ann", "O", "blue", EDGE), "Bob", "O", "yellow",
                          [[1, 0], [1, 1], [2, 0], [2, 1]]), "Ann")  # fmt: skip
    for state, who in ((s, "Ann"), (drafting, "Ann")):
        before = state.to_dict()
        first = FilledInBot(level(name), 5).decide(state, who)
        assert state.to_dict() == before  # the rehearsals worked on copies
        assert FilledInBot(level(name), 5).decide(state, who) == first


def test_a_playout_never_reads_the_games_dice() -> None:
    s = well_position()
    other = replace(s, chance=s.chance ^ 0xDEADBEEF)  # the game's dice to come differ
    assert [playout(s, "Ann", j) for j in range(5)] == [playout(other, "Ann", j) for j in range(5)]
    assert len({playout(s, "Ann", j) for j in range(8)}) > 1  # its own seed does matter


def test_a_game_of_searching_bots_plays_the_same_twice() -> None:
    first, match = play_game(2, 1, "standard", 6, {0: "hard", 1: "easy"})
    again, _ = play_game(2, 1, "standard", 6, {0: "hard", 1: "easy"})
    assert match.over and first["state_hash"] == again["state_hash"]
