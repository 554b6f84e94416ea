"""The grammar every text a person reads shares: "You" and names, lists, articles,
counts and sentences.

Each game's events are put in words by its own module (``app/lots/words.py``,
``app/crazy_tower/words.py``, ``app/filled_in/words.py``) and the headless commands
word their reports too (``towersim play``, ``lab run``, ``sheet stand``); this module
only keeps the small rules of English they all follow, so "You hold" and "an orange I"
come out alike everywhere. It sits below the app (no drawing), so every layer may use it;
``simulator.app.words`` adds what only the app's panels say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

YOU = "You"
# Letters whose names start with a vowel sound ("an F", "an L"), for shapes named by one.
VOWEL_LETTERS = "AEFHILMNORSX"
COUNTED = re.compile(r"\b(\d+) ((?:\w+ )*?\w+)\(s\)")  # "2 block(s)", as rules' texts write them
IRREGULAR = {"have": "has", "be": "is", "do": "does", "go": "goes"}


def whom(who: str) -> str:
    """A player after a verb or a preposition: ``you``, ``Ann``."""
    return "you" if who == YOU else who


def listed(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` ("You" after the first: ``Ann and you``)."""
    words = list(items)
    words[1:] = [whom(word) for word in words[1:]]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def with_article(phrase: str) -> str:
    """``a T``, ``an L``, ``an orange I``, ``a red block``: "an" before a vowel sound."""
    first = phrase.split(" ", 1)[0]
    if len(first) == 1 and first.isupper():
        vowel = first in VOWEL_LETTERS
    else:
        # "an 8", "an 11", "an 18-cube ..." are said with a vowel too
        vowel = first[:1].lower() in "aeiou" or first.startswith("8") or first in ("11", "18")
    return f"{'an' if vowel else 'a'} {phrase}"


def agree(who: str, verb: str) -> str:
    """The subject with its verb in the present: ``You hold``, ``Ann holds``,
    ``Ann and Ben hold`` (``verb`` in its base form)."""
    if who == YOU or " and " in who or ", " in who:
        return f"{who} {'are' if verb == 'be' else verb}"
    if verb in IRREGULAR:
        return f"{who} {IRREGULAR[verb]}"
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return f"{who} {verb}es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{who} {verb[:-1]}ies"
    return f"{who} {verb}s"


def possessive(who: str, *, start: bool = False) -> str:
    """``your`` (``Your`` to start a sentence) or ``Ann's``."""
    if who == YOU:
        return "Your" if start else "your"
    return f"{who}'s"


def counted(number: int, word: str, plural: str | None = None) -> str:
    """``1 point``, ``3 points``, ``2 boxes`` (with ``plural`` when not just "s")."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def plurals(text: str) -> str:
    """``1 block(s)`` -> ``1 block``, ``2 block(s)`` -> ``2 blocks``."""
    return COUNTED.sub(lambda m: counted(int(m[1]), m[2]), text)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop unless it ends in
    one already (or in ! or ?)."""
    text = plurals(text.strip())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def refusal(reason: str, lead: str = "Refused") -> str:
    """A rules' refusal as the player reads it: ``Refused: the box ... is filled.``"""
    reason = plurals(reason.strip().rstrip("."))
    return f"{lead}: {reason}."


def wins(winners: list[str], scores: dict[str, int] | None) -> str:
    """``Ann wins with 23 points.``, ``You win``, ``Ann and Bob share the win``."""
    if not winners:
        return "Nobody wins."
    if len(winners) > 1:
        shared = f"{listed(winners)} share the win"
        if scores is not None and len({scores[w] for w in winners}) == 1:
            shared += f" with {counted(scores[winners[0]], 'point')} each"
        return shared + "."
    who = winners[0]
    tail = f" with {counted(scores[who], 'point')}" if scores is not None else ""
    return f"{agree(who, 'win')}{tail}."
