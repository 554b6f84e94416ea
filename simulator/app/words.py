"""The words only the app's panels say (a seat's tag, a piece slipping out of the
fingers, the score track's markers), beside the shared grammar of ``simulator.words``,
which this module passes on so the games' words modules find it in one place."""

from __future__ import annotations

from simulator.words import (
    YOU,
    agree,
    counted,
    listed,
    plurals,
    possessive,
    refusal,
    sentence,
    whom,
    wins,
    with_article,
)

__all__ = [
    "YOU",
    "agree",
    "computer_tag",
    "counted",
    "listed",
    "markers",
    "plurals",
    "possessive",
    "refusal",
    "seat_tag",
    "sentence",
    "slipped",
    "whom",
    "wins",
    "with_article",
    "your_turn",
]


def slipped(piece: str) -> str:
    """A piece pushed out of the fingers by what it bumped (a careless sweep)."""
    return sentence(f"{piece} slipped out of your fingers: it drops where it is")


def seat_tag(name: str, human: bool, humans: int, computer: str) -> str:
    """What follows a name in a panel: `` (computer, easy)`` for a computer seat
    (``computer``: its ``computer_tag``, or what a network seat is), `` (you)``
    for the one person at the table (unless the name says it), nothing when people
    share the screen."""
    if not human:
        return f" ({computer})"
    return " (you)" if humans == 1 and name != YOU else ""


def computer_tag(level: str | None) -> str:
    """How every panel and lobby names a computer seat, the one wording for it:
    ``computer, easy`` (``computer`` when the level is not known here)."""
    return f"computer, {level}" if level else "computer"


def markers(names: list[str]) -> list[str]:
    """What each seat's marker reads where a name does not fit (the score track): the
    players' initials when they differ ("A", "B"), else the seats' numbers from 1 (all
    of "Player 1", "Player 2" start with P)."""
    initials = [name.strip()[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(initials):
        return initials
    return [str(seat + 1) for seat in range(len(names))]


def your_turn(words: str, seat: str) -> str:
    """``words`` said to the player of ``seat`` (a network desk) when the turn is
    theirs: "Bob's turn" becomes "Your turn", and "Your turn." follows words that do not
    say whose it is."""
    named = f"{seat}'s turn"
    if named in words:
        return words.replace(named, "Your turn")
    return f"{words} Your turn.".strip() if "Your turn" not in words else words
