"""Bot levels and the command line's seat assignment.

``random`` is each game's legal random player. The others think with rollouts: how many
candidates they look at, how many noisy rollouts each gets at most, how much simulated
work a decision may take, how much they fear a fall, and the hand they play with.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVEL_NAMES = ("random", "easy", "normal", "hard", "expert")
# What --bot means when not given, in `play` and in the app alike: the legal random
# player, quick and honest. The app's start screen offers its own choice of level.
DEFAULT_LEVEL = "random"


@dataclass(frozen=True)
class Playouts:
    """Filled In: the search by playouts (simulator/games/filled_in/bots_search.py)."""

    candidates: int  # the greedy judge's best blocks that are played out
    playouts: int  # playouts each of them gets, on the same dice
    rounds: int = 0  # rounds a playout plays before it is scored (0: to the game's end)
    drafts: int = 0  # playouts each free die gets when drafting (0: the greedy's draft)


@dataclass(frozen=True)
class Sketch:
    """Filled In: the rule of thumb's weights (bots_playout.sketch_move), in rows of height."""

    same_colour: float = 0.4  # a box of the block's colour beside it (colour areas score)


@dataclass(frozen=True)
class Level:
    name: str
    candidates: int  # best-by-heuristic candidates that get rollouts
    rollouts: int  # noisy rollouts per candidate, at most
    budget_steps: int  # simulated work per decision (simulator.bots.budget)
    risk_weight: float  # extra points given up per unit of fall risk
    dexterity: str  # the bot's own hand (assets/dexterity/profiles.toml)
    lookahead: int  # LOTS, Filled In: how far ahead the heuristic looks (see the games)
    finalists: int = 1  # candidates successive halving keeps to the end (rollout.py)
    retry_batches: int = 0  # LOTS: further candidate batches for a piece put back
    stress: bool = False  # LOTS solo: the two best also tried in the hand's tails (bots.py)
    # Hand model 2: how fast the bot moves its hand with no clock to beat, as a multiple
    # of its hand's own pace (1; below 1 careful, above hurried). docs/bots.md, "Hurry".
    hurry: float = 1.0
    # LOTS: keep air beside walls for the spread the hand really has at the bot's pace
    # and the move's reach (hand model 2), not at its own pace over a typical reach.
    paced_margins: bool = False
    # LOTS solo: the finalists whose next turn is rehearsed too (bots_next; 0: none).
    followups: int = 0
    # Crazy Tower competitive: a revealed card is worth the chance that it brings a loop
    # box, from the cards still in the deck (crazy_tower/bots_race.py, docs/bots.md).
    deck_odds: bool = False
    # Filled In: placements (and drafts) chosen by playouts of the rest of the game.
    playouts: Playouts | None = None
    # Filled In: plays by a rule of thumb (the block low, tool boxes in their colours; any
    # die), not by counting points (bots_playout.sketch_move); the playouts' is Sketch().
    sketch: Sketch | None = None


LEVELS: dict[str, Level] = {
    # An easy player is a little hasty, a hard one takes its time (docs/bots.md, "Hurry").
    # Filled In's easy builds low and keeps the tools' colours, but plans no colour area.
    "easy": Level("easy", 3, 1, 3_000, 0.0, "average", 0, hurry=1.2, sketch=Sketch(0.0)),
    "normal": Level("normal", 6, 3, 12_000, 4.0, "steady", 1),
    # A surgeon's hand: in LOTS solo a block must touch the last one, often side by
    # side within the rules' 0.1 cm, which a steady hand misses about half the time
    # and sometimes knocks the tower doing so (docs/bots.md).
    "hard": Level(
        "hard",
        12,
        8,
        40_000,
        8.0,
        "surgeon",
        2,
        finalists=2,
        retry_batches=2,
        stress=True,
        hurry=0.8,
        playouts=Playouts(5, 8, rounds=4),
    ),
    # The strongest: hard's thinking with more of it (more candidates and rehearsals,
    # three finalists), air kept for the hand's spread at its own careful pace, and
    # a fall feared more (docs/bots.md, "Levels").
    "expert": Level(
        "expert",
        16,
        12,
        120_000,
        12.0,
        "surgeon",
        2,
        finalists=3,
        retry_batches=3,
        stress=True,
        hurry=0.8,
        paced_margins=True,
        followups=3,
        deck_odds=True,
        playouts=Playouts(6, 10, rounds=4, drafts=6),
    ),
}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        known = ", ".join(LEVEL_NAMES)
        raise KeyError(f"unknown bot level {name!r} (choose from {known})") from None


def seat_levels(bot: str | None, seats: list[str] | None, players: int) -> dict[int, str] | str:
    """Level per seat (0-based) from ``--bot LEVEL`` and ``--seat N=LEVEL[:HAND]``
    (1-based; a seat given twice keeps the last), or one line saying what is wrong.
    Seats nobody names get ``--bot``, else DEFAULT_LEVEL."""
    if bot is not None and bot not in LEVEL_NAMES:
        return f"--bot {bot!r}: unknown level (choose from {', '.join(LEVEL_NAMES)})"
    out = {seat: bot or DEFAULT_LEVEL for seat in range(players)}
    for item in seats or []:
        parsed = split_seat(item, players)
        if isinstance(parsed, str):
            return parsed
        out[parsed[0]] = parsed[1]
    return out


def split_seat(item: str, players: int) -> tuple[int, str, str | None] | str:
    """(0-based seat, level, hand name or None) of one ``--seat N=LEVEL[:HAND]``, or one
    line saying what is wrong (the hand's name is checked by whoever reads it)."""
    number, sep, rest = item.partition("=")
    if not sep or not number.strip().isdigit():
        return f"--seat {item!r}: expected N=LEVEL, for example --seat 1=normal"
    seat = int(number)
    if not 1 <= seat <= players:
        return f"--seat {item!r}: seat must be 1 to {players}"
    name, colon, hand = rest.partition(":")
    if name not in LEVEL_NAMES:
        return f"--seat {item!r}: unknown level {name!r} (choose from {', '.join(LEVEL_NAMES)})"
    if colon and not hand:
        return f"--seat {item!r}: expected a hand after the colon, for example 1=normal:steady"
    return seat - 1, name, hand if colon else None
