"""A finished Tiny Tower game as a scenario document (the registry's ``document``)."""

from __future__ import annotations

from typing import Any

from simulator.games.record import pinned_physics, recorded_expect
from simulator.scenario.header import FORMAT, Header
from tests.games.tiny.match import TinyMatch


def document(match: TinyMatch, header: Header, report: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "kind": match.kind,
        "name": header.name,
        "description": "Recorded by towersim play tiny.",
        "seed": header.seed,
        "physics": pinned_physics(match.profile),
        "setup": {"players": list(match.state.players), "target": match.state.target},
        "action": match.actions,
        "expect": recorded_expect(report),
    }
