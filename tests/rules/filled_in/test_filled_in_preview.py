"""``preview_place``: what the computer players read a block's score from must be what
``place`` makes of it, for the mover, without touching the state it previews."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.filled_in import GameState, apply_move, new_game, placement_moves
from rules.filled_in.moves import preview_place
from rules.filled_in.playout import play_random_game
from rules.filled_in.scoring import (
    colour_area_winners,
    largest_areas,
    player_breakdown,
    score_breakdowns,
)

# Every crew card dealt somewhere, the triangle-claiming and free-placing ones often.
CREWS = {
    2: ["surveyor", "crane-operator"],
    3: ["surveyor", "scavenger", "architect"],
    4: ["painter", "surveyor", "crane-operator", "foreman"],
}
SAMPLE = 8  # blocks tried per position, spread over the list (crewed ones included)


def _positions(players: int, variant: str, seed: int) -> Iterator[tuple[GameState, str]]:
    """Every position of a random game where somebody places, with that player."""
    start = new_game(players, variant=variant, seed=seed, crew=CREWS[players])
    _, moves = play_random_game(start, seed=seed)
    state = start
    for move in moves:
        if move["type"] == "place":
            yield state, move["player"]
        state = apply_move(state, move)


@pytest.mark.parametrize(
    ("players", "variant", "seed"),
    [(2, "standard", 5), (3, "remote", 2), (4, "standard", 2), (4, "remote", 3)],
)
def test_a_preview_scores_and_marks_the_mover_as_place_does(players, variant, seed):
    tried = triangles = 0
    for state, name in _positions(players, variant, seed):
        before = state.to_dict()
        moves = placement_moves(state, state.player(name))
        for move in moves[:: max(1, len(moves) // SAMPLE)]:
            played = apply_move(state, move)
            kwargs = {k: v for k, v in move.items() if k not in ("type", "player")}
            preview = preview_place(state, name, **kwargs)
            mover = preview.player(name)
            assert mover.to_dict() == played.player(name).to_dict()
            assert sorted(preview.announced) == sorted(played.announced)
            areas = {p.name: largest_areas(p.tower.grid()) for p in state.players}
            areas[name] = largest_areas(mover.tower.grid())
            score = player_breakdown(preview, mover, colour_area_winners(areas))
            assert score == score_breakdowns(played)[name]
            assert state.to_dict() == before  # the previewed state is left alone
            tried += 1
            triangles += score.triangles != score_breakdowns(state)[name].triangles
    assert tried > 100 and triangles > 0  # round ends that hand out triangles were seen
