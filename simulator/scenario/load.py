"""From a path to a validated scenario, or one ScenarioError line; and running it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.games.registry import game_kinds, game_module
from simulator.scenario.document import read_document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.fields import Table
from simulator.scenario.header import parse_header, parse_physics
from simulator.scenario.sandbox import parse_sandbox, run_sandbox


@dataclass(frozen=True)
class Loaded:
    kind: str
    scenario: Any  # the kind's own scenario object

    def run(self) -> dict[str, Any]:
        if self.kind == "sandbox":
            return run_sandbox(self.scenario)
        return game_module(self.kind, "scenario").run(self.scenario)


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
