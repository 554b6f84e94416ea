"""A player's bank as the panel lays it out, and the blocks the number keys pick (the
panel numbers exactly those). No pyglet: the turn reads it as the panel does."""

from __future__ import annotations

from typing import Any

from simulator.app.crazy_tower.facts import PLACING, Seen, piece, placeable, seen


def bank_rows(state: Seen, name: str) -> list[list[str]]:
    """A player's bank as the panel shows it: a row a colour, the player's own colours
    first, then any received in an exchange."""
    player = state["players"][name]
    hand = player["hand"]
    colour = {block: piece(block)["colour"] for block in hand}
    shades = dict.fromkeys([*player["colours"], *colour.values()])
    rows = [[b for b in hand if colour[b] == shade] for shade in shades]
    return [row for row in rows if row]


def pick_order(state: Any) -> list[str]:
    """The blocks the current player can pick up now (in a state of the engine), in the
    order the panel shows them: number key k picks the k-th, and the panel numbers
    exactly these 1..n."""
    shown = seen(state)
    if shown["phase"] not in PLACING:
        return []
    allowed = set(placeable(state))
    rows = bank_rows(shown, shown["current"])
    return [block for row in rows for block in row if block in allowed]
