"""Random legal games to the end (hypothesis): conservation, scores, endings, replay."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lots_fakes import assert_conserved

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.lots import LotsOptions, LotsState, apply_move, new_game, replay
from rules.lots.playout import grid_outcome, random_playout, random_step

FOOTPRINTS = ("1A", "1B", "2A", "2B", "3A", "3B")
DECREASES = ("move_back",)  # the only events allowed to lower a score

games = st.builds(
    lambda n, footprint, seed, start: LotsOptions(
        players=tuple(f"P{i}" for i in range(n)),
        footprint=footprint,
        seed=seed,
        start_player=None if start is None else start % n,
    ),
    st.integers(1, 4),
    st.sampled_from(FOOTPRINTS),
    st.integers(0, 2**64 - 1),
    st.none() | st.integers(0, 3),
)
quick = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_step(before: LotsState, after: LotsState) -> None:
    assert_conserved(after)
    new_events = after.events[len(before.events) :]
    assert after.events[: len(before.events)] == before.events  # the log only grows
    for event in new_events:
        assert {"turn", "player", "type"} <= set(event)
    lowered = {p for p in range(after.n_players) if after.scores[p] < before.scores[p]}
    allowed = {after.players.index(e["player"]) for e in new_events if e["type"] in DECREASES}
    assert lowered <= allowed, f"scores went down without a rule: {lowered}"
    assert all(s >= 0 for s in after.scores)
    above_driveway = [s for s in after.scores if s > 0]
    assert len(above_driveway) == len(set(above_driveway)), "two meeples share a spot"
    assert all(len(hand) <= 2 for hand in after.crew_hands) or after.phase == "give_crew"
    if not after.over:
        assert len(after.banks[after.current]) in (1, 2)


def mid_game(options: LotsOptions, playout_seed: int, steps: int) -> LotsState:
    """A new game ``steps`` random moves in (fewer if it ends first)."""
    state = new_game(options)
    chance = Chance.from_seed(playout_seed)
    for _ in range(steps):
        if state.over:
            break
        state = random_step(state, grid_outcome, chance)
    return state


@quick
@given(games, st.integers(0, 10**6))
def test_random_games_end_and_keep_the_invariants(options, playout_seed):
    state = new_game(options)
    assert_conserved(state)
    final = random_playout(state, grid_outcome, seed=playout_seed, on_step=check_step)
    assert final.over and final.end_reason is not None
    assert final.events[-1]["type"] == "game_end"
    if final.solo:
        assert final.end_reason in ("solo_target", "solo_piles", "solo_fall")
        assert final.winners == ([0] if final.end_reason == "solo_target" else [])
    else:
        assert final.end_reason in ("target", "piles", "stolen") and final.winners
        if final.end_reason == "target":
            assert max(final.scores) >= final.target
        if final.end_reason == "piles":
            assert final.winners == [
                s for s, v in enumerate(final.scores) if v == max(final.scores)
            ]
    # every player's bank ends with one block, except after a lost solo fall
    if final.end_reason != "solo_fall":
        assert all(len(bank) == 1 for bank in final.banks)
    # a game is its options and its moves
    assert replay(options, final.moves).digest() == final.digest()


@quick
@given(games, st.integers(0, 10**6), st.integers(0, 60))
def test_round_trip_mid_game_gives_the_same_continuation(options, playout_seed, steps):
    state = mid_game(options, playout_seed, steps)
    restored = LotsState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.to_dict() == state.to_dict()
    a = random_playout(state, grid_outcome, seed=playout_seed + 1)
    b = random_playout(restored, grid_outcome, seed=playout_seed + 1)
    assert a.digest() == b.digest()


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 10**6), st.integers(0, 40))
def test_illegal_moves_change_nothing(options, playout_seed, steps):
    state = mid_game(options, playout_seed, steps)
    before = state.digest()
    wrong_player = 0 if state.to_act != 0 else (1 if state.n_players > 1 else "nobody")
    for move in (
        {"type": "roll", "player": wrong_player},
        {"type": "pick_supply", "player": state.to_act, "colour": "purple"},
        {"type": "give_crew", "player": state.to_act, "card": "no-such-card"},
        {"type": "play_crew", "player": state.to_act, "card": "no-such-card"},
        {"type": "place", "player": state.to_act, "outcome": {"placed": "red-99"}},
    ):
        try:
            apply_move(state, move)
        except IllegalMove as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{move} was accepted in phase {state.phase}")
    assert state.digest() == before


def test_a_random_game_is_deterministic():
    options = LotsOptions(players=("A", "B", "C", "D"), seed=123)
    one = random_playout(new_game(options), grid_outcome, seed=9)
    two = random_playout(new_game(options), grid_outcome, seed=9)
    assert one.digest() == two.digest() and one.events == two.events
