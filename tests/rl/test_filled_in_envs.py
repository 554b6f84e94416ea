"""LOTS: Filled In as a PettingZoo environment: the ecosystem's own checks, whole games
that the same seeds reproduce, masks that are exactly the rules' legal moves (a
placement chosen in steps), refusals, scenario files, and what each seat may not see."""

from __future__ import annotations

import hashlib
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import api_test, max_cycles_test, seed_test

from rules.filled_in.choices import crew_variants, hand_faces, unused_crew_effect
from rules.filled_in.crafting import craft_options
from rules.filled_in.engine import ENGINE
from rules.filled_in.moves import apply_move
from rules.filled_in.options import FilledInOptions
from rules.filled_in.placement import neighbours, placement_problem
from rules.filled_in.state import PLACE
from rules.filled_in.steps import spots as every_spot
from rules.filled_in.turns import legal_moves, to_move
from simulator.replay import replay_file
from simulator.rl.errors import InvalidAction
from simulator.rl.filled_in import NOTHING, Drawing, FilledInAdapter, FilledInTable
from simulator.rl.multi import filled_in_v0
from tests.rl.env_checks import digest_aec_episode

NAMES = ("player_0", "player_1", "player_2")


def test_pettingzoo_api_test_passes() -> None:
    api_test(filled_in_v0.env(players=2, max_cycles=60), num_cycles=60)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: filled_in_v0.env(players=3, variant="remote", max_cycles=40), num_cycles=40)


def test_pettingzoo_max_cycles_test_passes() -> None:
    # PettingZoo's test samples actions without the mask: refused ones spend the step.
    module = types.SimpleNamespace(env=filled_in_v0.env, parallel_env=filled_in_v0.parallel_env)
    max_cycles_test(module)


def _whole_games(env: Any, seed: int, games: int) -> list:
    """Whole games of masked random actions: everything the env returned."""
    trace = []
    rng = np.random.default_rng(seed)
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            trace.append((agent, obs, reward, terminated, truncated, info))
            assert "refused" not in info  # every masked-in action is one the rules take
            legal = np.flatnonzero(obs["action_mask"])
            env.step(None if terminated or truncated else int(rng.choice(legal)))
        assert env.episode.over
    return trace


@pytest.mark.parametrize(
    ("players", "variant", "sheet"), [(2, "standard", 1), (3, "remote", 3), (4, "standard", 5)]
)
def test_the_same_seeds_give_the_same_whole_games_in_two_envs(
    players: int, variant: str, sheet: int
) -> None:
    def make() -> Any:
        return filled_in_v0.raw_env(players=players, variant=variant, sheet=sheet)

    first = _whole_games(make(), 11, 2)
    second = _whole_games(make(), 11, 2)
    assert len(first) == len(second) > 100
    assert data_equivalence(first, second, exact=True)


def _episode_digest(players: int, variant: str, sheet: int, seed: int) -> str:
    """SHA-256 of one seeded game of masked random actions: every agent's reward,
    ending, info and observation, in order."""
    digest = hashlib.sha256()
    env = filled_in_v0.raw_env(players=players, variant=variant, sheet=sheet)
    digest_aec_episode(digest, env, seed)
    return digest.hexdigest()


@pytest.mark.parametrize(
    ("players", "variant", "sheet", "seed", "digest"),
    [
        (2, "standard", 1, 11, "ca25061209d7a13f64fb3297517994162362f1b887e70d63f508ac54d16e790e"),
        (3, "remote", 3, 5, "1d5e7a3305c71efc2fc027665fdc71762f44bba2964e9b15d33c83eea98a3dce"),
        (4, "standard", 5, 7, "7d8d4fe888effdc53a55a4353bac6902c10ee95ef3b870ac7c560c8d08d5c453"),
    ],
)
def test_seeded_games_are_the_ones_they_always_were(
    players: int, variant: str, sheet: int, seed: int, digest: str
) -> None:
    """Observations, masks, rewards and infos of seeded games, pinned: they do not move
    when the code that computes them does."""
    assert _episode_digest(players, variant, sheet, seed) == digest


