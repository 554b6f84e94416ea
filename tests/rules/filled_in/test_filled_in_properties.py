"""Random legal games to the end: invariants, recomputed scores, round trips, determinism."""

import contextlib
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.filled_in import apply_move, is_over, new_game, scores, winner
from rules.filled_in.placement import neighbours
from rules.filled_in.playout import play_random_game, random_move, replay
from rules.filled_in.state import GameState

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "sheet": st.integers(1, 5),
        "variant": st.sampled_from(["standard", "remote"]),
        "seed": st.integers(0, 2**64 - 1),
        "start_player": st.integers(0, 1),
    }
)
few = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _new(options: dict) -> GameState:
    return new_game(**options)


def _areas(grid: dict, colour: str) -> int:
    best, seen = 0, set()
    for start, c in grid.items():
        if c != colour or start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            cell = todo.pop()
            size += 1
            for n in neighbours(cell):
                if grid.get(n) == colour and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def _recompute(state: GameState) -> dict[str, int]:
    """Scores from the drawn sheets and the event log alone, independently of scoring.py."""
    colours = ["red", "orange", "yellow", "green", "blue"]
    grids = {p.name: p.tower.grid() for p in state.players}
    finished: dict[str, dict[int, int]] = {}  # player -> level -> round completed
    for e in state.events:
        if e["type"] == "level_complete":
            finished.setdefault(e["player"], {})[e["level"]] = e["turn"]
    claims = {(e["player"], e["turn"]) for e in state.events if e["type"] == "crew"
              and e["effect"] == "claim_triangle"}  # fmt: skip
    first = {}
    for levels in finished.values():
        for level, turn in levels.items():
            first[level] = min(turn, first.get(level, turn))
    out = {}
    for p in state.players:
        spec, grid = p.tower.spec, grids[p.name]
        total = 0
        for number in spec.level_numbers:
            cells = spec.level_cells(number)
            if cells <= grid.keys():
                total += len({grid[c] for c in cells})
                turn = finished[p.name][number]
                if turn == first[number] or (p.name, turn) in claims:
                    total += 1  # triangle (remote: an unmarked finished level)
        total += sum(n for cell, n, colour in spec.tools if grid.get(cell) == colour)
        for colour in colours:
            mine = _areas(grid, colour)
            if mine and mine == max(_areas(g, colour) for g in grids.values()):
                total += 3
        total -= sum(spec.crane[: sum(1 for c in grid.values() if c == "purple")])
        out[p.name] = total
    return out


@given(games, st.integers(0, 2**32))
@few
def test_random_games_end_with_consistent_scores_and_a_winner(options, play_seed):
    final, moves = play_random_game(_new(options), play_seed)
    assert is_over(final) and final.end_reason
    assert {n: b.total for n, b in scores(final).items()} == _recompute(final)
    best = max(b.total for b in scores(final).values())
    won = winner(final)
    assert all(scores(final)[n].total == best for n in ([won] if isinstance(won, str) else won))
    end = final.events[-1]
    assert end["type"] == "game_end" and end["winner"] == won
    for e in final.events:
        assert {"turn", "player", "type"} <= e.keys()
    json.dumps(final.to_dict())
    # Boxes are neither lost nor filled twice; purple spaces never exceed the crane.
    for p in final.players:
        cells = [c for b in p.tower.blocks for c in b.cells] + [x.cell for x in p.tower.purples]
        assert len(cells) == len(set(cells)) and set(cells) <= p.tower.spec.boxes
        assert len(p.tower.purples) <= 5
    assert replay(_new(options), moves).to_dict() == final.to_dict()


@given(games, st.integers(0, 2**32), st.floats(0.0, 1.0))
@few
def test_a_restored_state_continues_exactly_like_the_original(options, play_seed, where):
    state = _new(options)
    _, moves = play_random_game(state, play_seed)
    cut = int(where * len(moves))
    middle = replay(state, moves[:cut])
    restored = GameState.from_dict(json.loads(json.dumps(middle.to_dict())))
    assert restored.to_dict() == middle.to_dict()
    assert replay(restored, moves[cut:]).to_dict() == replay(middle, moves[cut:]).to_dict()


@given(games, st.integers(0, 2**32))
@few
def test_the_same_seeds_give_the_same_game(options, play_seed):
    a, _ = play_random_game(_new(options), play_seed)
    b, _ = play_random_game(_new(options), play_seed)
    assert a.to_dict() == b.to_dict()


@given(games, st.integers(0, 2**32))
@few
def test_moves_refused_or_not_never_change_the_state_they_are_given(options, play_seed):
    rng = Chance.from_seed(play_seed)
    state = _new(options)
    names = state.names
    for _ in range(40):
        if is_over(state):
            break
        before = state.to_dict()
        wrong = {
            "type": rng.choice(["roll", "draft", "place"]),
            "player": rng.choice(names),
        }
        if wrong["type"] == "draft":
            wrong["die"] = rng.below(10)
        if wrong["type"] == "place":
            r, c = rng.below(14), rng.below(10)
            wrong.update(shape="O", colour="red", cells=[[r, c], [r, c + 1], [r + 2, c], [r, c]])
        with contextlib.suppress(IllegalMove):
            apply_move(state, wrong)
        assert state.to_dict() == before
        state = apply_move(state, random_move(state, rng))
