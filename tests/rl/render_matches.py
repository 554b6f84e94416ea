"""Matches the render tests draw: LOTS after a given number of placements, Crazy Tower
with two blocks on the floor card, Filled In some moves in."""

from __future__ import annotations

from rules.filled_in.options import FilledInOptions
from rules.lots import LotsOptions
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.player import play_turns, player_chance
from simulator.games.lots.match import LotsMatch, Placement
from simulator.physics.profile import load_profile


def lots_match() -> LotsMatch:
    """Ann and Ben on footprint 1A, seed 3: Ben has rolled and holds blue-1 and blue-2."""
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=3), load_profile())
    match.perform({"type": "roll", "player": "Ben"})
    return match


def place_first(match: LotsMatch) -> None:
    """Ben's blue-2 (an S) on columns 0 to 2."""
    match.place(Placement(block="blue-2", col=0))


def place_second(match: LotsMatch) -> None:
    """Ann rolls and puts her orange-1 (a square) on columns 3 and 4."""
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="orange-1", col=3))


def crazy_tower_match() -> CrazyTowerMatch:
    players = [
        {"name": "Ann", "colours": ["red", "blue"]},
        {"name": "Bob", "colours": ["green", "yellow"]},
    ]
    match = CrazyTowerMatch({"mode": "competitive", "players": players}, load_profile())
    match.perform({"type": "place_block", "player": "Ann", "block": "red-2a", "at": 2.0})
    match.perform({"type": "place_block", "player": "Bob", "block": "green-2a", "at": 14.0})
    return match


def filled_in_match(decisions: int) -> FilledInMatch:
    """Ann and Bob, seed 5, after ``decisions`` random moves."""
    match = FilledInMatch(FilledInOptions(players=("Ann", "Bob"), seed=5))
    play_turns(match, player_chance(5), decisions)
    return match