def test_another_seed_gives_another_game_and_no_seed_draws_from_the_env() -> None:
    a, b = filled_in_v0.raw_env(), filled_in_v0.raw_env()
    roll = a.adapter.catalogue.index(("roll",))
    a.reset(seed=1)
    b.reset(seed=2)
    a.step(roll)
    b.step(roll)
    assert a.episode.match.state.faces != b.episode.match.state.faces


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    env = filled_in_v0.raw_env(players=2, invalid_action="raise")
    env.reset(seed=4)
    mask = env.observe("player_0")["action_mask"]
    before = env.episode.match.state_hash()
    illegal = int(np.flatnonzero(mask == 0)[5])
    with pytest.raises(InvalidAction, match=r"is not legal now"):
        env.step(illegal)
    with pytest.raises(InvalidAction, match=r"outside the action space"):
        env.step(10**6)
    with pytest.raises(InvalidAction, match=r"whole number"):
        env.step("roll")
    assert env.episode.match.state_hash() == before
    env.step(int(np.flatnonzero(mask)[0]))  # still usable: the roll
    assert env.episode.match.action_count == 1


def test_by_default_a_refused_action_costs_the_penalty_and_says_why() -> None:
    env = filled_in_v0.raw_env(players=2)
    env.reset(seed=4)
    obs = env.observe("player_0")
    draw = env.adapter.catalogue.index(("draw", "L", 0, 0, 0))
    env.step(draw)
    _, reward, terminated, _, _ = env.last()  # player_1 now; the refusal is player_0's
    assert env.rewards["player_0"] == -1.0 and not terminated
    assert "not legal now" in env.infos["player_0"]["refused"]
    assert reward == 0.0 and data_equivalence(obs, env.observe("player_0"))


def test_every_seat_waits_but_those_the_rules_wait_for() -> None:
    env = filled_in_v0.raw_env(players=3)
    env.reset(seed=2)
    waiting = env.adapter.catalogue.index(("wait",))
    rng = np.random.default_rng(1)
    placing = 0
    for agent in env.agent_iter(200):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        movers = to_move(env.episode.match.state)
        mask = obs["action_mask"]
        assert bool(mask[waiting]) == (agent not in movers)
        assert mask.sum() >= 1 and (mask.sum() == 1 or not mask[waiting])
        placing = max(placing, len(movers))
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert placing == 3  # the place phase waits for every seat at once


# -- the mask is exactly the rules' legal moves -----------------------------------------


def _supported(
    spec: Any, filled: frozenset, shape: str, cells: tuple, purples: tuple, free: bool, left: int
) -> bool:
    """Brute force: some purple spaces (at most ``left`` more) make the rules accept
    the block with ``purples``. Only a chain of boxes ending next to what is drawn can
    help, so the extra ones are sought next to the block and to each other."""
    if placement_problem(spec, filled, shape, cells, purples, free=free) is None:
        return True
    if left < 1:
        return False
    taken = filled | set(cells) | set(purples)
    near = {n for c in (*cells, *purples) for n in neighbours(c)} & spec.boxes
    return any(
        _supported(spec, filled, shape, cells, (*purples, d), free, left - 1) for d in near - taken
    )


