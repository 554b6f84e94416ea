"""A tournament from a TOML or JSON file (docs/lab.md) or from the command line, checked
as a scenario file is: every fault is one line naming file, line and key, and every
number has a range."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from simulator.bots.dexterity import hand_names
from simulator.bots.levels import LEVEL_NAMES
from simulator.games.registry import GAMES
from simulator.lab.play import axis_values, has_hands, option_type
from simulator.lab.tournament import FORMAT, Seat, Tournament, axes
from simulator.scenario.document import read_document
from simulator.scenario.fields import Table
from simulator.scenario.ranges import Range
from simulator.seeds import MAX_SEED

GAMES_PER_CELL = Range(1, 100_000, "games", "a hundred thousand games a configuration", True)
FIRST_SEED = Range(0, MAX_SEED, "", "a seed towersim play accepts", True)
SEATS = Range(1, 8, "seats", "more than any game seats", True)
MAX_NAME = 80
# A name becomes the default results folder (lab-NAME): no path separators.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._ -]*")
NAME_RULE = "letters, digits, '.', '_', '-' and spaces, from a letter or digit"

Fail = Callable[..., NoReturn]  # fail(message, key=None)


class LabError(ValueError):
    """A tournament given on the command line is wrong (one line)."""


def load_tournament(path: str | Path) -> Tournament:
    """The tournament in the file at ``path``; ScenarioError (one line) if it is wrong."""
    doc = read_document(path)
    plurals = {axis.plural for axis in axes(GAMES.kinds())}
    # The axes are read apart (a list of strings or of integers, or "all"); the rest
    # through the Table, which refuses unknown keys.
    root = Table(doc, {k: v for k, v in doc.data.items() if k not in plurals}, "")
    root.string("format", required=True, choices=(FORMAT,))
    name = root.string("name", default=Path(path).stem, max_length=MAX_NAME) or "lab"
    if not NAME.fullmatch(name):
        root.fail(f"must be {NAME_RULE}, not {name!r}", "name")
    game = root.string("game", required=True, choices=tuple(GAMES.kinds()))
    assert game is not None
    modes = GAMES.get(game).modes
    mode = root.string("mode", default=modes[0], choices=modes) or modes[0]
    games = root.ranged("games", GAMES_PER_CELL, required=True)
    seed = root.ranged("seed", FIRST_SEED, default=0)
    configs = {}
    for axis in axes(GAMES.kinds()):
        if axis.plural in doc.data:
            given = doc.data[axis.plural]
            configs[axis.option] = _values(game, axis.option, given, root.fail, axis.plural)
    entries = root.tables("seat")
    if not entries:
        root.fail("needs at least one [[seat]] (a level, and a hand if it thinks)")
    root.within(len(entries), "seat", SEATS, "the number of seats")
    seats = []
    for index, entry in enumerate(entries):
        table = Table(doc, entry, f"seat {index + 1}", header=("seat", index))
        level = table.string("level", required=True, choices=LEVEL_NAMES)
        hand = table.string("hand", choices=tuple(hand_names()))
        table.finish()
        assert level is not None
        seats.append(_seat(game, level, hand, table.fail))
    root.finish()
    _last_seed(seed, games, lambda message: root.fail(message, "seed"))
    return Tournament(name, game, mode, tuple(seats), games, seed, configs)


def _values(game: str, option: str, given: Any, fail: Fail, key: str) -> list[Any]:
    """The configurations of one axis: a list of values, or "all"."""
    allowed = axis_values(game, option)
    if allowed is None:
        offered = [a.plural for a in axes([game])]
        fail(f"{GAMES.get(game).title} has no {key} (it has: {', '.join(offered) or 'none'})", key)
    if given == "all":
        return list(allowed)
    if not isinstance(given, list) or not given:
        fail(f'must be "all" or a list of values, like {allowed[:2]}', key)
    out = []
    for value in given:
        if isinstance(value, bool) or value not in allowed:
            shown = ", ".join(str(v) for v in allowed)
            fail(f"{value!r} is not one of {shown}", key)
        if value in out:
            fail(f"{value!r} is given twice", key)
        out.append(value)
    return out


def _seat(game: str, level: str, hand: str | None, fail: Fail) -> Seat:
    if hand is not None and not has_hands(game):
        fail(f"{GAMES.get(game).title} is played without a hand", "hand")
    if hand is not None and level == "random":
        fail("the random player has no hand; give it to a thinking seat", "hand")
    return Seat(level, hand)


def _last_seed(seed: int, games: int, fail: Callable[[str], NoReturn]) -> None:
    if seed + games - 1 > MAX_SEED:
        fail(f"the last game's seed would be past {MAX_SEED}; start lower")


# -- the command line ------------------------------------------------------------------------


def tournament_from_arguments(args: argparse.Namespace) -> Tournament:
    """The tournament ``--game ... --seats ...`` describe; LabError (one line) if wrong."""

    def fail(message: str, key: str | None = None) -> NoReturn:
        raise LabError(f"--{key}: {message}" if key else message)

    if args.game is None:
        fail("give a tournament FILE, or --game and --seats")
    if args.file is not None:
        fail("give a tournament FILE or --game and its options, not both")
    if args.game not in GAMES.kinds():
        fail(f"unknown game {args.game!r} (known: {', '.join(GAMES.kinds())})", "game")
    modes = GAMES.get(args.game).modes
    mode = args.mode or modes[0]
    if mode not in modes:
        fail(f"{mode!r} is not one of {', '.join(modes)}", "mode")
    configs = {}
    for axis in axes(GAMES.kinds()):
        text = getattr(args, axis.plural, None)
        if text is None:
            continue
        if text == "all":
            given: Any = "all"
        else:
            convert = option_type(args.game, axis.option)
            try:
                given = [convert(part.strip()) for part in text.split(",")]
            except ValueError:
                fail(f"{text!r} is not a list of values, like 1,2", axis.plural)
        configs[axis.option] = _values(args.game, axis.option, given, fail, axis.plural)
    if not args.seats:
        fail("give the seats, like normal:steady,random", "seats")
    seats = []
    for part in args.seats.split(","):
        level, _, hand = part.strip().partition(":")
        if level not in LEVEL_NAMES:
            fail(f"{part!r}: unknown level (choose from {', '.join(LEVEL_NAMES)})", "seats")
        if hand and hand not in hand_names():
            fail(f"{part!r}: unknown hand (choose from {', '.join(hand_names())})", "seats")
        seats.append(_seat(args.game, level, hand or None, lambda m, k=None: fail(m, "seats")))
    if len(seats) > SEATS.maximum:
        fail(f"at most {SEATS.maximum} seats", "seats")
    for key, value, bounds in (
        ("games", args.games, GAMES_PER_CELL),
        ("seed", args.seed, FIRST_SEED),
    ):
        if not bounds.minimum <= value <= bounds.maximum:
            fail(f"must be {bounds.describe()}, not {value}", key)
    _last_seed(args.seed, args.games, lambda message: fail(message, "seed"))
    name = args.name or f"{args.game}-{mode}"
    if not NAME.fullmatch(name) or len(name) > MAX_NAME:
        fail(f"must be {NAME_RULE}, at most {MAX_NAME} characters, not {name!r}", "name")
    return Tournament(name, args.game, mode, tuple(seats), args.games, args.seed, configs)
