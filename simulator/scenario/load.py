"""From a path to a scenario's validated head: its document, format, kind and physics.

What the rest of a file means depends on its kind, and the kinds are the games'
business: ``simulator.replay`` dispatches to the sandbox or to the game registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simulator.physics.profile import PhysicsProfile
from simulator.scenario.document import Document, read_document
from simulator.scenario.fields import Table
from simulator.scenario.header import Header, parse_header, parse_physics


@dataclass(frozen=True)
class Opened:
    name: str  # the path as the user gave it, for messages
    root: Table
    header: Header
    profile: PhysicsProfile


def open_scenario(path: str | Path, kinds: tuple[str, ...]) -> Opened:
    """Read and check what every scenario shares; ScenarioError (one line) if bad.
    ``kinds`` are the kinds this build can run."""
    return open_document(read_document(path), kinds)


def open_document(doc: Document, kinds: tuple[str, ...]) -> Opened:
    """As ``open_scenario``, for a document already read (or received)."""
    root = Table(doc, doc.data, "")
    header = parse_header(root, kinds)
    return Opened(doc.name, root, header, parse_physics(root))