def _check_place_masks(adapter: FilledInAdapter, match: FilledInTable, seat: int) -> int:
    """Compare every mask of ``seat``'s placement with the rules: the crafts, the
    drawings of each (placement_problem, by brute force), the purple spaces and done of
    one in seven drawings that need a purple space and one in 29 others (each finished
    move applied by the rules); then check each of the rules' legal moves is a sequence
    of masked-in actions. Returns how many drawings had their purple spaces checked."""
    state, cat = match.state, adapter.catalogue
    player, name = state.players[seat], adapter.players[seat]
    spec, filled = player.tower.spec, player.tower.filled()
    match.drawings[seat] = NOTHING
    crafts = {cat.entries[i] for i in np.flatnonzero(adapter.legal(match, seat))}
    expected = set()
    for crew, swap in crew_variants(player):
        effect = unused_crew_effect(player) if crew else None
        for shape, colour in craft_options(*hand_faces(state, player, swap), effect):
            expected.add(("craft", shape, colour, crew, swap))
    assert crafts <= expected and crafts
    rules: dict[tuple, list] = {}  # the drawings the rules allow, by shape, free, room
    checked = 0
    placing = ENGINE.placing(state, name)
    index = adapter._draw_index[player.tower.sheet]
    for craft in sorted(expected, key=str):
        terms = placing.terms(craft[1:])
        shape, free, room = terms
        spots = every_spot(player.tower.sheet, shape)
        if terms not in rules:
            rules[terms] = [
                spot.boxes.isdisjoint(filled)
                and _supported(spec, filled, shape, spot.cells, (), free, room)
                for spot in spots
            ]
            for k, spot in enumerate(spots):
                alone = placement_problem(spec, filled, shape, spot.cells, free=free) is None
                if rules[terms][k] and k % (7 if not alone else 29) == 0:
                    drawing = Drawing(craft[1:], spot.cells)
                    _check_purples(adapter, match, seat, drawing, room)
                    checked += 1
        match.drawings[seat] = Drawing(craft=craft[1:])
        mask = adapter.legal(match, seat)
        assert [bool(mask[index[spot.cells]]) for spot in spots] == rules[terms], craft
        assert (craft in crafts) == any(rules[terms]) and mask.sum() == sum(rules[terms])
    for move in legal_moves(state, name):
        craft, draw, _ = adapter.entries_of_move(move)
        match.drawings[seat] = NOTHING
        assert adapter.legal(match, seat)[cat.index(craft)], craft
        match.drawings[seat] = Drawing(craft[1:])
        assert adapter.legal(match, seat)[cat.index(draw)], draw
        cells = tuple(sorted(tuple(c) for c in move["cells"]))
        assert placing.complete(craft[1:], cells, ())  # done, or drawn
    match.drawings[seat] = NOTHING
    return checked


