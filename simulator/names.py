"""The one rule for a player's name, wherever a name comes from: a network hello, a
scenario or save file, the command line, the chat.

A name is at most ``MAX_NAME`` printable characters in Unicode NFC, with at least one
visible character; two names are the same name when they read the same once invisible
characters and runs of spaces are taken out (``name_key``), so nobody can pass for
somebody else with a zero-width twin or a trailing space. Python's ``isprintable``
refuses control characters, NUL, bidirectional controls (a right-to-left override
could make a name read backwards) and zero-width format characters; the few printable
characters that still draw nothing (fillers, blank patterns) count as invisible.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_NAME = 24  # characters of a player's name
UNNAMED = "Player"  # the name of someone who gave none (``towersim join`` without --name)

# Printable, yet they draw nothing: Hangul fillers, the braille blank, the combining
# grapheme joiner. (Format characters such as U+200B are not printable at all.)
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
_SPACES = re.compile(r"\s+")


class BadName(ValueError):
    """A name the rule refuses; ``reason`` is one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as it stands (None: it is a player's name).

    A name that is fine once normalised (not yet NFC) is refused here: a file must hold
    names as written, since they enter its state hash; ``player_name`` normalises."""
    if not isinstance(name, str):
        return "a player's name must be text"
    if len(name) > MAX_NAME:
        return f"a player's name is at most {MAX_NAME} characters, not {len(name)}"
    if not name.isprintable():
        bad = next(ch for ch in name if not ch.isprintable())
        return (
            f"a player's name may not hold {_character(bad)}: no control, invisible or "
            "direction-changing characters"
        )
    if not name_key(name):
        return "a player's name needs at least one visible character"
    if unicodedata.normalize("NFC", name) != name:
        return "a player's name must be written in Unicode normal form NFC"
    return None


def player_name(text: object) -> str:
    """``text`` as a player's name: NFC-normalised and checked; BadName if refused."""
    if isinstance(text, str):
        text = unicodedata.normalize("NFC", text)
    problem = name_problem(text)
    if problem is not None:
        raise BadName(problem)
    assert isinstance(text, str)
    return text


def name_key(name: str) -> str:
    """What ``name`` reads as: NFC, invisible characters removed, spaces collapsed.
    Two names with the same key are the same name."""
    visible = "".join(
        ch
        for ch in unicodedata.normalize("NFC", name)
        if ch not in _INVISIBLE and unicodedata.category(ch) != "Cf"
    )
    return _SPACES.sub(" ", visible).strip()


def names_problem(names: Iterable[object]) -> str | None:
    """What is wrong with a list of players' names (None: each is a name, and no two
    read the same)."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return f"{_quoted(name)}: {problem}"
        assert isinstance(name, str)
        key = name_key(name)
        if key in seen:
            twin = (
                f"two players are called {_quoted(name)}"
                if name == seen[key]
                else f"{_quoted(name)} reads the same as {_quoted(seen[key])}"
            )
            return f"{twin}; names must be distinct: every player needs a name of their own"
        seen[key] = name
    return None


def same_name(one: str, other: str) -> bool:
    return name_key(one) == name_key(other)


def _character(ch: str) -> str:
    label = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({label.lower()})" if label else "")


def _quoted(name: object) -> str:
    if not isinstance(name, str):
        return "a name"
    shown = name[:MAX_NAME] + ("..." if len(name) > MAX_NAME else "")
    return repr(shown) if shown.isprintable() else ascii(shown)
