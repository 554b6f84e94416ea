"""The match contract (simulator/games/match.py) for every registered game, Tiny Tower
included: a match from the registry's parts, played by its computer players, keeps its
log, copies and rebuilds exactly, undoes by truncating, and a refused action changes
nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.errors import IllegalMove
from simulator.games.match import Match, PhysicalMatch
from simulator.games.registry import GAMES
from simulator.games.runner import GameScenario, perform
from simulator.replay import load_scenario

MOVES = 6  # computer decisions: a few actions of every game, quickly
SUMMARY_KEYS = {"players", "scores", "winners", "over", "end_reason", "turns"}


def _scenario(kind: str, tmp_path: Path) -> GameScenario:
    document = {
        "format": "towersim/1",
        "kind": kind,
        "seed": 3,
        "setup": {"players": ["Ann", "Ben"]},
        "action": [{"type": "computer", "moves": MOVES}],
    }
    path = tmp_path / f"{kind}.json"
    path.write_text(json.dumps(document))
    scenario = load_scenario(path).scenario
    assert isinstance(scenario, GameScenario)
    return scenario


def _played(kind: str, tmp_path: Path) -> tuple[GameScenario, Match]:
    scenario = _scenario(kind, tmp_path)
    match = scenario.new_match()
    for index, action in enumerate(scenario.actions):
        perform(match, action, index, scenario.header.seed)
    assert match.kind == kind and match.action_count >= 2
    return scenario, match


@pytest.fixture(params=GAMES.kinds())
def played(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[GameScenario, Match]:
    return _played(request.param, tmp_path)


def test_a_copy_is_exact_and_independent(played: tuple[GameScenario, Match]) -> None:
    scenario, match = played
    twin = match.copy()
    assert twin.state_hash() == match.state_hash() and twin.actions == match.actions
    before = match.state_hash()
    perform(twin, {"type": "computer", "moves": 1}, 1, scenario.header.seed)
    assert match.state_hash() == before
    if isinstance(match, PhysicalMatch):
        assert twin.world is not match.world
        scratch = match.scratch_copy()
        assert scratch.actions == [] and scratch.world is not match.world


def _bodies(match: Match) -> list[tuple[str, tuple[float, ...]]]:
    world = getattr(match, "world", None)
    entries = world.entries if world is not None else []
    return [(e.id, (*e.body.position, e.body.angle, *e.body.velocity)) for e in entries]


def test_a_scratch_copy_is_the_game_as_it_stands_and_a_rehearsal_changes_nothing(
    played: tuple[GameScenario, Match],
) -> None:
    """A bot rehearses on scratch copies: each starts where the game stands (the rules
    state exactly; pymunk's copy of a body may round its position in the last bit) and
    nothing done to it, however deep, reaches the game it advises."""
    scenario, match = played
    before = (match.state_hash(), _bodies(match), match.actions, match.events())
    twin = match.scratch_copy()
    assert twin.state == match.state and twin.actions == []
    assert [(i, pytest.approx(b, abs=1e-12)) for i, b in _bodies(twin)] == before[1]
    perform(twin, {"type": "computer", "moves": 2}, 1, scenario.header.seed)
    state = twin.state
    for value in vars(state).values():  # every container of the rules state, emptied
        if isinstance(value, list | dict):
            value.clear()
    if isinstance(twin, PhysicalMatch):
        for entry in twin.world.entries:
            entry.body.position = (entry.body.position.x + 5.0, entry.body.position.y)
        twin.world.step(30)
    assert (match.state_hash(), _bodies(match), match.actions, match.events()) == before


def test_rebuilding_from_the_log_changes_nothing(played: tuple[GameScenario, Match]) -> None:
    _, match = played
    before, actions = match.state_hash(), match.actions
    match.rebuild()
    assert match.state_hash() == before and match.actions == actions


def test_truncating_is_replaying_the_kept_actions(played: tuple[GameScenario, Match]) -> None:
    scenario, match = played
    kept = match.actions[:1]
    fresh = scenario.new_match()
    for action in kept:
        fresh.perform(action)
    match.truncate(1)
    assert match.actions == kept and match.state_hash() == fresh.state_hash()
    with pytest.raises(ValueError, match="the log has 1 actions"):
        match.truncate(5)


def test_a_refused_action_changes_nothing_and_is_an_event(
    played: tuple[GameScenario, Match],
) -> None:
    scenario, match = played
    before, count = match.state_hash(), match.action_count
    refused = {"type": "no-such-move", "player": "Ann"}
    with pytest.raises(IllegalMove):
        match.perform(refused)
    perform(match, refused, 7, scenario.header.seed)
    assert match.state_hash() == before and match.action_count == count
    event = match.events()[-1]
    assert (event["type"], event["action"], event["player"]) == ("refused", 8, "Ann")


def test_the_summary_has_the_report_fields(played: tuple[GameScenario, Match]) -> None:
    _, match = played
    summary = match.summary()
    assert set(summary) >= SUMMARY_KEYS
    assert summary["players"] == ["Ann", "Ben"] and set(summary["scores"]) == {"Ann", "Ben"}
    assert len(match.state_hash()) == 64


def test_the_outcome_is_the_rules_and_agrees_with_the_summary(
    played: tuple[GameScenario, Match],
) -> None:
    _, match = played
    outcome = match.outcome()
    summary = match.summary()
    assert outcome.over == summary["over"]
    assert sorted(outcome.winners) == sorted(summary["winners"])
    engine = GAMES.get(match.kind).load("engine")
    assert outcome == engine.outcome(match.state)
