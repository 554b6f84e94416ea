"""The rules' Filled In events in words, for the screen's message line."""

from __future__ import annotations

from typing import Any

from rules.filled_in.crew import get_crew_card

QUIET = ("setup", "round_start")  # shown otherwise (the panel's title says the round)


def box(cell: list[int]) -> str:
    """A box as a player reads it: row from 1 at the bottom, column from 1 at the left."""
    row, col = cell
    return f"row {row + 1}, column {col + 1}"


def event_text(event: dict[str, Any]) -> str:
    kind = event["type"]
    who = event.get("player") or ""
    if kind == "roll":
        return f"{who} rolled: {', '.join(event['faces'])}"
    if kind == "reroll":
        return f"more than half showed '?': re-rolled to {', '.join(event['faces'])}"
    if kind == "draft":
        return f"{who} drafted {event['face']} (die {event['die'] + 1})"
    if kind == "cannot_place":
        return f"{who} cannot place a block with {' and '.join(event['dice'])}"
    if kind == "crew":
        card = get_crew_card(event["card"])
        return f"{who} played the crew card {card.name}"
    if kind == "swap":
        return f"{who} swapped a die for the leftover"
    if kind == "place":
        low = min(event["cells"])
        return f"{who} drew a {event['colour']} {event['shape']} from {box(low)}"
    if kind == "purple":
        return f"{who} drew a purple space (crane -{event['penalty']})"
    if kind == "tool_complete":
        return f"{who} completed tool {event['tool']} in {event['colour']}: +{event['points']}"
    if kind == "tool_missed":
        return f"{who} lost tool {event['tool']} ({event['colour']}, it asks {event['wanted']})"
    if kind == "level_complete":
        colours = len(event["colours"])
        return f"{who} completed level {event['level']}: {colours} colours, +{event['score']}"
    if kind == "triangle":
        return f"{who} fills level {event['level']}'s triangle" + (
            " (shared)" if event.get("shared") else ""
        )
    if kind == "announce":
        return f"{who} announces level {event['level']} first"
    if kind == "mark":
        return f"{who} marks level {event['level']}'s triangle"
    if kind == "unmark":
        return f"{who} rubs out the mark on level {event['level']}"
    if kind == "game_end":
        winner = event.get("winner")
        if isinstance(winner, list):
            winner = " and ".join(winner) + " share the win"
        else:
            winner = f"{winner} wins"
        return f"Game over: {event['reason']}. {winner}"
    return f"{who} {kind.replace('_', ' ')}".strip()


def events_text(events: list[dict[str, Any]], limit: int = 4, chars: int = 200) -> str:
    """The last ``limit`` telling events joined, the oldest dropped to stay within
    ``chars`` (the message line has room for three lines); empty if none."""
    told = [event_text(e) for e in events if e["type"] not in QUIET][-limit:]
    while len(told) > 1 and len("; ".join(told)) > chars:
        told.pop(0)
    return "; ".join(told)
