"""The rules' Filled In events in words, for the screen's message line.

Past tense for what happened, so "You" and a name take the same verb; boxes are named
as the sheet shows them and the rules' refusals name them (rows from 1 at the bottom,
columns from 1 at the left), dice from 1 in the roll's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.engine import Outcome
from simulator.app.filled_in.content import crew_card
from simulator.app.words import agree, counted, listed, refusal, sentence, wins, with_article

QUIET = ("setup", "round_start")  # shown otherwise (the panel's title says the round)
WILD = "?"


def box(cell: Iterable[int]) -> str:
    """A box as a player reads it: ``row 1, column 4``."""
    row, col = cell
    return f"row {row + 1}, column {col + 1}"


def face_name(label: str) -> str:
    """A die face with its article: ``a yellow T``, ``an orange L``, ``a wild face`` (the
    "?", as LOTS calls its own)."""
    return "a wild face" if label == WILD else with_article(label)


def faces_text(labels: Iterable[str]) -> str:
    return listed(face_name(label) for label in labels)


def winners_text(winner: Any) -> str:
    """``Ann wins``, ``You win``, ``Ann and Ben share the win``."""
    if isinstance(winner, list):
        return f"{listed(winner)} share the win"
    if not winner:
        return "nobody wins"
    return agree(str(winner), "win")


def event_text(event: dict[str, Any]) -> str:
    """One event as a sentence."""
    kind = event["type"]
    who = event.get("player") or ""
    tell = _TELL.get(kind)
    if tell is None:  # a new kind of event: still a plain sentence
        return sentence(f"{who or 'the game'}: {kind.replace('_', ' ')}")
    return tell(who, event)


def _place(who: str, e: dict[str, Any]) -> str:
    block = with_article(f"{e['colour']} {e['shape']}")
    return f"{who} drew {block} at {box(min(e['cells']))}."


def _purple(who: str, e: dict[str, Any]) -> str:
    return (
        f"{who} drew a purple space at {box(e['cell'])} and crossed off crane box "
        f"{e['crane_box']}: {counted(int(e['penalty']), 'point')} off."
    )


def _triangle(who: str, e: dict[str, Any]) -> str:
    if e.get("shared"):
        return f"{who} earned a share of the triangle of level {e['level']}."
    return f"{who} earned the triangle of level {e['level']}."


_TELL: dict[str, Any] = {
    "roll": lambda who, e: f"{who} rolled {faces_text(e['faces'])}.",
    "reroll": lambda who, e: (
        f"More than half of the dice showed the wild face, so those were rolled again: "
        f"now {faces_text(e['faces'])}."
    ),
    "draft": lambda who, e: f"{who} drafted die {e['die'] + 1}, {face_name(e['face'])}.",
    "cannot_place": lambda who, e: f"{who} could not place a block with {faces_text(e['dice'])}.",
    "crew": lambda who, e: f"{who} played the crew card {crew_card(e['card'])['name']}.",
    "swap": lambda who, e: f"{who} swapped a die for the leftover one.",
    "place": _place,
    "purple": _purple,
    "tool_complete": lambda who, e: (
        f"{who} completed tool {e['tool']} in {e['colour']}: {counted(int(e['points']), 'point')}."
    ),
    "tool_missed": lambda who, e: (
        f"{who} lost tool {e['tool']}: it asks for {e['wanted']}, and its box is {e['colour']}."
    ),
    "level_complete": lambda who, e: (
        f"{who} completed level {e['level']} in {counted(len(e['colours']), 'colour')}: "
        f"{counted(int(e['score']), 'point')}."
    ),
    "triangle": _triangle,
    "announce": lambda who, e: f"{who} finished level {e['level']} first and announced it.",
    "mark": lambda who, e: f"{who} marked the triangle of level {e['level']}.",
    "unmark": lambda who, e: f"{who} rubbed out the mark on the triangle of level {e['level']}.",
    "game_end": lambda who, e: (
        f"Game over: {sentence(str(e['reason']))} {sentence(winners_text(e.get('winner')))}"
    ),
    "refused": lambda who, e: refusal(str(e["reason"])),
}


def events_text(events: list[dict[str, Any]], limit: int = 4, chars: int = 200) -> str:
    """The last ``limit`` telling events, one sentence after another, the oldest dropped
    to stay within ``chars`` (the message line has room for three lines); empty if none."""
    told = [event_text(e) for e in events if e["type"] not in QUIET][-limit:]
    while len(told) > 1 and len(" ".join(told)) > chars:
        told.pop(0)
    return " ".join(told)


def ending_words(state: Any, outcome: Outcome, winners: list[str], scores: dict[str, int]) -> tuple:
    """The results card's words for a finished game: (headline, why it ended, the
    score column's heading)."""
    why = sentence(str(outcome.reason)) if outcome.reason else "The game is over."
    tied = [name for name in scores if scores[name] == max(scores.values())]
    if len(winners) == 1 and len(tied) > 1:
        why += " The tie-break decided the win."
    return wins(winners, scores), why, "Points"
