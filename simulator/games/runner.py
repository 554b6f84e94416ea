"""One scenario runner for every game kind: play a parsed scenario's actions on its match
and report what happened in the replay report's schema.

Each game parses its own [setup] and [[action]] tables into a ``GameScenario`` and says
how its match is built and how a ``computer`` action seats its players; everything after
that (applying actions, logging refusals, handing worlds to a watcher, the report) is
the same for all of them, and lives here once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

from rules.errors import IllegalMove
from simulator.games.actions import COMPUTER
from simulator.games.expect import GameExpect
from simulator.games.match import Match, PhysicalMatch
from simulator.games.registry import GAMES
from simulator.games.report import game_report
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import OnWorld, new_worlds
from simulator.scenario.header import Header


@dataclass(frozen=True)
class GameScenario:
    """What every game scenario holds once parsed; ``options`` is the game's own."""

    header: Header
    profile: PhysicsProfile
    options: Any
    actions: list[dict[str, Any]] = field(default_factory=list)
    expect: GameExpect = field(default_factory=GameExpect)
    computers: dict[str, str] | None = None  # seat name -> bot level (None: by the names)
    hand: str | None = None  # the app's human hand (a dexterity profile)

    def new_match(self) -> Match:
        """The game's match at its first state, built from ``options`` and ``profile``."""
        return GAMES.get(self.header.kind).load("match")(self)


def run(
    scenario: GameScenario, settings: PhysicsProfile | None = None, on_world: OnWorld | None = None
) -> dict[str, Any]:
    """Replay the scenario; ``settings`` replaces its physics (profile, materials, hand),
    ``on_world`` is handed each main world the match builds (the last is the final)."""
    started = time.perf_counter()
    scenario = replace(scenario, profile=settings) if settings is not None else scenario
    match = scenario.new_match()
    hand_over = new_worlds(on_world)
    physical = match if isinstance(match, PhysicalMatch) else None
    if physical is not None:
        hand_over(physical.world)
    for index, action in enumerate(scenario.actions):
        perform(match, action, index, seed=scenario.header.seed)
        if physical is not None:
            hand_over(physical.world)
    wall_ms = (time.perf_counter() - started) * 1000
    return report(match, scenario.header, scenario.profile, scenario.expect, wall_ms)


def perform(match: Match, action: dict[str, Any], index: int, seed: int) -> None:
    """Apply scenario action number ``index`` (0-based); a refused one becomes a
    "refused" event and changes nothing. A ``computer`` action lets the game's seeded
    legal random players decide (each game seats them its own way)."""
    try:
        if action["type"] == COMPUTER:
            GAMES.get(match.kind).load("players")(match, action, index, seed)
        else:
            match.perform(action)
    except IllegalMove as exc:
        match.refuse(action.get("player"), exc.reason, index + 1)


def report(
    match: Match, header: Header, profile: PhysicsProfile, expect: GameExpect, wall_ms: float
) -> dict[str, Any]:
    """The replay report of a match as it stands (docs/scenario-format.md)."""
    world = match.world if isinstance(match, PhysicalMatch) else None
    return game_report(
        header,
        profile,
        expect,
        steps=world.steps if world is not None else 0,
        sim_seconds=world.time if world is not None else 0.0,
        wall_ms=wall_ms,
        state_hash=match.state_hash(),
        events=match.events(),
        **match.summary(),
    )
