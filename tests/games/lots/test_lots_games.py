"""Whole games with physics and computer players: invariants hold and games end."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.lots import LotsOptions, LotsState
from simulator.games.computer_seat import play_players
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer


def _pieces(state: LotsState) -> Counter[str]:
    where: Counter[str] = Counter()
    for pile in state.supply.values():
        where.update(pile)
    for seat in range(state.n_players):
        where.update(state.banks[seat])
        where.update(state.cubes[seat])
    where.update(list(state.tower))
    where.update(state.removed)
    where.update(state.box)
    where.update(state.track_cubes.values())
    return where


@pytest.mark.parametrize(
    ("players", "seed", "footprint"), [(2, 11, "1A"), (3, 12, "2B"), (4, 13, "3A"), (1, 14, "1B")]
)
def test_a_game_ends_with_every_piece_accounted_for(
    players: int, seed: int, footprint: str
) -> None:
    names = tuple(f"P{i}" for i in range(players))
    match = LotsMatch(LotsOptions(players=names, footprint=footprint, seed=seed))
    start = _pieces(match.state)
    # 30 blocks and 6 purple cubes, each in exactly one place (solo: some in the box).
    assert sum(start.values()) == 36 and set(start.values()) == {1}
    previous = list(match.state.scores)
    seats = {name: RandomPlayer(seed + s) for s, name in enumerate(match.state.players)}
    while not match.state.over:
        play_players(match, seats, 1)
        now = _pieces(match.state)
        assert now == start, "a piece was created or lost"
        moved_back = any(e["type"] == "move_back" for e in match.state.events)
        if not moved_back:
            assert all(a >= b for a, b in zip(match.state.scores, previous, strict=True))
        previous = list(match.state.scores)
    # The world holds exactly the pieces the rules put on the tower.
    assert {e.id for e in match.world.dynamic_entries} == set(match.state.tower)
