"""The engine contract: one protocol every game's rules implement.

After OpenSpiel's Game/State and boardgame.io: a game is its options, its seed and its
moves. ``new_game`` sets one up; ``to_act`` says who must decide, ``legal_moves`` what
they may do, ``apply`` does one move and returns a new state (``IllegalMove`` and the
given state untouched if the rules refuse it); ``scores`` and ``outcome`` say how the
game stands; ``to_dict``/``from_dict``/``digest`` save, restore and fingerprint it.

Moves are plain dicts ``{"type": ..., "player": name, ...}``. A physical move (a
placement, a removal) carries what the physics decided as ``"outcome"``: the game's
outcome dataclass (or its dict). ``legal_moves`` lists physical moves without it.

Each game's engine lives in ``rules/<game>/engine.py`` as the module attribute
``ENGINE``; the simulator's game registry names it there. Outside ``rules/`` and a
game's own match package the engine is the only way into a game's rules: besides the
moves it answers what the app, the bots, the lab and the environments ask of them
(``content``, ``describe``, ``physical_choices``, ``plan_check``, ``preview``).
Its options are typed ``Parameter``s (after OpenSpiel's ``parameter_specification``),
from which the start screen, the command line, the network setup and the lab build theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Literal, Protocol, TypeVar

from rules.chance import Chance
from rules.errors import IllegalMove

Move = dict[str, Any]
State = TypeVar("State")
Shape = Literal["one", "list", "one or list"]


@dataclass(frozen=True)
class Parameter:
    """One option of a game, as OpenSpiel's ``parameter_specification`` has them.

    ``type``: the type of a value (``int``, ``str``, ``bool``; ``dict`` for a mapping
    only the game reads). ``default``: the value when the option is not given (None:
    the rules decide, often by chance). ``choices``, or the closed range ``low`` to
    ``high``: the values allowed. ``shape``: "one" value, a "list" of them, or "one or
    list" (one for everybody or one each). ``modes``: the modes it belongs to (empty:
    every mode). ``menu``: offered on the start screen and as a ``towersim play``
    flag (the others through a scenario file or ``--setup``). ``notes``: a few words on
    a choice, shown beside it. ``difficulty``: how hard the game's content says a value
    is (a footprint's printed difficulty, a challenge's number in the rulebook's order),
    which the lab's report holds against the measurement.
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    shape: Shape = "one"
    modes: tuple[str, ...] = ()
    menu: bool = False
    notes: Mapping[Any, str] = field(default_factory=dict, compare=False)
    difficulty: Mapping[Any, int] = field(default_factory=dict, compare=False)

    def values(self) -> tuple[Any, ...] | None:
        """Every value one may pick, if there are few enough to list (choices or range)."""
        if self.choices is not None:
            return self.choices
        if self.low is not None and self.high is not None:
            return tuple(range(self.low, self.high + 1))
        return None

    def allowed(self) -> str:
        """The values allowed, in words: "one of 1A, 1B", "a whole number from 1 to 20"."""
        if self.choices is not None:
            one = f"one of {', '.join(map(str, self.choices))}"
        elif self.type is int:
            one = _number_words(self.low, self.high)
        else:
            one = _TYPE_WORDS.get(self.type, self.type.__name__)
        if self.shape == "list":
            return f"a list, each {one}"
        if self.shape == "one or list":
            return f"{one}, or a list of them (one for each player)"
        return one

    def check(self, value: Any, game: str) -> None:
        """ValueError naming the option and the values allowed if ``value`` does not
        fit; None (not given) always fits."""
        if value is None:
            return
        listed = isinstance(value, (list, tuple))
        if self.shape == "list" or (self.shape == "one or list" and listed):
            items = value if isinstance(value, (list, tuple)) else None
        else:
            items = [value]
        if items is None or not all(self._fits(item) for item in items):
            raise ValueError(f"{game}'s option {self.name} must be {self.allowed()}, not {value!r}")

    def parse(self, text: str, game: str) -> Any:
        """The value typed as ``text`` (a command line's ``KEY=VALUE``, commas between
        a list's items), checked; ValueError naming the option and what it allows."""
        text = text.strip()
        if self.type is dict:
            raise ValueError(f"{game}'s option {self.name} cannot be given as text")
        listed = self.shape == "list" or (self.shape == "one or list" and "," in text)
        items = [_typed(part.strip(), self.type) for part in text.split(",")] if listed else []
        value = items if listed else _typed(text, self.type)
        self.check(value, game)
        return value

    def applies(self, mode: str | None) -> bool:
        """Whether the option belongs to ``mode`` (None: the game's default mode)."""
        return not self.modes or mode in self.modes

    def _fits(self, item: Any) -> bool:
        if self.type is dict:
            return isinstance(item, Mapping)
        if not isinstance(item, self.type) or (self.type is int and isinstance(item, bool)):
            return False
        if self.choices is not None:
            return item in self.choices
        if not isinstance(item, int):  # a range bounds numbers only
            return True
        return (self.low is None or item >= self.low) and (self.high is None or item <= self.high)


_TYPE_WORDS = {str: "a name", bool: "true or false", dict: "a table"}


def _number_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number from {low}"
    return "a whole number"


def _typed(text: str, kind: type) -> Any:
    """``text`` as a value of ``kind``, or the text itself if it is none (the check
    then says what is allowed)."""
    if kind is int and text.lstrip("-").isdigit():
        return int(text)
    if kind is bool and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parameter_table(parameters: Iterable[Parameter]) -> dict[str, Parameter]:
    return {p.name: p for p in parameters}


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over, who won (names; empty for nobody, several for a
    shared win) and the game's own word for why it ended."""

    over: bool
    winners: tuple[str, ...] = ()
    reason: str | None = None


@dataclass(frozen=True)
class GameOptions:
    """How to set up a game of any kind.

    ``players``: names in seating order. ``mode``: one of the engine's ``modes``, or
    None for the game's default (LOTS derives it from the player count). ``seed``:
    every chance draw of the game. ``settings``: the game's own options, by the names
    of its engine's ``parameters`` (LOTS ``footprint``; Crazy Tower ``challenge``; ...).
    """

    players: tuple[str, ...]
    mode: str | None = None
    seed: int = 0
    settings: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    def __reduce__(self) -> tuple[Any, ...]:
        # The read-only settings view neither pickles nor deep-copies: rebuild it (a
        # match holding these options is copied for rollouts, pickled for workers).
        return (GameOptions, (self.players, self.mode, self.seed, dict(self.settings)))

    def setting(self, name: str, default: Any = None) -> Any:
        return self.settings.get(name, default)

    def with_seed(self, seed: int | None) -> GameOptions:
        """These options with ``seed`` (None keeps the options' own)."""
        if seed is None:
            return self
        return GameOptions(self.players, self.mode, seed, self.settings)

    def check_settings(self, parameters: Sequence[Parameter], game: str) -> None:
        """ValueError for a setting the game does not have (a typo would pass silently),
        one of another mode, or a value its parameter does not allow."""
        known = parameter_table(parameters)
        unknown = sorted(set(self.settings) - set(known))
        if unknown:
            raise ValueError(
                f"{game} has no option {', '.join(unknown)} (known: {', '.join(known)})"
            )
        for name, value in self.settings.items():
            parameter = known[name]
            if value is not None and self.mode is not None and not parameter.applies(self.mode):
                modes = " or ".join(parameter.modes)
                raise ValueError(f"{game}'s option {name} is for the {modes} mode")
            parameter.check(value, game)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "mode": self.mode,
            "seed": self.seed,
            "settings": dict(self.settings),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOptions:
        return cls(
            players=tuple(data["players"]),
            mode=data.get("mode"),
            seed=int(data.get("seed", 0)),
            settings=dict(data.get("settings", {})),
        )


@dataclass(frozen=True)
class Preview(Generic[State]):
    """What a move would do, nothing committed: the state after it (None when the rules
    refuse it), the rules' reason for refusing, and each player's score change."""

    after: State | None
    reason: str | None = None
    gains: Mapping[str, int] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return self.after is not None


# A judge of planned physical moves in one state (see Engine.plan_check): why the rules
# refuse the plan before any physics runs, or None.
PlanCheck = Callable[[Mapping[str, Any]], str | None]


class _Applies(Protocol[State]):
    """The part of an engine a preview needs."""

    def apply(self, state: State, move: Mapping[str, Any]) -> State: ...

    def scores(self, state: State) -> dict[str, int]: ...


def preview_by_applying(
    engine: _Applies[State], state: State, move: Mapping[str, Any]
) -> Preview[State]:
    """``Engine.preview`` for any engine: apply ``move`` and compare the scores."""
    try:
        after = engine.apply(state, move)
    except IllegalMove as refused:
        return Preview(None, refused.reason)
    before, now = engine.scores(state), engine.scores(after)
    return Preview(after, None, {name: now[name] - before.get(name, 0) for name in now})


class Engine(Protocol[State]):
    """The rules of one game. Engines hold no game state: every method is a function
    of its arguments, so one ``ENGINE`` serves any number of games."""

    kind: str  # as the registry and scenario files name the game
    modes: tuple[str, ...]

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        """The game's own options: what GameOptions.settings may hold."""
        ...

    def player_counts(self, mode: str) -> tuple[int, ...]:
        """How many players ``mode`` is for."""
        ...

    def new_game(self, options: GameOptions, seed: int | None = None) -> State:
        """The first state; ``seed`` overrides ``options.seed``. ValueError (of which
        IllegalMove is one) for options the rules refuse."""
        ...

    def to_act(self, state: State) -> list[str]:
        """Who must decide now (several in a simultaneous phase; none once over)."""
        ...

    def legal_moves(self, state: State) -> list[Move]:
        """Every move open now; physical ones without their outcome."""
        ...

    def apply(self, state: State, move: Mapping[str, Any]) -> State:
        """The state after ``move``; IllegalMove, ``state`` untouched, if refused."""
        ...

    def scores(self, state: State) -> dict[str, int]: ...

    def outcome(self, state: State) -> Outcome: ...

    def to_dict(self, state: State) -> dict[str, Any]:
        """JSON-safe: ``{"game": kind, "chance": int, "state": {...}}``."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> State: ...

    def digest(self, state: State) -> str:
        """Hex SHA-256 of the state's own canonical JSON (what the golden hashes use)."""
        ...

    def clone(self, state: State) -> State:
        """An independent copy equal to ``state``."""
        ...

    # -- for the conformance suite and the simplest bots -----------------------------

    score_lowering: frozenset[str]  # event types after which a score may go down

    def events(self, state: State) -> Sequence[Mapping[str, Any]]:
        """The game's event log, oldest first; it only ever grows."""
        ...

    def inventory(self, state: State) -> dict[str, list[str]]:
        """Every piece (block, cube, card, die) by where it is: each piece once, and
        the same pieces all game long."""
        ...

    def random_move(self, state: State, chance: Chance) -> Move:
        """A uniformly chosen legal move, a physical one with a plausible outcome
        invented as plain data (no physics). Draws from ``chance``, never the game's."""
        ...

    # -- for the app, the bots, the lab and the environments ----------------------------

    def content(self) -> Mapping[str, Any]:
        """The game's fixed material as plain JSON-safe data, the same for every game:
        ``"pieces"``, every piece a game may hold (each piece of ``inventory``) by id,
        each a dict with its ``"kind"`` ("block", "cube", "card", "die", ...) and what a
        panel or an observation reads of it (colour, cells, points, effect, boxes); plus
        the game's own tables (LOTS ``colours``; Crazy Tower ``challenges``; ...). Each
        call gives a fresh copy, the caller's to keep or change."""
        ...

    def describe(self, state: State) -> dict[str, Any]:
        """The state as plain JSON-safe data for panels, words and observations, players
        by name: ``phase``, ``to_act``, ``scores`` and ``players`` (name -> what the table
        shows of that player), plus the game's own public parts. Hidden information (a
        deck's order, a secret role before the end) is left out."""
        ...

    def physical_choices(self, state: State) -> list[Move]:
        """The legal moves whose result the physics decides (a placement, a removal),
        without outcome, each naming the piece the hand carries; [] for a game without
        physics. Every one is also in ``legal_moves``."""
        ...

    def plan_check(self, state: State) -> PlanCheck:
        """A judge of planned physical moves in ``state``, which reads the state once (an
        action mask judges hundreds of plans). A plan is a physical move saying where the
        hand means to put its piece in place of an outcome (LOTS ``{"type": "place",
        "piece", "cells"}``; Crazy Tower ``{"type": "place_block", "block", "at",
        "span"}``); the judge says why the rules refuse it before any physics runs, or
        None: the same check the match makes before the hand moves."""
        ...

    def preview(self, state: State, move: Mapping[str, Any]) -> Preview[State]:
        """What ``move`` would do (a physical one carries its outcome), nothing
        committed (``preview_by_applying`` does it for any engine)."""
        ...
