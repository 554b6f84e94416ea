"""The one computer-seat driver: how a computer player takes a seat, in every game and
wherever a computer plays (headless ``play`` and scenario ``computer`` actions, the
app's game screens, the network host and client, the lab's play-on, the research
environments' opponents).

A computer player is anything with ``decide(match) -> action``: a plain move dict, or
the game's own decision (LOTS: ``("move", dict)`` or ``("place", Placement)``), which
the game's ``Computers.apply`` applies. The player only reads the match; applying is
the driver's, so a decision the rules refuse leaves the match as it was (the match's
contract) and the player may simply decide again.

The policy, the same everywhere: a seat's player whose decision the rules refuse
decides again, at most ``retries`` times in a row (``Refusals``); one more refusal and
its seat is handed over to the legal random player (``FALLBACK``), which then decides.
A random player refused as often hands the position to the game's last resort, where
the game has one (``Computers.last_resort``): as a person out of ideas, it tries every
move the rules could accept in this position, one after another, and once one is
accepted the seat's player plays on; only a last resort that has tried them all (or a
game without one) stops its seat (``IllegalMove``, with the last reason), and the caller
says so (headless play ends the game early, a scenario logs a refused action, the app
stops the seat, the host asks again on its next round). The last resort comes only
where a seat used to stop, so every game that never stopped plays as it always did.

Each game's ``Computers`` (its registry ``computer`` part) says how a seat's player of
a level is made, how a decision is applied and the game's limit: a recorded game that
lets computers decide replays only if they are refused exactly as often as when it was
recorded, so the limit is part of the game, not of the driver.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from rules.errors import IllegalMove
from simulator.bots.cli import Seats
from simulator.bots.dexterity import Dexterity
from simulator.games.registry import GAMES
from simulator.seeds import seat_seed, takeover_seed

# Refused decisions in a row a seat's player may make good by deciding again. A refusal
# after the physics ran (a block that slid off the footprint, a red box covered) is
# luck a new decision usually escapes; a dozen in a row means the player keeps choosing
# what the rules forbid, and the random player, whose choices spread widest, goes on.
RETRIES = 12
FALLBACK = "random"  # the level that takes a failed seat: the game's legal random player


class SeatStuck(IllegalMove):
    """A seat no computer could move for: ``reason`` is the rules' last refusal."""

    def __init__(self, seat: str, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat

    def __str__(self) -> str:
        return f"{self.seat} found no move the rules accept (the last: {self.reason})"


M_contra = TypeVar("M_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class ComputerPlayer(Protocol[M_contra, A_co]):
    """Every computer player: it decides the next move of its seat on a match (and
    leaves the match as it was); a game names its own, e.g. LOTS ``ComputerPlayer[
    LotsMatch, Decision]``."""

    def decide(self, match: M_contra) -> A_co: ...


AnyPlayer = ComputerPlayer[Any, Any]


Apply = Callable[[Any, Any], None]


def perform(match: Any, action: Any) -> None:
    """Apply a plain move dict: a game whose players decide one needs nothing else."""
    match.perform(action)


PlayerFactory = Callable[[str, int, str, Dexterity | None], AnyPlayer]


@dataclass(frozen=True)
class Table:
    """The computer seats of a game played by computers alone, by player name, and who
    moves when the rules let several (None: the first they name)."""

    seats: Mapping[str, ComputerSeat]
    choose: Callable[[list[str]], str] | None = None


@dataclass(frozen=True)
class Computers:
    """How a game seats computer players: the registry's ``computer`` part.

    ``player(level, seed, name, hand)`` is seat ``name``'s player of ``level``
    (``random``: the legal random player; ``hand``: a dexterity profile, None: the
    level's own); ``decisions`` the most a game of computers alone takes (more is a game
    stuck in a loop); ``apply(match, decision)`` applies a decision (IllegalMove:
    refused, the match unchanged); ``retries`` is the game's refusal limit (see the
    module's doc); ``table(match, seating, seed)``, for a game that has one, seats a game
    of computers alone its own way (by default ``seated_by_seed``); ``last_resort(seed)``
    the player that tries every move the rules could accept when no other could move
    (a ``LastResort``; None: the game has none)."""

    player: PlayerFactory
    decisions: int
    apply: Apply = perform
    retries: int = RETRIES
    table: Callable[[Any, Seats, int], Table] | None = None
    last_resort: Callable[[int], LastResort] | None = None

    @classmethod
    def of(
        cls,
        random: Callable[[int], AnyPlayer],
        bot: Callable[[int, str, Dexterity | None], AnyPlayer],
        decisions: int,
        apply: Apply = perform,
        retries: int = RETRIES,
        last_resort: Callable[[int], LastResort] | None = None,
    ) -> Computers:
        """A game's computers from its two kinds of player: ``random(seed)``, the legal
        random player (the ``random`` level), and ``bot(seed, level, hand)`` for every
        other level; the seat's name is neither's business."""

        def player(level: str, seed: int, name: str, hand: Dexterity | None) -> AnyPlayer:
            return random(seed) if level == FALLBACK else bot(seed, level, hand)

        return cls(player, decisions, apply, retries, last_resort=last_resort)

    def seat_for(
        self, match: Any, name: str, level: str, seed: int, hand: Dexterity | None = None
    ) -> ComputerSeat:
        """Seat ``name`` of ``match`` played at ``level``: the one seeding every caller
        uses. Its player is seeded ``seat_seed(seed, i)`` (``i`` the seat's place among
        the players); the random player taking it over, ``takeover_seed`` of that and the
        moves made when it does. Headless ``play`` recordings and scenarios' ``computer``
        actions were made with this rule, so they replay bit for bit."""
        own = seat_seed(seed, list(match.summary()["players"]).index(name))

        def fallback(moves: int) -> AnyPlayer:
            return self.player(FALLBACK, takeover_seed(own, moves), name, hand)

        player = self.player(level, own, name, hand)
        seat = ComputerSeat(player, level, None if level == FALLBACK else fallback, self)
        if self.last_resort is not None:
            make = self.last_resort
            seat.resort = lambda moves: make(takeover_seed(own, moves))
        return seat

    def seated(self, match: Any, seating: Seats, seed: int) -> Table:
        """Every seat of ``match`` a computer, as ``towersim play`` seats them."""
        if self.table is not None:
            return self.table(match, seating, seed)
        return seated_by_seed(self, match, seating, seed)


def seated_by_seed(computers: Computers, match: Any, seating: Seats, seed: int) -> Table:
    """Seat ``i`` played at ``seating.levels[i]``, seated by ``Computers.seat_for``."""
    seats = {}
    for i, name in enumerate(match.summary()["players"]):
        level, hand = seating.levels[i], seating.hands.get(i)
        seats[name] = computers.seat_for(match, name, level, seed, hand)
    return Table(seats)


def computers_of(match: Any) -> Computers:
    """The game's ``Computers`` (MissingPart for a game no computer can play)."""
    computers: Computers = GAMES.get(match.kind).load("computer")
    return computers


@dataclass
class Refusals:
    """The refusals of one seat's decisions in a row, against the game's limit."""

    retries: int = RETRIES
    count: int = 0

    def refused(self) -> bool:
        """Count a refusal; True when the limit is passed (the count starts again)."""
        self.count += 1
        if self.count <= self.retries:
            return False
        self.count = 0
        return True


class LastResort(Protocol):
    """A game's last resort (``Computers.last_resort``): each ``decide`` on the same
    position a further move the rules could accept; ``exhausted`` once it has tried them
    all (its last ``decide`` raised IllegalMove)."""

    exhausted: bool

    def decide(self, match: Any) -> Any: ...


# again: the player decides again; handed_over: the random player has the seat now;
# last_resort: the game's last resort tries this position; stuck: nobody can move.
Step = Literal["again", "handed_over", "last_resort", "stuck"]


@dataclass
class ComputerSeat:
    """One seat a computer plays, with the module's policy as steps: ``fallback(moves)``
    makes the random player that takes the seat from a failing ``player``, ``moves`` the
    match's action count then (None: ``player`` is the random player already, or a given
    player that keeps its seat to the end). ``level`` is the player's level (None: a
    given player). ``play`` runs the steps on a match; the app runs them itself, its
    players deciding on a worker while the window draws."""

    player: AnyPlayer
    level: str | None
    fallback: Callable[[int], AnyPlayer] | None
    computers: Computers
    refusals: Refusals = field(init=False)
    # The game's last resort for a position nobody could move in (``moves`` seeds it),
    # None without one; while it tries, ``held`` is the player the seat goes back to.
    resort: Callable[[int], LastResort] | None = field(default=None)
    held: AnyPlayer | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.refusals = Refusals(self.computers.retries)

    def play(self, match: Any) -> None:
        """One move of this seat, applied; the last IllegalMove if the seat is stuck, the
        match unchanged."""
        while True:
            try:
                self.apply(match, self.player.decide(match))
                return
            except IllegalMove:
                if self.refused(match) == "stuck":
                    raise

    def apply(self, match: Any, decision: Any) -> None:
        """Apply the player's decision (IllegalMove: refused, the match unchanged); an
        applied one starts the refusal count again."""
        self.computers.apply(match, decision)
        self.moved()

    def moved(self) -> None:
        """The seat's decision was applied: its refusals count from nothing again, and a
        last resort that found the move gives the seat back to its player."""
        self.refusals.count = 0
        if self.held is not None:
            self.player, self.held = self.held, None

    def refused(self, match: Any) -> Step:
        """The rules refused this seat's decision on ``match`` (unchanged): ``again`` its
        player decides again; ``handed_over`` the limit is passed and the random player
        has the seat now; ``last_resort`` the random player was refused as often and
        the game's last resort tries the position; ``stuck`` that has tried every move."""
        if self.held is not None:  # the last resort goes on until it has tried them all
            exhausted = getattr(self.player, "exhausted", True)
            return "stuck" if exhausted else "again"
        if not self.refusals.refused():
            return "again"
        return self.failed(match)

    def failed(self, match: Any) -> Step:
        """The player failed for good (the refusal limit, or a bot that raised): the
        random player takes the seat (``handed_over``), else the game's last resort tries
        the position (``last_resort``), else ``stuck``."""
        self.refusals.count = 0
        if self.fallback is None:
            if self.held is not None or self.resort is None:
                return "stuck"
            self.held, self.player = self.player, self.resort(match.action_count)
            return "last_resort"
        self.player, self.level = self.fallback(match.action_count), FALLBACK
        self.fallback = None
        return "handed_over"


def given(
    players: Mapping[str, AnyPlayer],
    computers: Computers,
    choose: Callable[[list[str]], str] | None = None,
) -> Table:
    """A table of players made elsewhere (a scenario's random players, a test's): each
    keeps its seat, with the game's limit and no hand-over."""
    return Table(
        {name: ComputerSeat(p, None, None, computers) for name, p in players.items()}, choose
    )


def play_players(match: Any, players: Mapping[str, AnyPlayer], decisions: int) -> int:
    """``play_turns`` with players made elsewhere (``given``)."""
    return play_turns(match, given(players, computers_of(match)), decisions)


def play_turns(match: Any, table: Table, decisions: int) -> int:
    """Let the table's players move until nobody is to act (the game is over) or
    ``decisions`` are taken; how many were taken. SeatStuck (an IllegalMove with the
    rules' last reason) from a seat that cannot move, the match as its last move left
    it."""
    engine = GAMES.get(match.kind).load("engine")
    for taken in range(decisions):
        names = engine.to_act(match.state)
        if not names:
            return taken
        name = table.choose(names) if table.choose is not None else names[0]
        try:
            table.seats[name].play(match)
        except IllegalMove as exc:
            raise SeatStuck(name, exc.reason) from exc
    return decisions


def play_on(match: Any, seating: Seats, seed: int) -> str | None:
    """Play ``match`` on to its end with every seat a computer, as ``towersim play``
    seats them; why it stopped early, or None."""
    computers = computers_of(match)
    try:
        play_turns(match, computers.seated(match, seating, seed), computers.decisions)
    except SeatStuck as exc:
        return str(exc)
    return None
