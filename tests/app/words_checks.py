"""What every message a player reads must be: one or more sentences a person would write.

Shared by the three games' words tests: seeded random games of each game's engine are
put through the game's words module and every text produced is checked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rules.chance import Chance
from rules.engine import Engine, GameOptions

# Debug marks: Python lists, dicts or reprs, internal keys (snake_case, instance ids such
# as "green-2", "red-3b" or "fc-07"), None, a dump of fields ("(points 3, why x, ...").
DEBUG = re.compile(
    r"[\[\]{}_]|\bNone\b|'[^']*'(?=[,)\]])|\b[a-z]+-\d+[a-z]?\b|\bfc-\d+\b|\(\s*\d+,\s*\d+\s*\)"
    r"|\((?:\w+ [\w-]+, ){2,}"
)
# A count from 0 where players count from 1.
ZERO_BASED = re.compile(r"\b(?:row|column|box|boxes|floor|level|tool|die|spot|turn|round) 0\b")
BAD_GRAMMAR = re.compile(
    r"\bYou (?:is|has|was not|holds|plays|rolls|drafts|wins|places|draws|does)\b"
    r"|\b[aA] (?:orange|[AEFHILMNORSX]\b)|\ban (?:red|yellow|green|blue|purple|[BCDGJKPQTUVWYZ]\b)"
)


def problems(text: str) -> list[str]:
    """What is wrong with ``text`` as a message to a player (empty if nothing)."""
    found = []
    if not text or not text[0].isupper():
        found.append("does not start with a capital letter")
    if not text or text[-1] not in ".!?":
        found.append("does not end with a full stop")
    found += [f"debug mark {m.group()!r}" for m in DEBUG.finditer(text)]
    found += [f"counted from 0: {m.group()!r}" for m in ZERO_BASED.finditer(text)]
    found += [f"grammar: {m.group()!r}" for m in BAD_GRAMMAR.finditer(text)]
    return found


def assert_sentences(texts: list[str]) -> None:
    bad = {text: problems(text) for text in texts if problems(text)}
    assert not bad, "\n".join(f"{text!r}: {', '.join(why)}" for text, why in bad.items())


def random_game(
    engine: Engine,
    players: tuple[str, ...],
    seed: int,
    *,
    mode: str | None = None,
    steps: int = 400,
    **settings: Any,
) -> Iterator[tuple[Any, Any]]:
    """(state before, state after) of each move of a seeded random game, to its end or
    ``steps`` moves."""
    chance = Chance.from_seed(seed)
    state = engine.new_game(GameOptions(players, mode=mode, seed=seed, settings=settings))
    for _ in range(steps):
        if engine.outcome(state).over:
            return
        after = engine.apply(state, engine.random_move(state, chance))
        yield state, after
        state = after
