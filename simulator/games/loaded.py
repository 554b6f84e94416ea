"""Any scenario file, loaded: the sandbox's or a registered game's, validated and ready
to run. Here, below ``replay`` and the CLI, so that saves and Filled In's sheet files
load a scenario without importing the command that replays them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.games.registry import GAMES
from simulator.games.runner import run
from simulator.physics.profile import PhysicsProfile
from simulator.physics.world import OnWorld
from simulator.scenario import budget as budgets
from simulator.scenario.document import Document, read_document
from simulator.scenario.load import open_document
from simulator.scenario.sandbox import parse_sandbox, run_sandbox

SANDBOX = "sandbox"


@dataclass(frozen=True)
class Loaded:
    """A validated scenario of any kind, ready to run."""

    kind: str
    scenario: Any  # the kind's own scenario object

    def run(
        self, settings: PhysicsProfile | None = None, on_world: OnWorld | None = None
    ) -> dict[str, Any]:
        """Run it: ``settings`` replaces the scenario's physics (profile, materials, hand),
        ``on_world`` is handed each world the run builds as its main one (not a bot's
        rollouts), the last being the final world; the report is returned."""
        if self.kind == SANDBOX:
            return run_sandbox(self.scenario, settings, on_world)
        return run(self.scenario, settings, on_world)

    def check_budget(self, factor: float = 1.0) -> None:
        """Raise OverBudget if the run would cost more than ``factor`` times the
        budget (its work is estimated from the file, before anything runs)."""
        if self.kind == SANDBOX:
            work = budgets.sandbox_work(self.scenario)
            budgets.check(work, budgets.SANDBOX_LIMIT, factor, "body-steps x iterations")
            return
        physical: frozenset[str] = getattr(type(self.scenario), "PHYSICAL_ACTIONS", frozenset())
        work = budgets.game_work(self.scenario.actions, physical, self.scenario.profile)
        budgets.check(work, budgets.GAME_LIMIT, factor, "steps x iterations")


def load_scenario(path: str | Path) -> Loaded:
    """Read, validate and parse a scenario file of any kind; ScenarioError if bad."""
    return load_document(read_document(path))


def load_document(document: Document) -> Loaded:
    """As ``load_scenario``, for a document already read (or received over the network)."""
    opened = open_document(document, (SANDBOX, *GAMES.kinds()))
    root, header, profile = opened.root, opened.header, opened.profile
    if header.kind == SANDBOX:
        return Loaded(SANDBOX, parse_sandbox(root, header, profile))
    parse = GAMES.get(header.kind).load("setup")
    return Loaded(header.kind, parse(root, header, profile))
