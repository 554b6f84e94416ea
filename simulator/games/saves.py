"""The app's saves, for every game kind: one way to write them and one way to load them.

A save *is* a scenario file of its game's kind (``scenario_document``): the setup, every
accepted action (live moves with their recorded hand paths), the state hash reached and
the app's seats and hand, so ``towersim replay SAVE`` reproduces the game headless.
Loading replays it exactly as ``towersim replay`` does and then checks the state hash
the file records, so an edited or damaged save is refused, not half-believed. A refused
action changes nothing, as the scenario format says: shipped scenarios that show a
refusal load like any other; when the hash is not reached, the first refused action is
named, since that is where such a file usually went wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from simulator.games.loaded import Loaded, load_scenario
from simulator.games.match import Match
from simulator.games.record import write_scenario
from simulator.games.registry import GAMES
from simulator.games.runner import perform
from simulator.physics.world import PlacementRefused
from simulator.scenario.budget import OverBudget
from simulator.scenario.errors import ScenarioError

SAVED_BY = "Saved by towersim app; replays headless to the same state."

M = TypeVar("M", bound=Match)


@dataclass(frozen=True)
class Saved(Generic[M]):
    """A game as a save holds it: the match replayed, its seed, and the app's seats."""

    match: M
    seed: int
    computers: dict[str, str] | None = None  # player name -> bot level; None: the file has none
    hand: str | None = None  # the human hand's dexterity profile; None: exact


def document(
    match: Match,
    *,
    name: str,
    computers: Mapping[str, str] | None = None,
    hand: str | None = None,
) -> dict[str, Any]:
    """The save of ``match`` as a scenario document (what ``save`` writes)."""
    build = GAMES.get(match.kind).load("document")
    return build(match, name=name, description=SAVED_BY, computers=computers, hand=hand)


def save(
    path: Path,
    match: Match,
    *,
    name: str,
    computers: Mapping[str, str] | None = None,
    hand: str | None = None,
) -> None:
    """Write the save atomically (TOML, or JSON for a .json name); OSError if it cannot."""
    write_scenario(path, document(match, name=name, computers=computers, hand=hand))


def load_saved(path: str | Path, kind: str | None = None) -> Saved[Match]:
    """The game a save (or any game scenario) holds, its actions replayed; ``kind``, if
    given, is the only game accepted. ScenarioError (one line naming the file) for a
    file that is unreadable or invalid, of another kind, or that does not reach the
    state hash it records."""
    return replay_saved(str(path), load_scenario(path), kind)


def replay_saved(name: str, loaded: Loaded, kind: str | None = None) -> Saved[Match]:
    """As ``load_saved``, for a scenario already loaded (a received one: ``name`` says
    where it came from in the messages)."""
    if loaded.kind not in GAMES.kinds():
        raise ScenarioError(name, f"a {loaded.kind} scenario is not a game to play on")
    if kind is not None and loaded.kind != kind:
        title = GAMES.get(kind).title
        raise ScenarioError(name, f"a {loaded.kind} scenario is not a {title} game")
    try:  # the window waits for a load: a file that would take hours is refused first
        loaded.check_budget()
    except OverBudget as exc:
        raise ScenarioError(name, f"too much work to load: {str(exc).split(';')[0]}") from None
    scenario = loaded.scenario
    match = scenario.new_match()
    try:
        for index, action in enumerate(scenario.actions):
            perform(match, action, index, seed=scenario.header.seed)
    except PlacementRefused as exc:  # as replay says it: a piece the world cannot take
        raise ScenarioError(name, exc.reason) from None
    wanted = scenario.expect.state_hash
    if wanted is None and scenario.header.description == SAVED_BY:
        # Every save records its state hash (before its actions): this one lost its end.
        raise ScenarioError(name, "the save is cut short: its state_hash and actions are lost")
    if wanted is not None and wanted != match.state_hash():
        raise ScenarioError(name, _not_reached(match))
    return Saved(match, scenario.header.seed, scenario.computers, scenario.hand)


def _not_reached(match: Match) -> str:
    message = "the actions do not lead to the state_hash it records (edited or damaged)"
    refused = [event for _, event in match.notices if event["type"] == "refused"]
    if refused:
        first = refused[0]
        message += f"; action #{first['action']} is refused by the rules: {first['reason']}"
    return message
