"""The head every game's [[action]] shares: its type and the acting player."""

from __future__ import annotations

from typing import Any

from simulator.scenario.fields import Table

# The action that lets seeded computer players decide; it plays every seat, so it names
# no player.
COMPUTER = "computer"


def action_head(table: Table, kinds: tuple[str, ...], players: list[str]) -> dict[str, Any]:
    """``{"type": ..., "player": ...}`` read and checked from one [[action]] table."""
    kind = table.string("type", required=True, choices=kinds)
    assert kind is not None
    action: dict[str, Any] = {"type": kind}
    player = table.string("player", required=kind != COMPUTER)
    if player is not None:
        if kind == COMPUTER:
            table.fail("the computer plays every seat; it takes no player", "player")
        if player not in players:
            table.fail(f"{player!r} is not one of the players ({', '.join(players)})", "player")
        action["player"] = player
    return action
