"""``[setup.computers]`` in a game scenario: the seats the app lets the computer play.

App saves write it (player name = bot level) so a loaded game seats its bots again; a
headless replay plays the recorded actions and does not need it.
"""

from __future__ import annotations

from simulator.bots.levels import LEVEL_NAMES
from simulator.scenario.fields import Table


def parse_computers(setup: Table, players: list[str]) -> dict[str, str] | None:
    """Player name -> bot level, or None when the file has no such table."""
    table = setup.table("computers")
    if table is None:
        return None
    table.label, table.header = "[setup] computers", None
    levels: dict[str, str] = {}
    for name in list(table.data):
        if name not in players:
            table.fail(f"{name!r} is not one of the players", name)
        levels[name] = str(table.string(name, choices=LEVEL_NAMES))
    table.finish()
    return levels
