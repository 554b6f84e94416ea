"""Random Crazy Tower games to the end with fake physics: conservation, endings,
serialisation, determinism, refused moves leave the state alone."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.crazy_tower import (
    CrazyTowerState,
    apply_action,
    challenges,
    floor_cards,
    legal_moves,
    new_game,
    replay,
    scores,
)
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.playout import RandomHand, play_random_game
from rules.errors import IllegalMove

NAMES = ["Ann", "Bob", "Cid", "Dee"]
REASONS = {"last_block", "collapse", "stalemate", "out_of_time", "challenge_failed"}

SOLO_SETUPS = [(c.number, n) for c in challenges().values() for n in c.colours]

options_strategy = st.one_of(
    st.builds(
        lambda n, seed: {"mode": "competitive", "players": NAMES[:n], "seed": seed},
        st.integers(2, 4),
        st.integers(0, 2**32),
    ),
    st.builds(
        lambda n, seed: {"mode": "saboteur", "players": NAMES[:n], "seed": seed},
        st.integers(3, 4),
        st.integers(0, 2**32),
    ),
    st.builds(
        lambda setup, seed: {
            "mode": "solo",
            "players": ["Sam"],
            "challenge": setup[0],
            "colour_count": setup[1],
            "seed": seed,
        },
        st.sampled_from(SOLO_SETUPS),
        st.integers(0, 2**32),
    ),
)

hand_strategy = st.builds(
    RandomHand,
    seed=st.integers(0, 2**32),
    slip=st.sampled_from([0.0, 0.05, 0.15]),
    knock=st.sampled_from([0.0, 0.05, 0.15]),
    topple=st.sampled_from([0.0, 0.005, 0.03]),
    red=st.sampled_from([0.0, 0.2]),
)


def clock(state: CrazyTowerState) -> float:
    """Three seconds per turn, so timed challenges sometimes run out."""
    return 3.0 * state.turn


def check_invariants(state: CrazyTowerState) -> None:
    where = state.block_count()
    assert sum(where.values()) == state.total_blocks
    pieces = (
        len(state.floors)
        + len(state.deck)
        + (state.revealed is not None)
        + len([p for p in state.down + state.lost if not is_block(p)])
    )
    assert pieces == len(floor_cards())
    placed = (
        list(state.on_card)
        + state.down
        + state.lost
        + [b for hand in state.hands.values() for b in hand]
    )
    assert len(set(placed)) == len(placed)  # no block in two places
    for block, card in state.on_card.items():
        assert card in state.floors or card in state.down or card in state.lost, block
    assert state.is_over == (legal_moves(state) == [])


@settings(max_examples=150, deadline=None)
@given(options=options_strategy, hand=hand_strategy, seed=st.integers(0, 2**32))
def test_random_games_end_and_conserve_pieces(options, hand, seed):
    run = play_random_game(options, hand, seed=seed, clock=clock)
    final = run.state
    assert final.is_over and final.result["reason"] in REASONS
    winner = final.result["winner"]
    assert winner is None or winner in final.players or set(winner) <= set(final.players)

    # replay the log step by step: the same game, invariants all along
    state = new_game(options)
    value = sum(scores(state).values())
    for action in run.actions:
        check_invariants(state)
        state = apply_action(state, action)
        new_value = sum(scores(state).values())
        types = {e["type"] for e in state.events}
        if new_value > value:
            assert "block_removed" in types  # only the diamonds box gives blocks back
        value = new_value
    check_invariants(state)
    assert state.to_dict() == final.to_dict()
    assert json.loads(json.dumps(final.to_dict())) == final.to_dict()
    assert all({"turn", "player", "type"} <= set(e) for e in final.events)


@settings(max_examples=60, deadline=None)
@given(
    options=options_strategy, hand=hand_strategy, seed=st.integers(0, 2**32), cut=st.floats(0, 1)
)
def test_refused_moves_leave_the_state_alone(options, hand, seed, cut):
    run = play_random_game(options, hand, seed=seed)
    state = replay(options, run.actions[: int(cut * len(run.actions))])
    before = state.to_dict()
    others = [p for p in state.players if p != state.current_player]
    bad = [
        {"type": "pass", "player": others[0] if others else "Nobody"},
        {"type": "exchange", "player": state.current_player, "give": "x", "take": "y"},
        {"type": "lay_card", "player": state.current_player, "outcome": {"card": "fc-99"}},
        {
            "type": "remove_block",
            "player": state.current_player,
            "outcome": {"block": "red-1a", "fallen": ["fc-00"]},
        },
        {"type": "teleport", "player": state.current_player},
    ]
    for action in bad:
        with pytest.raises(IllegalMove):
            apply_action(state, action)
        assert state.to_dict() == before
    # a legal physical move whose outcome knocks off the starting card is refused
    for move in legal_moves(state):
        if move["type"] == "place_block":
            action = {
                **move,
                "outcome": {
                    "block": move["block"],
                    "floor": move["floor"],
                    "boxes": [],
                    "fallen": ["fc-00"],
                },
            }
            with pytest.raises(IllegalMove):
                apply_action(state, action)
            assert state.to_dict() == before
            break


def test_playouts_are_deterministic():
    options = {"mode": "saboteur", "players": NAMES, "seed": 11}
    a = play_random_game(options, RandomHand(5), seed=3)
    b = play_random_game(options, RandomHand(5), seed=3)
    assert a.actions == b.actions and a.state.to_dict() == b.state.to_dict()
    c = play_random_game(options, RandomHand(6), seed=3)
    assert c.actions != a.actions


def test_many_seeds_reach_every_ending():
    seen = set()
    for seed in range(60):
        for options in (
            {"mode": "competitive", "players": NAMES[:2], "seed": seed},
            {"mode": "solo", "players": ["Sam"], "challenge": 1 + seed % 20, "seed": seed},
        ):
            run = play_random_game(
                options, RandomHand(seed, topple=0.01), seed=seed, clock=lambda s: 5.0 * s.turn
            )
            seen.add((options["mode"], run.state.result["reason"]))
    assert {
        ("competitive", "last_block"),
        ("competitive", "collapse"),
        ("solo", "last_block"),
        ("solo", "collapse"),
        ("solo", "out_of_time"),
    } <= seen