def _check_purples(
    adapter: FilledInAdapter, match: FilledInTable, seat: int, drawing: Drawing, room: int
) -> None:
    """Each purple space the mask offers has a legal finish, each it refuses has none;
    done is offered exactly when the rules take the move as it is, and that move is
    applied by the rules; one masked-in purple space is followed further."""
    state, cat = match.state, adapter.catalogue
    player = state.players[seat]
    spec, filled = player.tower.spec, player.tower.filled()
    placing = ENGINE.placing(state, player.name)
    shape, free, _ = placing.terms(drawing.craft)
    match.drawings[seat] = drawing
    mask = adapter.legal(match, seat)
    left = room - len(drawing.purples)
    taken = filled | set(drawing.cells) | set(drawing.purples)
    for cell in sorted(spec.boxes - taken) if left >= 1 else ():
        purples = (*drawing.purples, cell)
        ok = _supported(spec, filled, shape, drawing.cells, purples, free, left - 1)
        assert bool(mask[cat.index(("purple", *cell))]) == ok, (drawing, cell)
    done = placement_problem(spec, filled, shape, drawing.cells, drawing.purples, free=free)
    assert bool(mask[cat.index(("done",))]) == (done is None)
    offered = [cat.entries[i] for i in np.flatnonzero(mask) if cat.entries[i][0] == "purple"]
    if done is None:
        apply_move(state, adapter._move(match, seat, drawing))  # the rules take it
        assert offered or not placing.purples(drawing.craft, drawing.cells, drawing.purples)
    else:
        assert offered  # no dead end
    if offered and len(drawing.purples) < 1:
        entry = offered[len(offered) // 2]
        nxt = Drawing(drawing.craft, drawing.cells, (*drawing.purples, (entry[1], entry[2])))
        _check_purples(adapter, match, seat, nxt, room)


def _random_action(adapter: FilledInAdapter, match: FilledInTable, rng: Any) -> None:
    """One masked random action of a seat the rules wait for."""
    seats = adapter.to_act(match)
    seat = seats[int(rng.integers(len(seats)))]
    legal = np.flatnonzero(adapter.legal(match, seat))
    adapter.perform(match, seat, int(rng.choice(legal)), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("crew", "sheet", "seed"),
    [
        (("foreman", "crane-operator", "scavenger"), 3, 5),
        (("painter", "architect", "surveyor"), 2, 8),
    ],
)
def test_the_masks_are_exactly_the_rules_legal_moves(crew: tuple, sheet: int, seed: int) -> None:
    adapter = FilledInAdapter(NAMES, sheet=sheet, waiting=True)
    match = FilledInTable(FilledInOptions(players=NAMES, sheet=sheet, seed=seed, crew=crew))
    rng = np.random.default_rng(seed)
    checked = rounds = 0
    while not match.over and rounds < 6:
        state = match.state
        for seat, name in enumerate(NAMES):
            mask = adapter.legal(match, seat)
            if state.phase != PLACE:
                rules = {tuple(adapter.entries_of_move(m)) for m in legal_moves(state, name)}
                ours = {(adapter.catalogue.entries[i],) for i in np.flatnonzero(mask)}
                assert ours == rules
        if state.phase == PLACE and all(d == NOTHING for d in match.drawings):
            for seat in adapter.to_act(match):
                checked += _check_place_masks(adapter, match, seat)
            rounds += 1
        _random_action(adapter, match, rng)
    assert checked > 150


def test_crew_cards_are_played_and_placements_lean_on_purple_spaces() -> None:
    """Whole games at the adapter with masked random actions: every placement the masks
    allow is one the rules take, the crew cards among them, and blocks that touch only
    the turn's purple spaces are offered and drawn."""
    adapter = FilledInAdapter(NAMES, sheet=1, waiting=True)
    leaning, effects = 0, set()
    for seed in range(4):
        crew = ("foreman", "crane-operator", "scavenger") if seed % 2 else None
        match = FilledInTable(FilledInOptions(players=NAMES, sheet=1, seed=seed, crew=crew))
        rng = np.random.default_rng(seed)
        while not match.over:
            _random_action(adapter, match, rng)
        played = [e for e in match.state.events if e["type"] == "crew"]
        effects |= {e["effect"] for e in played}
        floating = {(e["player"], e["turn"]) for e in played if e["effect"] == "free_placement"}
        for p in match.state.players:
            filled: set = set()
            for block in p.tower.blocks:
                cells = set(block.cells)
                touch = {n for c in cells for n in neighbours(c)}
                alone = touch & filled or any(r == 0 for r, _ in cells)
                if not alone and (p.name, block.round) not in floating:
                    leaning += 1  # it touches nothing but this turn's purple spaces
                filled |= cells | {q.cell for q in p.tower.purples if q.round == block.round}
    assert {"extra_purple", "free_placement", "swap_leftover"} <= effects and leaning >= 3


# -- files and hidden information -------------------------------------------------------


def test_a_whole_game_writes_a_scenario_that_replays_to_the_same_hash(tmp_path: Path) -> None:
    env = filled_in_v0.raw_env(players=3, variant="remote", sheet=[1, 4, 5])
    env.reset(seed=21)
    rng = np.random.default_rng(3)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    assert env.episode.over
    path = env.write_scenario(tmp_path / "episode.toml")
    report = replay_file(str(path))
    assert report["ok"], report
    assert report["state_hash"] == env.episode.match.state_hash()


def _seat_zero_sees(crew: tuple) -> tuple[list, list]:
    """Seat 0's and seat 1's observations over the same actions, crew cards pinned."""
    adapter = FilledInAdapter(NAMES, waiting=True)
    match = FilledInTable(FilledInOptions(players=NAMES, seed=3, crew=crew))
    rng = np.random.default_rng(0)
    zero, one = [], []
    for _ in range(60):
        zero.append(adapter.observe(match, 0))
        one.append(adapter.observe(match, 1))
        seats = adapter.to_act(match)
        seat = seats[int(rng.integers(len(seats)))]
        legal = np.flatnonzero(adapter.legal(match, seat))
        index = int(legal[0])
        if adapter.catalogue.entries[index][0] == "craft" and adapter.catalogue.entries[index][3]:
            index = next(
                int(i) for i in legal if not adapter.catalogue.entries[int(i)][3]
            )  # keep every card unplayed
        adapter.perform(match, seat, index, None)  # type: ignore[arg-type]
    return zero, one


def test_a_seat_never_sees_another_seats_unplayed_crew_card() -> None:
    zero_a, one_a = _seat_zero_sees(("painter", "architect", "surveyor"))
    zero_b, one_b = _seat_zero_sees(("painter", "scavenger", "surveyor"))
    assert data_equivalence(zero_a, zero_b, exact=True)
    assert not data_equivalence(one_a, one_b)  # its own card is in its own view


def _place(adapter: FilledInAdapter, match: FilledInTable, seat: int) -> None:
    """``seat`` draws the first block its masks offer, with a purple space only if the
    block needs one."""
    drawn = len(match.state.players[seat].tower.blocks)
    while len(match.state.players[seat].tower.blocks) == drawn:
        legal = np.flatnonzero(adapter.legal(match, seat))
        plain = [i for i in legal if adapter.catalogue.entries[i][0] != "purple"]
        adapter.perform(match, seat, int((plain or legal)[0]), None)  # type: ignore[arg-type]


def test_while_the_seats_draw_they_see_the_others_sheets_as_the_placing_began() -> None:
    adapter = FilledInAdapter(NAMES[:2], waiting=True)
    match = FilledInTable(FilledInOptions(players=NAMES[:2], seed=6))
    rng = np.random.default_rng(2)
    for _ in range(3):  # three rounds (or to the end)
        while match.state.phase != PLACE:
            _random_action(adapter, match, rng)
        before = adapter.observe(match, 1)
        # seat 0 crafts and draws: seat 1 sees nothing of it until the round ends
        legal = np.flatnonzero(adapter.legal(match, 0))
        adapter.perform(match, 0, int(legal[0]), None)  # type: ignore[arg-type]
        assert match.drawings[0] != NOTHING
        assert data_equivalence(before, adapter.observe(match, 1), exact=True)
        _place(adapter, match, 0)
        assert match.state.phase == PLACE and match.state.players[0].placed
        assert data_equivalence(before, adapter.observe(match, 1), exact=True)
        own = adapter.observe(match, 0)["sheets"][0]
        assert not np.array_equal(own, before["sheets"][1])
        _place(adapter, match, 1)
        if match.over:
            break
        assert np.array_equal(adapter.observe(match, 1)["sheets"][1], own)  # now it shows


def test_bad_parameters_are_refused_in_one_sentence() -> None:
    with pytest.raises(ValueError, match="players must be from 2 to 4"):
        filled_in_v0.raw_env(players=1)
    with pytest.raises(ValueError, match="unknown variant"):
        filled_in_v0.raw_env(variant="postal")
    with pytest.raises(ValueError, match="option sheet must be one of 1, 2, 3, 4, 5"):
        filled_in_v0.raw_env(sheet=9)
    with pytest.raises(ValueError, match="one sheet for everybody or one per player"):
        filled_in_v0.raw_env(players=3, sheet=[1, 2])
    with pytest.raises(ValueError, match="max_cycles must be"):
        filled_in_v0.raw_env(max_cycles=0)
    with pytest.raises(TypeError):
        filled_in_v0.raw_env(hand="steady")  # nothing is simulated: no hand to give
