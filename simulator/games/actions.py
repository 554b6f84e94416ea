"""What every game's [[action]] shares: its type, the acting player, a live move's path."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from simulator.scenario.fields import Table
from simulator.scenario.ranges import MAX_PATH_SECONDS, PATH, TREMOR

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


def parse_action(
    root: Table,
    raw: Any,
    index: int,
    players: list[str],
    keys: Mapping[str, Sequence[str]],
    value: Callable[[Table, str], Any],
    required: Mapping[str, Sequence[str]] | None = None,
    check: Callable[[Table, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """[[action]] number ``index`` (``raw``, in ``root``'s file), read and checked: its
    type (one of ``keys``) and player, the keys its type needs (``required``), each of
    its type's ``keys`` read by ``value`` (None, JSON null, leaves a key out), then
    ``check`` on the whole action, before a key no type reads is refused."""
    table = Table(root.doc, raw, f"action #{index + 1}", header=("action", index))
    action = action_head(table, tuple(keys), players)
    kind = action["type"]
    for key in (required or {}).get(kind, ()):
        if table.data.get(key) is None:
            table.fail(f"a {kind} action needs {key!r}")
    for key in keys[kind]:
        read = value(table, key) if table.has(key) else None
        if read is not None:  # JSON null: the key left out
            action[key] = read
    if check is not None:
        check(table, action)
    table.finish()
    return action


def hand_path(table: Table, key: str, *, mirrored: bool, dt: float) -> list[list[Any]] | None:
    """A live move's hand targets, as the app records them: [steps, x, y, angle degrees]
    rows (LOTS adds mirrored 0/1), each value within its range and at most
    ``MAX_PATH_SECONDS`` of simulated time at ``dt`` in all, so no path can hang a replay."""
    width = 5 if mirrored else 4
    names = "steps, x, y, angle, mirrored" if mirrored else "steps, x, y, angle"
    message = f"must be a list of [{names}] rows (the app records them)"
    rows = table._get(key, False)
    if rows is None:  # JSON null: no path
        return None
    if not isinstance(rows, list) or not rows:
        table.fail(message, key)
    out: list[list[Any]] = []
    for row in rows:
        if not isinstance(row, list) or len(row) != width:
            table.fail(message, key)
        values = [table._as_number(v, key, message) for v in row]
        if values[0] < 0 or values[0] != int(values[0]) or values[4:] not in ([], [0], [1]):
            table.fail(message, key)
        x, y, angle = (table.within(values[i], key, PATH[n], n) for i, n in _PATH_PARTS)
        out.append([int(values[0]), x, y, angle, *(int(v) for v in values[4:])])
    most = int(MAX_PATH_SECONDS / dt)
    total = sum(row[0] for row in out)
    if total > most:
        table.fail(
            f"the hand's path lasts {total} steps, more than {MAX_PATH_SECONDS / 60:g} minutes "
            f"of simulated time ({most} steps)",
            key,
        )
    return out


_PATH_PARTS = ((1, "x"), (2, "y"), (3, "angle"))


def live_target(x: float, y: float, angle: float) -> tuple[float, float, float]:
    """A live move's hand target kept within the ranges ``hand_path`` reads a save with,
    so the app never records a path its own loader would refuse."""
    return PATH["x"].clamp(x), PATH["y"].clamp(y), PATH["angle"].clamp(angle)


def path_steps_left(path: list[list[Any]], dt: float) -> int:
    """Steps a live path may still record before it reaches ``MAX_PATH_SECONDS``."""
    return max(0, int(MAX_PATH_SECONDS / dt) - sum(int(row[0]) for row in path))


def tremor_value(table: Table, key: str) -> list[float | int] | None:
    """A placement's tremor (hand model 2), as the bots record it: [rms_cm, hz, band_hz,
    seed], each within its range (docs/scenario-format.md)."""
    message = f"must be [{', '.join(TREMOR)}] (hand model 2 records it)"
    row = table._get(key, False)
    if row is None:  # JSON null: a steady hand
        return None
    if not isinstance(row, list) or len(row) != len(TREMOR):
        table.fail(message, key)
    return [
        table.within(value, key, bounds, name)
        for value, (name, bounds) in zip(row, TREMOR.items(), strict=True)
    ]
