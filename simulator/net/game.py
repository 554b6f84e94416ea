"""A networked game as every peer holds it: its scenario head and its match.

A game is its setup, its seed and its action log, so the host sends a joining client
the game as a scenario document (what a save holds) and then only moves. Each move is
checked by the game's own scenario parser, exactly as a scenario file's [[action]] is,
and applied as ``towersim replay`` applies it: a move the rules refuse changes nothing
on every peer alike. The host and the clients share this module, so they cannot differ
in what they accept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from random import Random
from typing import Any

from simulator.games.actions import COMPUTER
from simulator.games.match import Match
from simulator.games.record import scenario_document
from simulator.games.registry import GAMES
from simulator.games.runner import perform
from simulator.games.saves import replay_saved
from simulator.physics.world import PlacementRefused
from simulator.replay import load_document
from simulator.scenario.budget import GAME_LIMIT, game_work
from simulator.scenario.document import Document
from simulator.scenario.errors import ScenarioError

# The work one move may cost (steps x iterations, simulator.scenario.budget): a fiftieth
# of a whole game's budget, about two seconds of physics. A save's path may last an hour
# of simulated time; a move sent over the network may not.
MOVE_LIMIT = GAME_LIMIT / 50
# What a document's head holds: everything but its actions and expectations.
HEAD_KEYS = ("format", "kind", "name", "description", "seed", "physics", "setup")
NET_DESCRIPTION = "A network game; replays headless to the same state."


class Refusal(ValueError):
    """Something a peer may not do; ``reason`` is one line, sent as it is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MoveRefused(Refusal):
    """A move no peer may apply."""


