"""The `replay --json` object for game kinds (docs/scenario-format.md), shared by every game."""

from __future__ import annotations

from typing import Any

from simulator.games.expect import GameExpect, failures
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.header import Header


def winner_field(over: bool, winners: list[str]) -> str | list[str] | None:
    """A name, a list of names for a shared win, or None if the game did not end."""
    if not over or not winners:
        return None
    return winners[0] if len(winners) == 1 else list(winners)


def game_report(
    header: Header,
    profile: PhysicsProfile,
    expect: GameExpect,
    *,
    steps: int,
    sim_seconds: float,
    wall_ms: float,
    state_hash: str,
    players: list[str],
    scores: dict[str, int],
    winners: list[str],
    over: bool,
    end_reason: str | None,
    events: list[dict[str, Any]],
    turns: int,
    **extra: Any,
) -> dict[str, Any]:
    report: dict[str, Any] = {
        "format": header.format,
        "kind": header.kind,
        "name": header.name,
        "ok": True,
        "expect": {"checked": expect.checked, "met": True, "failures": []},
        "physics": profile.report(),
        "profile": profile.name,
        "seed": header.seed,
        "steps": steps,
        "sim_seconds": sim_seconds,
        "wall_ms": wall_ms,
        "state_hash": state_hash,
        "players": players,
        "scores": scores,
        "winner": winner_field(over, winners),
        "end_reason": end_reason,
        "over": over,
        "events": events,
        "turns": turns,
        **extra,
    }
    problems = failures(expect, report)
    report["ok"] = not problems
    report["expect"].update(met=not problems, failures=problems)
    return report
