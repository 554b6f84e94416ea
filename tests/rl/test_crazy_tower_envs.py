"""Crazy Tower as research environments: the ecosystems' own checks in both modes and the
solo challenges, seeds that reproduce whole episodes, masks that match what the match
accepts, refusals, scenario files, and the saboteur hidden from the others."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import types
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from pettingzoo.test import api_test, max_cycles_test, seed_test

from rules.crazy_tower import apply_action, legal_moves
from rules.crazy_tower.blocks import is_block
from rules.errors import IllegalMove
from simulator.games.crazy_tower.bodies import block_span
from simulator.games.crazy_tower.survey import shadow
from simulator.replay import replay_file
from simulator.rl.adapter import physics_of
from simulator.rl.crazy_tower import CrazyTowerAdapter, kind_of
from simulator.rl.episode import Episode
from simulator.rl.multi import crazy_tower_v0
from simulator.rl.registration import register_envs
from simulator.rl.solo_envs import crazy_tower_solo
from tests.rl.env_checks import (
    assert_bad_actions_change_nothing,
    assert_every_seat_waits_but,
    digest_aec_episode,
    digest_step,
    play_masked_random,
)

register_envs()
MODES = (("competitive", 2), ("saboteur", 3))


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_pettingzoo_api_test_passes(mode: str, players: int) -> None:
    api_test(crazy_tower_v0.env(players=players, mode=mode, max_cycles=30), num_cycles=30)


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_pettingzoo_seed_test_passes(mode: str, players: int) -> None:
    seed_test(lambda: crazy_tower_v0.env(players=players, mode=mode, max_cycles=20), 20)


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_pettingzoo_max_cycles_test_passes(mode: str, players: int) -> None:
    # PettingZoo's test samples actions without the mask: refused ones spend the step.
    module = types.SimpleNamespace(
        env=functools.partial(crazy_tower_v0.env, mode=mode),
        parallel_env=functools.partial(crazy_tower_v0.parallel_env, mode=mode),
    )
    max_cycles_test(module)


@pytest.mark.parametrize(("challenge", "hand"), [(3, None), (13, None), (20, "shaky")])
def test_gymnasium_check_env_passes_on_the_registered_env(challenge: int, hand: Any) -> None:
    env = gymnasium.make("towersim/CrazyTowerSolo-v0", challenge=challenge, hand=hand)
    check_env(env.unwrapped, skip_render_check=True)


def _masked_actions(env: gymnasium.Env, seed: int, episodes: int, limit: int = 60) -> list:
    """Episodes of masked random actions (at most ``limit`` steps each): everything the
    env returned."""
    trace = []
    rng = np.random.default_rng(seed)
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        trace.append((obs, info))
        for _ in range(limit):
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            trace.append((obs, reward, terminated, truncated, info))
            if terminated or truncated:
                break
    return trace


def test_the_same_seed_gives_the_same_whole_episodes_in_two_envs() -> None:
    first = _masked_actions(crazy_tower_solo(challenge=17, hand="average"), 11, 3)
    second = _masked_actions(crazy_tower_solo(challenge=17, hand="average"), 11, 3)
    assert len(first) == len(second) > 12
    assert data_equivalence(first, second, exact=True)


def _episodes_digest(mode: str, players: int, seeds: range) -> str:
    """SHA-256 of seeded episodes of masked random actions: every agent's reward,
    ending, info, observation and mask, in order (the solo challenge 12 for "solo")."""
    digest = hashlib.sha256()
    for seed in seeds:
        if mode != "solo":
            env = crazy_tower_v0.raw_env(players=players, mode=mode)
            digest_aec_episode(digest, env, seed, limit=400)
            continue
        rng = np.random.default_rng(seed)
        solo = crazy_tower_solo(challenge=12)
        obs, info = solo.reset(seed=seed)
        digest_step(digest, obs, info)
        for _ in range(200):
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = solo.step(int(rng.choice(legal)))
            digest.update(repr((reward, terminated, truncated)).encode())
            digest_step(digest, obs, info)
            if terminated or truncated:
                break
    return digest.hexdigest()


@pytest.mark.parametrize(
    ("mode", "players", "digest"),
    [
        ("competitive", 2, "e43322abb3543727ef1a4c01f20e71a81ce300f2e41484a1fed6ee5acf37d4a1"),
        ("saboteur", 3, "437ba547ce123da582f84c9036efc72f9ae4532808d2a1ddcce299cdb0765f36"),
        ("competitive", 4, "972b5e9dbd38b8a9c0589c5730bf1e7e5cb2fabca23909a6f2955984e60d3240"),
        ("solo", 1, "09e75a7f427e25e70bfb8bd97e4d8ab90a95140d9d6e8e306f6bacb16d461bf3"),
    ],
)
def test_seeded_episodes_are_the_ones_they_always_were(
    mode: str, players: int, digest: str
) -> None:
    """The observations, masks and rewards of seeded episodes, pinned: a change to how
    the environments read the game must leave every array as it was. Pinned anew for
    hand model 2 (issue 41; under model 1 the old digests reproduce, solo's unchanged)."""
    assert _episodes_digest(mode, players, range(6)) == digest


def test_another_seed_gives_another_game() -> None:
    a, b = crazy_tower_solo(), crazy_tower_solo()
    a.reset(seed=1)
    b.reset(seed=2)
    assert a.episode.match.state.deck != b.episode.match.state.deck


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    env = crazy_tower_solo(challenge=5, invalid_action="raise")
    _, info = env.reset(seed=4)
    illegal = env.adapter.catalogue.index(("lay_card", 0.0))  # no card is revealed
    says = r"\(lay_card\(0.0\)\) is not legal now"
    assert_bad_actions_change_nothing(env, info["action_mask"], illegal, says, "reveal_card")


def test_by_default_a_refused_action_costs_the_penalty_and_says_why() -> None:
    env = crazy_tower_solo()
    obs, _ = env.reset(seed=4)
    illegal = env.adapter.catalogue.index(("skip_removal",))
    obs2, reward, terminated, _, info2 = env.step(illegal)
    assert reward == -1.0 and not terminated and "not legal now" in info2["refused"]
    assert data_equivalence(obs, obs2)


def test_a_placed_block_earns_its_points() -> None:
    env = crazy_tower_solo(challenge=1)  # an exact hand: the block stays where it goes
    env.reset(seed=3)
    _, reward, _, _, info = env.step(env.adapter.catalogue.index(("place_block", "red-4", 10.0)))
    assert reward == 5.0 and info["scores"] == [5.0]
    assert env.episode.match.state.on_card["red-4a"] == "fc-00"


class Accepted(Exception):
    """The match's check before the hand moves let the action through."""


def _refuse_hand(twin: Any) -> None:
    def stop(**kwargs: Any) -> None:
        raise Accepted

    twin.fall_monitor = stop  # the first thing the match does once its checks passed


def _accepted(match: Any, twin: Any, adapter: CrazyTowerAdapter, seat: int, entry: tuple) -> str:
    """What the match makes of ``entry``'s action before the hand moves: "yes", "no",
    or "on a block" (a block whose planned shadow overlaps one on its card)."""
    try:
        action = adapter.action_of(match, seat, entry)
    except KeyError:
        return "no"  # nobody concerned holds a block of that kind
    if action["type"] in ("reveal_card", "pass", "skip_removal", "exchange"):
        try:
            apply_action(match.state, action)
        except IllegalMove:
            return "no"
        return "yes"
    try:
        twin.perform(action)
    except Accepted:
        pass
    except IllegalMove:
        return "no"
    block = action.get("block", action.get("piece"))
    if "at" not in action or not is_block(block):
        return "yes"
    state = match.state
    card = state.home.get(block, state.top_card)
    span = block_span(block, adapter.angle)
    card_entry = match.world.entry(card)
    for other in state.blocks_on(card):
        low, high = shadow(match.world.entry(other), card_entry)
        if action["at"] + span > low and action["at"] < high:
            return "on a block"
    return "yes"


def _signature(move: dict[str, Any], seat: int, players: list[str]) -> tuple:
    kind = move["type"]
    if kind in ("place_block", "replace_piece"):
        piece = move.get("block", move.get("piece"))
        return ("place", kind_of(piece)) if is_block(piece) else ("lay",)
    if kind == "lay_card":
        return ("lay",)
    if kind == "remove_block":
        return (kind, move["block"])
    if kind == "exchange":
        k = (players.index(move["with"]) - seat) % len(players)
        return (kind, kind_of(move["give"]), kind_of(move["take"]), k)
    return (kind,)


def _entry_signature(entry: tuple) -> tuple:
    kind = entry[0]
    if kind == "place_block":
        return ("place", entry[1])
    if kind == "lay_card":
        return ("lay",)
    if kind == "remove_block":
        return (kind, entry[1])
    return entry


@pytest.mark.parametrize(
    ("adapter", "seeds", "phases"),
    [
        (
            crazy_tower_v0.raw_env(players=3).adapter,
            range(20, 40),
            {"turn", "lay_card", "place", "replace", "diamonds", "exchange"},
        ),
        (crazy_tower_solo(challenge=3).adapter, range(1, 3), {"turn", "lay_card", "place"}),
    ],
    ids=["competitive", "challenge-3"],
)
def test_the_mask_is_exactly_what_the_match_accepts(
    adapter: CrazyTowerAdapter, seeds: range, phases: set[str]
) -> None:
    """An action is in the mask exactly when the match's own check before the hand moves
    accepts it (the discrete ones: when the rules do), but for a block planned over one
    already on its card, which would rest on it (the rules refuse that once the physics
    ran) unless the seat could do nothing else; every move the rules list has its
    action, but a block with nowhere clear to go."""
    seen: set[str] = set()
    counts = {"yes": 0, "no": 0, "on a block": 0}
    entries = adapter.catalogue.entries
    for seed in seeds:
        episode = Episode(adapter, seed, win_reward=10.0)
        rng = np.random.default_rng(seed)
        for _ in range(40):
            match = episode.match
            if episode.over or phases <= seen:
                break
            state = match.state
            seat = state.current
            seen.add(state.phase)
            mask = adapter.legal(match, seat)
            twin = match.scratch_copy()
            _refuse_hand(twin)
            verdicts = {
                i: _accepted(match, twin, adapter, seat, entry)
                for i, entry in enumerate(entries)
                if entry != ("wait",)
            }
            # no drop clear and nothing else to do: every drop the check accepts
            alone = "yes" not in verdicts.values()
            for index, verdict in verdicts.items():
                counts[verdict] += 1
                expected = verdict == "yes" or (alone and verdict == "on a block")
                assert bool(mask[index]) == expected, (state.phase, entries[index], verdict)
            drops = {i: v for i, v in verdicts.items() if entries[i][0] == "place_block"}
            good = ("yes", "on a block") if alone else ("yes",)
            placeable = {entries[i][1] for i, v in drops.items() if v in good}
            listed = {
                signature
                for signature in (_signature(m, seat, state.players) for m in legal_moves(state))
                if signature[0] != "place" or signature[1] in placeable
            }
            masked = {_entry_signature(entries[i]) for i in np.flatnonzero(mask)}
            assert masked == listed, state.phase
            episode.act(seat, int(rng.choice(np.flatnonzero(mask))), policy="raise", penalty=0)
        if phases <= seen:
            break
    assert phases <= seen
    assert min(counts.values()) > 20, counts


def test_a_block_with_nowhere_clear_to_go_may_still_be_dropped_if_nothing_else_is_left() -> None:
    adapter = CrazyTowerAdapter.solo(1, None, physics_of("default"), colour_count=4)
    episode = Episode(adapter, 1, win_reward=10.0)
    place = adapter.catalogue.index
    for kind, centre in (("red-4", 4.5), ("blue-4", 14.5)):  # 2 cm gaps left on the card
        episode.act(0, place(("place_block", kind, centre)), policy="raise", penalty=0)
    match = episode.match
    assert match.state.blocks_on("fc-00") == ["red-4a", "blue-4a"]
    green = [place(("place_block", "green-2", k / 2)) for k in range(41)]
    reveal = adapter.catalogue.index(("reveal_card",))
    crowded = dataclasses.replace(match.state, hands={"player_0": ["green-2a"]})
    mask = adapter.legal(types.SimpleNamespace(state=crowded, world=match.world), 0)
    assert np.flatnonzero(mask).tolist() == [reveal]  # better build a floor higher
    stuck = dataclasses.replace(crowded, deck=[])
    mask = adapter.legal(types.SimpleNamespace(state=stuck, world=match.world), 0)
    assert np.flatnonzero(mask).tolist() == green  # no card left: any drop the match takes


def test_an_episode_writes_a_scenario_that_replays_to_the_same_hash(tmp_path: Path) -> None:
    env = crazy_tower_v0.raw_env(
        players=3, mode="saboteur", hand=["shaky", "surgeon", "average"], max_cycles=12
    )
    env.reset(seed=21)
    play_masked_random(env, 1000)
    match = env.episode.match
    assert match.action_count > 5
    assert any("angle_error" in action for action in match.actions)  # the hands' noise
    report = replay_file(str(env.write_scenario(tmp_path / "episode.toml")))
    assert report["ok"], report
    assert report["state_hash"] == match.state_hash()


def test_a_solo_challenges_episode_replays_with_the_matchs_own_handicap(tmp_path: Path) -> None:
    env = crazy_tower_solo(challenge=20)  # floor cards dropped: the match's own noise
    _masked_actions(env, 5, 1, limit=12)
    match = env.episode.match
    assert match.state.challenge == 20 and match.action_count > 3
    report = replay_file(str(env.write_scenario(tmp_path / "solo.json")))
    assert report["ok"], report
    assert report["state_hash"] == match.state_hash()


def test_every_seat_waits_but_the_one_the_rules_wait_for() -> None:
    env = crazy_tower_v0.raw_env(players=4)
    env.reset(seed=2)
    assert_every_seat_waits_but(env, env.episode.match.state.current, 2)


def _without(obs: dict[str, np.ndarray], *keys: str) -> dict[str, np.ndarray]:
    return {k: v for k, v in obs.items() if k not in keys}


def test_the_saboteur_is_in_no_observation_but_his_own() -> None:
    """Moving the saboteur to another seat changes no other seat's observation, and his
    own only in "private"; nor does the deck's order show. (The rules let the player on
    the saboteur's left start, so who started is public and hints at him.)"""
    env = crazy_tower_v0.raw_env(players=4, mode="saboteur", max_cycles=6)
    env.reset(seed=8)
    play_masked_random(env, 8)
    match, adapter = env.episode.match, env.adapter
    state = match.state
    assert not state.is_over and match.action_count > 3
    saboteur = state.players.index(state.saboteur)
    others = [seat for seat in range(4) if seat != saboteur]
    # moved in the state and in the referee's log, whose hidden event the seats read
    new = state.players[others[0]]
    chosen = [{**e, "player": new} if e["type"] == "saboteur_chosen" else e for e in state.events]
    moved = dataclasses.replace(state, saboteur=new, events=chosen)
    shuffled = dataclasses.replace(state, deck=list(reversed(state.deck)))
    as_moved = types.SimpleNamespace(state=moved, world=match.world)
    as_shuffled = types.SimpleNamespace(state=shuffled, world=match.world)
    for seat in others[1:]:
        assert data_equivalence(adapter.observe(match, seat), adapter.observe(as_moved, seat))
        assert not adapter.observe(match, seat)["private"].any()
    mine, moved_mine = adapter.observe(match, saboteur), adapter.observe(as_moved, saboteur)
    assert mine["private"].tolist() == [1.0, 0.0, 0.0, 0.0]  # himself
    assert not moved_mine["private"].any()
    assert data_equivalence(_without(mine, "private"), _without(moved_mine, "private"))
    for seat in range(4):
        assert data_equivalence(adapter.observe(match, seat), adapter.observe(as_shuffled, seat))
    over = dataclasses.replace(state, result={"reason": "collapse", "winner": None})
    ended = types.SimpleNamespace(state=over, world=match.world)
    for seat in others:  # once the game is over everybody knows
        private = adapter.observe(ended, seat)["private"]
        assert private[(saboteur - seat) % 4] == 1.0 and private.sum() == 1.0


def test_two_seats_see_the_same_table_from_their_own_seats() -> None:
    """Seat-relative arrays: the rows of seat k seen from seat 0 are those of seat 0
    seen from seat k's side; the shared arrays are equal."""
    env = crazy_tower_v0.raw_env(players=3, max_cycles=5)
    env.reset(seed=12)
    play_masked_random(env, 12)
    adapter, match = env.adapter, env.episode.match
    zero, one = adapter.observe(match, 0), adapter.observe(match, 1)
    assert data_equivalence(zero["floors"], one["floors"])
    assert np.array_equal(zero["hands"][1], one["hands"][0])
    assert np.array_equal(zero["hands"][0], one["hands"][2])
    seats = zero["public"][:32].reshape(4, 8), one["public"][:32].reshape(4, 8)
    assert np.array_equal(seats[0][1], seats[1][0])
    assert data_equivalence(zero["public"][32:], one["public"][32:])
    assert np.array_equal(zero["pieces"][:, :6], one["pieces"][:, :6])
    assert np.array_equal(zero["pieces"][:, 6:10].sum(axis=1), one["pieces"][:, 6:10].sum(axis=1))


def test_bad_parameters_are_refused_in_one_sentence() -> None:
    with pytest.raises(ValueError, match="players must be from 2 to 4"):
        crazy_tower_v0.raw_env(players=5)
    with pytest.raises(ValueError, match="players must be from 3 to 4"):
        crazy_tower_v0.raw_env(players=2, mode="saboteur")
    with pytest.raises(ValueError, match="mode must be one of competitive, saboteur"):
        crazy_tower_v0.raw_env(mode="solo")
    with pytest.raises(ValueError, match="challenge must be from 1 to 20"):
        crazy_tower_solo(challenge=21)
    with pytest.raises(ValueError, match="played with 3 or 4 colours"):
        CrazyTowerAdapter.solo(3, None, physics_of("default"), colour_count=2)
    with pytest.raises(ValueError, match="unknown dexterity profile"):
        crazy_tower_solo(hand="octopus")
    with pytest.raises(ValueError, match="unknown physics profile"):
        crazy_tower_solo(physics="moon")