@dataclass
class NetGame:
    """The head (the scenario document without its actions) and the match it plays.

    Where the game keeps a secret from some players (Crazy Tower's saboteur), the host's
    game also plays one copy per setup those players may know (``views``), move for
    move: each client is sent its view's log and checked against its view's hash, until
    the game is over and ``reveal`` drops the views."""

    head: dict[str, Any]
    match: Match
    views: dict[str, NetGame] = field(default_factory=dict)  # view key -> its copy
    faults: list[str] = field(default_factory=list)  # moves a game's code failed on

    @classmethod
    def new(cls, match: Match, name: str, rng: Random | None = None) -> NetGame:
        """A game about to start: ``match`` at its first state; with ``rng``, its
        secrets are drawn by ``rng`` (the host's own randomness), not from the seed."""
        document = scenario_document(match, name=name, description=NET_DESCRIPTION)
        pinned = match.pinned_setup(rng) if rng is not None else None
        if pinned is not None:
            document["setup"] = pinned
            loaded = load_document(Document("the game's setup", "", document, "json"))
            match = loaded.scenario.new_match()
            document = scenario_document(match, name=name, description=NET_DESCRIPTION)
        game = cls(head_of(document), match)
        game.open_views()
        return game

    @classmethod
    def from_document(cls, where: str, document: dict[str, Any]) -> NetGame:
        """The game a scenario document holds, replayed and checked against the state
        hash it records; ScenarioError (one line naming ``where``) if it is bad."""
        loaded = load_document(Document(where, "", document, "json"))
        saved = replay_saved(where, loaded)
        return cls(head_of(document), saved.match)

    def renamed(self, old: str, new: str) -> NetGame:
        """This game before its first move with the seat ``old`` called ``new``, in its
        players and wherever its setup names that seat (a first player, a pinned
        saboteur): the same game otherwise, its secrets as drawn."""
        if self.match.action_count:
            raise Refusal("a seat keeps its name once the game has begun")
        head = {**self.head, "setup": _renamed(self.head["setup"], old, new)}
        loaded = load_document(Document("the game's setup", "", {**head, "action": []}, "json"))
        game = NetGame(head, loaded.scenario.new_match())
        game.open_views()
        return game

    # -- secrets -----------------------------------------------------------------------

    def view_key(self, player: str | None) -> str:
        """Which copy ``player`` (None: a spectator) plays: "" for this game itself."""
        setup = self.match.setup_seen_by(player)
        return "" if setup is None else json.dumps(setup, sort_keys=True)

    def open_views(self) -> None:
        """The copies of the game those who may not know its secrets play."""
        for player in [*self.players, None]:
            key = self.view_key(player)
            if key and key not in self.views:
                document = {**self.head, "setup": json.loads(key), "action": self.match.actions}
                self.views[key] = NetGame.from_document("a view of the game", document)

    def view_of(self, player: str | None) -> NetGame:
        return self.views.get(self.view_key(player), self)

    def reveal(self) -> bool:
        """Once the game is over its secrets are everyone's: the views go. True if
        there were any (every client is then sent the game itself)."""
        if not self.views or self.view_key(None):
            return False
        self.views = {}
        return True

    @property
    def kind(self) -> str:
        return self.match.kind

    def document(self) -> dict[str, Any]:
        """The game so far as a scenario document (a save of it): what a peer that
        joins late replays, and what ``towersim replay`` reproduces."""
        full = scenario_document(
            self.match, name=self.head["name"], description=self.head["description"]
        )
        full["setup"] = self.head["setup"]
        return full

    def check(self, action: Any, where: str = "move") -> dict[str, Any]:
        """``action`` as the game's scenario parser reads an [[action]] table (its
        types, keys and ranges), within one move's work; MoveRefused if it is not."""
        if not isinstance(action, dict):
            raise MoveRefused("a move's action must be a table")
        if action.get("type") == COMPUTER:
            raise MoveRefused("only the host's computers play computer moves")
        document = {**self.head, "action": [action]}
        try:
            loaded = load_document(Document(where, "", document, "json"))
        except ScenarioError as exc:
            raise MoveRefused(exc.message) from None
        scenario = loaded.scenario
        physical: frozenset[str] = getattr(type(scenario), "PHYSICAL_ACTIONS", frozenset())
        work = game_work(scenario.actions, physical, scenario.profile)
        if work > MOVE_LIMIT:
            raise MoveRefused(
                f"the move would cost about {work:.3g} steps x iterations of physics, "
                f"more than one move may ({MOVE_LIMIT:.3g}); its hand path is too long"
            )
        return scenario.actions[0]

    def to_act(self) -> tuple[str, ...]:
        """The players the rules wait for now (none once the game is over)."""
        return tuple(GAMES.get(self.kind).load("engine").to_act(self.match.state))

    def apply(self, action: dict[str, Any]) -> bool:
        """Apply one checked move as a replay does; True if the rules accepted it (it
        entered the log), False if they refused it (nothing changed)."""
        for view in self.views.values():
            view.apply(action)
        before = self.match.action_count
        try:
            perform(self.match, action, before, seed=self.match.seed)
        except PlacementRefused:  # a piece the world cannot take: refused, as the rules do
            self.match.rebuild()
            return False
        except Exception as exc:  # a fault in a game's code: every peer meets it alike
            self.faults.append(f"{type(exc).__name__}: {exc}")
            self.match.rebuild()  # whatever the failed move left in the world goes
            return False
        return self.match.action_count > before

    def played_elsewhere(self, actions: list[dict[str, Any]]) -> None:
        """Moves applied to this game's match directly (the host's computers): the
        views play them too."""
        for view in self.views.values():
            for action in actions:
                view.apply(action)

    def hashes(self) -> dict[str, str]:
        """The state hash of this game ("") and of each view (by its key)."""
        return {"": self.state_hash(), **{k: v.state_hash() for k, v in self.views.items()}}

    def state_hash(self) -> str:
        return self.match.state_hash()

    @property
    def over(self) -> bool:
        return bool(self.match.outcome().over)

    @property
    def players(self) -> list[str]:
        return list(self.match.summary()["players"])


def _renamed(value: Any, old: str, new: str) -> Any:
    """``value`` (a setup table) with every string ``old`` (a seat's name) made ``new``."""
    if value == old:
        return new
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, old, new) for key, item in value.items()}
    return value


def head_of(document: dict[str, Any]) -> dict[str, Any]:
    return {key: document[key] for key in HEAD_KEYS if key in document}
