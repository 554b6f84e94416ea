"""The budget on a replay's work: a run that would cost too much is refused before it
starts, with the estimate and the limit (docs/scenario-format.md, "The budget").

Work is counted in body-steps times solver iterations, the unit the physics pays for:
about three million a second on one core of the machine the limits were set on. A user
who means it raises the limit with ``towersim replay --budget FACTOR``.
"""

from __future__ import annotations

import math
from typing import Any

from simulator.physics.profile import PhysicsProfile
from simulator.scenario.sandbox import Sandbox

# A sandbox: bodies x steps x iterations. 200 million is about a minute of work; the
# largest shipped sandbox needs 6 million, a 2,000-body tower 243 million for 3 s.
SANDBOX_LIMIT = 200_000_000
# A game: steps x iterations over every placement and live path (its bodies are few).
# 300 million is five 100-placement games at the default physics, or about ten minutes.
GAME_LIMIT = 300_000_000
# Simulated seconds a placement by the hand is counted: its carry and a settle.
HAND_SECONDS = 5.0
# Decisions a "computer" action is counted as at most (and without ``moves``): a whole
# game's placements, since the game's rules end it there whatever ``moves`` says.
COMPUTER_DECISIONS = 100


class OverBudget(Exception):
    """The run's estimated work exceeds its limit; ``str()`` is the user's one line."""


def sandbox_work(sandbox: Sandbox) -> float:
    """Moving bodies x steps x iterations: the run, plus HAND_SECONDS per placement."""
    bodies = sum(not body.static for body in sandbox.bodies) + len(sandbox.places)
    seconds = sandbox.run.seconds + HAND_SECONDS * len(sandbox.places)
    return max(bodies, 1) * _steps(seconds, sandbox.profile)


def game_work(actions: list[dict[str, Any]], physical: frozenset[str], profile: Any) -> float:
    """Steps x iterations of every physical action (carried and settled) and live path.

    ``physical`` are the action types the hand carries out; a ``computer`` action counts
    its ``moves``, at most COMPUTER_DECISIONS, as placements when the game has any."""
    placements = 0
    path_steps = 0
    for action in actions:
        if action["type"] in physical:
            placements += 1
        elif action["type"] == "computer" and physical:
            placements += min(action.get("moves", COMPUTER_DECISIONS), COMPUTER_DECISIONS)
        path_steps += sum(row[0] for key in ("path", "cube_path") for row in action.get(key, ()))
    seconds = placements * (HAND_SECONDS + profile.settle_cap)
    return _steps(seconds, profile) + path_steps * profile.iterations


def _steps(seconds: float, profile: PhysicsProfile) -> float:
    return seconds / profile.dt * profile.iterations


def check(work: float, limit: float, factor: float, unit: str) -> None:
    """Raise OverBudget when ``work`` exceeds ``limit`` x ``factor``."""
    allowed = limit * factor
    if work > allowed:
        raise OverBudget(
            f"this run would cost about {work:.3g} {unit}, over the budget of {allowed:.3g}; "
            f"if you mean it, run it with --budget {math.ceil(work / limit)} or more"
        )
