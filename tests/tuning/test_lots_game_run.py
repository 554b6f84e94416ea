"""A "lots-game" tuning run plays the LOTS match a scenario file with its setup would."""

from __future__ import annotations

from rules.lots import LotsOptions
from simulator.games.computer_seat import play_players
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer
from simulator.physics.profile import load_profile
from simulator.seeds import seat_seed
from simulator.tuning.runs import _lots_game
from simulator.tuning.targets import LotsGameTarget


def test_a_lots_game_run_plays_the_match_its_target_names() -> None:
    target = LotsGameTarget(seed=5, players=2, decisions=8, footprint="2A")
    record = _lots_game(target, load_profile(), {})
    match = LotsMatch(LotsOptions(("P1", "P2"), footprint="2A", seed=5), load_profile())
    players = {n: RandomPlayer(seat_seed(5, seat)) for seat, n in enumerate(match.state.players)}
    play_players(match, players, 8)
    assert record["detail"] == ""
    assert record["state_hash"] == match.state_hash()
    assert record["steps"] == match.world.steps > 0
