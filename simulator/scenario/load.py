"""From a path to a validated scenario, or one ScenarioError line."""

from __future__ import annotations

from pathlib import Path

from simulator.scenario.document import read_document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.fields import Table
from simulator.scenario.header import parse_header, parse_physics
from simulator.scenario.sandbox import Sandbox, parse_sandbox


def load_scenario(path: str | Path) -> Sandbox:
    doc = read_document(path)
    root = Table(doc, doc.data, "")
    header = parse_header(root)
    profile = parse_physics(root)
    if header.kind != "sandbox":
        raise ScenarioError(
            doc.name,
            f'kind "{header.kind}" cannot be replayed by this version yet '
            "(only sandbox scenarios are supported)",
        )
    return parse_sandbox(root, header, profile)
