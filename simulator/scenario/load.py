"""From a path to a validated scenario, or one ScenarioError line; and running it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.games.registry import game_kinds, game_module
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import OnWorld
from simulator.scenario.document import read_document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.fields import Table
from simulator.scenario.header import parse_header, parse_physics
from simulator.scenario.sandbox import parse_sandbox, run_sandbox


@dataclass(frozen=True)
class Loaded:
    kind: str
    scenario: Any  # the kind's own scenario object

    def run(
        self, settings: PhysicsProfile | None = None, on_world: OnWorld | None = None
    ) -> dict[str, Any]:
        """Run it: ``settings`` replaces the scenario's physics (profile, materials, hand),
        ``on_world`` is handed each world the run builds as its main one (not a bot's
        rollouts), the last being the final world; the report is returned."""
        if self.kind == "sandbox":
            return run_sandbox(self.scenario, settings, on_world)
        return game_module(self.kind, "scenario").run(self.scenario, settings, on_world)


def load_scenario(path: str | Path) -> Loaded:
    doc = read_document(path)
    root = Table(doc, doc.data, "")
    header = parse_header(root)
    profile = parse_physics(root)
    if header.kind == "sandbox":
        return Loaded("sandbox", parse_sandbox(root, header, profile))
    if header.kind not in game_kinds():
        raise ScenarioError(
            doc.name, f'kind "{header.kind}" cannot be replayed by this version yet'
        )
    return Loaded(header.kind, game_module(header.kind, "scenario").parse(root, header, profile))
