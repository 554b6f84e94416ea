"""What an environment asks of a game: the adapter contract, the numbered action list,
and the parameters every environment shares (hands, physics, seeds).

An adapter owns one game's reading of a match: its actions numbered as one Discrete
space (``Catalogue``), which of them are legal now (the mask), what each seat may see (the
observation arrays) and how an action is carried out (a placement by the simulated hand
under the seat's dexterity profile, so the agent chooses and the hand may miss). The
PettingZoo and Gymnasium environments (aec.py, solo.py) drive any adapter alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

import numpy as np
from gymnasium import spaces

from rules.chance import Chance
from rules.engine import Engine
from simulator.bots.dexterity import Dexterity, get_profile
from simulator.games.match import Match
from simulator.games.registry import GAMES
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.replay import load_document
from simulator.rl.errors import InvalidAction
from simulator.scenario.document import json_document
from simulator.seeds import MAX_SEED

# The action every seat but the one the rules wait for takes in a PettingZoo cycle.
WAIT = ("wait",)
# An action's kind, then its arguments: strings, numbers, booleans or None, each game's
# catalogue says which by position (so a reader takes them as its catalogue wrote them).
Entry = tuple[Any, ...]
M = TypeVar("M", bound=Match)  # the game's own match


def engine_of(kind: str) -> Engine[Any]:
    """The rules of game ``kind``: an adapter's one way into them (the registry's)."""
    engine: Engine[Any] = GAMES.get(kind).load("engine")
    return engine


def scenario_match(kind: str, setup: Mapping[str, Any], seed: int, profile: PhysicsProfile) -> Any:
    """The match a scenario file of ``kind`` with this ``[setup]`` and ``seed`` starts
    (its own parser checks the setup), played on ``profile``."""
    header = {"format": "towersim/1", "kind": kind, "name": f"{kind} environment", "seed": seed}
    document = json_document(f"{kind} environment", json.dumps({**header, "setup": setup}))
    return replace(load_document(document).scenario, profile=profile).new_match()


class Catalogue:
    """The actions of one environment, numbered: entry ``i`` is a tuple whose first item
    names the kind of action ("roll", "place", ...) and the rest its arguments."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._index = {entry: i for i, entry in enumerate(self.entries)}
        if len(self._index) != len(self.entries):
            raise ValueError("an action catalogue lists an action twice")

    def __len__(self) -> int:
        return len(self.entries)

    def index(self, entry: Entry) -> int:
        """The number of ``entry``; KeyError if the catalogue has no such action."""
        return self._index[entry]

    def get(self, entry: Entry) -> int | None:
        return self._index.get(entry)

    def describe(self, index: int) -> str:
        """Action ``index`` in words, for error messages and docs."""
        entry = self.entries[index]
        args = ", ".join("none" if a is None else str(a) for a in entry[1:])
        return f"{entry[0]}({args})" if args else str(entry[0])

    def mask(self, entries: Sequence[Entry]) -> np.ndarray:
        out = np.zeros(len(self.entries), dtype=np.int8)
        for entry in entries:
            i = self._index.get(entry)
            if i is not None:
                out[i] = 1
        return out


class GameAdapter(Protocol[M]):
    """One game as the environments see it (see the module docstring)."""

    players: tuple[str, ...]  # the match's player names, seat by seat
    catalogue: Catalogue
    observation_space: spaces.Dict  # every seat's, the action mask included

    def new_match(self, seed: int) -> M: ...

    def to_act(self, match: M) -> list[int]:
        """The seats the rules wait for (none once the game is over)."""
        ...

    def legal(self, match: M, seat: int) -> np.ndarray:
        """The action mask of ``seat`` (int8, 1 = legal), all zeros if it need not act;
        the environments add WAIT."""
        ...

    def observe(self, match: M, seat: int) -> dict[str, np.ndarray]:
        """What ``seat`` may see, every key of the observation space but the mask."""
        ...

    def perform(self, match: M, seat: int, index: int, hand: Chance) -> None:
        """Carry out action ``index`` for ``seat`` (already known legal); a placement
        draws its noise from ``hand``."""
        ...

    def scores(self, match: M) -> list[float]:
        """Each seat's score as the rules keep it (rewards are its changes)."""
        ...


P = TypeVar("P")


def _named(name: str | P, kind: type[P], load: Callable[[str], P], what: str) -> P:
    """``name`` if it is already a ``kind``, else the one ``load`` finds by that name;
    ValueError saying ``what`` and the known names (load's KeyError) if none is."""
    if isinstance(name, kind):
        return name
    try:
        return load(str(name))
    except KeyError as exc:
        raise ValueError(f"{what}: {exc.args[0]}") from None


def hand_of(name: str | Dexterity, named: Callable[[str], Dexterity] = get_profile) -> Dexterity:
    """A dexterity profile from its name (``named``: the game's lookup, the shared
    profiles and its own); ValueError naming the known ones."""
    return _named(name, Dexterity, named, "hand")


def physics_of(name: str | PhysicsProfile) -> PhysicsProfile:
    """A physics profile from its name (assets/physics); ValueError naming the known ones."""
    return _named(name, PhysicsProfile, load_profile, "physics")


def hands_for(
    hand: str | Dexterity | Sequence[str | Dexterity],
    seats: int,
    named: Callable[[str], Dexterity] = get_profile,
) -> list[Dexterity]:
    """One profile per seat from one name (every seat) or a name per seat."""
    if isinstance(hand, str | Dexterity):
        return [hand_of(hand, named)] * seats
    names = list(hand)
    if len(names) != seats:
        raise ValueError(f"hand: give one profile or {seats} (one per seat), not {len(names)}")
    return [hand_of(n, named) for n in names]


def check_count(name: str, value: Any, low: int, high: int) -> int:
    """A whole-number parameter within [low, high], or ValueError saying which."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    if not low <= int(value) <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}")
    return int(value)


def episode_seed(seed: int | None, np_random: np.random.Generator) -> int:
    """The game's seed: ``seed`` itself when given (so seed s is game s, the same game
    ``towersim play --seed s`` would set up), else drawn from the env's generator."""
    if seed is not None:
        return check_count("seed", seed, 0, MAX_SEED)
    return int(np_random.integers(0, MAX_SEED, dtype=np.int64))


def checked_action(catalogue: Catalogue, action: Any, mask: np.ndarray, who: str) -> int:
    """``action`` as an index if the mask allows it; InvalidAction (one sentence) if not."""
    n = len(catalogue)
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidAction(f"{who}: an action is a whole number from 0 to {n - 1}, not {action!r}")
    index = int(action)
    if not 0 <= index < n:
        raise InvalidAction(f"{who}: action {index} is outside the action space (0 to {n - 1})")
    if not mask[index]:
        legal = int(mask.sum())
        raise InvalidAction(
            f"{who}: action {index} ({catalogue.describe(index)}) is not legal now "
            f"({legal} action{'s are' if legal != 1 else ' is'} legal: see the action mask)"
        )
    return index


def unit_box(shape: tuple[int, ...], low: float = -1.0, high: float = 1.0) -> spaces.Box:
    return spaces.Box(low=low, high=high, shape=shape, dtype=np.float32)


def mask_space(n: int) -> spaces.Box:
    return spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)


def one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def clipped(values: Any, low: float = -1.0, high: float = 1.0) -> np.ndarray:
    """float32 within the space's bounds (a piece flung off the table stays in range)."""
    return np.clip(np.asarray(values, dtype=np.float32), low, high)
