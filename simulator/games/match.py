"""The match contract every game shares: one way in, the action log, refusals, notices.

A match binds a rules state to whatever decides its outcomes (for LOTS and Crazy Tower,
a physics world and the simulated hand). A game is its options, its seed and its action
log (docs/architecture.md), so every accepted action is logged as a scenario file writes it, a
refused one changes nothing, and the state can always be rebuilt by replaying the log:
``rebuild``, ``copy`` and ``truncate`` (the app's undo) all do exactly that, which is
bit-exact where ``Space.copy()`` is not. Nothing outside a match writes its state or log.
"""

from __future__ import annotations

import copy as copying
import copyreg
import functools
import io
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Self, TypeVar

from rules.engine import Outcome
from rules.errors import IllegalMove
from simulator.games.ahead import AheadRun
from simulator.games.notices import Event, Notice, merge_notices
from simulator.games.registry import GAMES
from simulator.physics.hand import Hand
from simulator.physics.lot import Lot
from simulator.physics.monitor import WATCH_EVERY, Monitor
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.world import World


@dataclass(frozen=True)
class Verdict:
    """What one physical action decided, as the rules took it: the pieces that fell (in
    the order they fell) and the game's own outcome record (LOTS ``PlacementOutcome``,
    Crazy Tower ``BlockOutcome``, ``FloorCardOutcome`` or ``RemovalOutcome``)."""

    fallen: tuple[str, ...]
    outcome: Any


class Match(ABC):
    """One game in progress. Subclasses build the state in ``_reset`` and apply one
    action in ``_perform`` (raising IllegalMove with nothing changed, or rebuilding from
    the log when the rules refuse what the physics did)."""

    kind: ClassVar[str]  # the game kind, as the registry and scenario files name it

    def __init__(self) -> None:
        self._actions: list[dict[str, Any]] = []
        self._notices: list[Notice] = []
        # A scratch copy (a bot's rollout) is dropped, not rebuilt, when refused.
        self._scratch = False
        self._reset()

    # -- the one way in -------------------------------------------------------------

    def perform(self, action: dict[str, Any]) -> Verdict | None:
        """Apply one scenario action (its ``type``, ``player`` and keys); the verdict
        of a physical one. IllegalMove leaves the game as it was."""
        verdict, logged = self._perform(dict(action))
        self._log(logged)
        return verdict

    def _log(self, logged: dict[str, Any]) -> None:
        self._actions.append(logged)
        self._after(logged)

    def pinned_setup(self, rng: Random) -> dict[str, Any] | None:
        """The [setup] of this game, not yet begun, with its secrets (a hidden role)
        drawn by ``rng`` rather than from the seed; None if it keeps none. Network play
        shares the seed with every player, so a secret drawn from it is no secret."""
        return None

    def setup_seen_by(self, player: str | None) -> dict[str, Any] | None:
        """The [setup] that ``player`` (None: a spectator) may know while the game goes
        on, replayed by their copy in place of this one; None if they may know it all."""
        return None

    def secrets_said(self) -> str | None:
        """What the players may still work out about the game's secrets, in a sentence
        or two for a network game's lobby; None if it keeps none."""
        return None

    def run_ahead(self, action: dict[str, Any], *, released: bool = False) -> bool:
        """Run a live move's recorded path ahead of its final action, as far as it goes
        (network play streams it); False where the game cannot (the default). ``perform``
        of the final action goes on from there, or drops it if the action differs."""
        return False

    def settle_ahead(self, chunks: int | None = None) -> bool:
        """Let a piece let go ahead of its action settle, ``chunks`` looks of the settle
        loop at most (None: until it rests; a screen shows it settling a chunk a frame);
        True once nothing settles."""
        return True

    def refuse(self, player: str | None, reason: str, action_index: int) -> None:
        """Log a refused action as an event (scenarios and the app show it)."""
        self.notice(
            {
                "turn": self.turn,
                "player": player,
                "type": "refused",
                "action": action_index,
                "reason": reason,
            }
        )

    def notice(self, event: Event) -> None:
        """A match event (a refusal, a piece taken back) where the rules' log stands now."""
        self._notices.append((len(self.state.events), event))

    # -- the log ----------------------------------------------------------------------

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The accepted actions, as a scenario file holds them (a copy)."""
        return [dict(a) for a in self._actions]

    @property
    def action_count(self) -> int:
        return len(self._actions)

    def rebuild(self) -> None:
        """The state (and world) exactly as replaying the action log leaves them."""
        self._replay(self._actions)

    def truncate(self, count: int) -> None:
        """Keep the first ``count`` actions and rebuild (the app's undo)."""
        if not 0 <= count <= len(self._actions):
            raise ValueError(f"the log has {len(self._actions)} actions, not {count}")
        self._replay(self._actions[:count])

    def copy(self) -> Self:
        """An exact, independent copy: the same options, the log replayed."""
        twin = copying.copy(self)
        twin._actions, twin._notices, twin._scratch = [], [], False
        twin._reset()
        twin._replay(self._actions)
        twin._notices = list(self._notices)
        return twin

    def scratch_copy(self) -> Self:
        """A fast throwaway copy for a bot's rollout (a deep copy of the world as it is,
        close to but not bit-exact with a replay): no logs, dropped rather than rebuilt
        when the rules refuse what its physics did."""
        return self.scratch_copies()()

    def scratch_copies(self) -> Callable[[], Self]:
        """``scratch_copy``'s copies of the match as it is now, as many as asked for: a
        decision's rollouts all start from the one position, which is pickled once.

        A copy is unpickled: the same reductions (pymunk's own state of every space,
        body and shape) and the same order as ``copy.deepcopy``, so the same copy, but
        walked in C rather than in Python, at about half the cost."""
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
        pickler.dispatch_table = {**copyreg.dispatch_table, type(self): _without_logs}
        pickler.dump(self)
        return functools.partial(_unpickled, buffer.getvalue())

    def _replay(self, actions: Sequence[dict[str, Any]]) -> None:
        log = list(actions)
        refused = [n for n in self._notices if n[1]["type"] == "refused"]
        self._actions, self._notices = [], []
        self._reset()
        for action in log:
            self.perform(action)
        self._notices.extend(refused)

    def _refused_by_rules(self) -> None:
        """The rules refused what the physics produced: back to what the log says."""
        if not self._scratch:
            self.rebuild()

    # -- reading ----------------------------------------------------------------------

    @property
    @abstractmethod
    def state(self) -> Any:
        """The rules state (read-only for everybody but the match)."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The turn (or round) number events are stamped with."""

    @abstractmethod
    def state_hash(self) -> str: ...

    @property
    @abstractmethod
    def seed(self) -> int:
        """The seed of the game's every chance (a scenario file's ``seed``)."""

    @abstractmethod
    def setup_table(self) -> dict[str, Any]:
        """The scenario ``[setup]`` table that rebuilds this match's options: what the
        game's scenario parser reads back into the same options (None: leave the key out)."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The report's view of the game: players, scores, winners, over, end_reason,
        turns, then the game's own fields (docs/scenario-format.md, the report)."""

    def outcome(self) -> Outcome:
        """Whether the game is over, who won and why, as the game's rules engine says."""
        return GAMES.get(self.kind).load("engine").outcome(self.state)

    def events(self) -> list[Event]:
        """The rules' events with the match's notices merged in where they happened."""
        return merge_notices(self.state.events, self._notices)

    @property
    def notices(self) -> list[Notice]:
        return list(self._notices)

    # -- for subclasses ---------------------------------------------------------------

    @abstractmethod
    def _reset(self) -> None:
        """Build the first state (and world) from the options."""

    @abstractmethod
    def _perform(self, action: dict[str, Any]) -> tuple[Verdict | None, dict[str, Any]]:
        """Apply ``action``; return its verdict and the action as the log holds it."""

    def _after(self, logged: dict[str, Any]) -> None:  # noqa: B027 (a hook, empty by default)
        """Called after an action is logged (Crazy Tower's clock ticks here)."""


def _unpickled(data: bytes) -> Any:
    """A scratch copy from its pickle (Match.scratch_copies)."""
    twin = pickle.loads(data)
    twin._scratch = True
    return twin


def _without_logs(match: Match) -> tuple[Any, ...]:
    """How a scratch copy pickles its match: as ``copy.deepcopy`` reduces any object,
    with empty logs in place of the match's."""
    newobj = copyreg.__newobj__  # type: ignore[attr-defined]  # there at run time, not in typeshed
    return newobj, (type(match),), {**vars(match), "_actions": [], "_notices": []}


P = TypeVar("P", bound="PhysicalMatch")


def _with_contacts(plain: Callable[[], P]) -> P:
    """A physical match's scratch copy, its contacts found as a stepped world has them."""
    twin = plain()
    twin.world.find_contacts()
    return twin


class PhysicalMatch(Match):
    """A match whose physical moves the world and the simulated hand decide."""

    # The footprint's grid on the table, for a game played on one (LOTS): pictures of the
    # match draw its boundaries.
    lot: Lot | None = None

    def __init__(self, profile: PhysicsProfile | None = None) -> None:
        self.profile = profile or load_profile()
        self.physics_ms = 0.0
        super().__init__()

    def _new_world(self) -> World:
        self.world = World(self.profile)
        self._ahead: AheadRun | None = None  # a live move run ahead (run_ahead)
        self._continued: AheadRun | None = None  # what the action performed goes on from
        return self.world

    # -- a live move run ahead of its action (network play, simulator/games/ahead.py) ----

    def perform(self, action: dict[str, Any]) -> Verdict | None:
        """As ``Match.perform``; a refused action that moved the world first (a live
        path the rules stop half-way, a move run ahead and then refused) leaves it as
        the log says: IllegalMove changes nothing."""
        self._continued = self._take_ahead(action)
        world, mark = self.world, self._world_mark()
        try:
            return super().perform(action)
        except IllegalMove:
            moved = self._continued is not None or self._world_mark() != mark
            if self.world is world and moved and not self._scratch:
                self.rebuild()
            raise
        finally:
            self._continued = None

    def _world_mark(self) -> tuple[int, tuple[int, ...]]:
        """What tells a world that moved or changed bodies from one that did not."""
        return self.world.steps, tuple(id(entry) for entry in self.world.entries)

    def run_ahead(self, action: dict[str, Any], *, released: bool = False) -> bool:
        try:
            if self._ahead is not None and not self._ahead.continues(action):
                self._drop_ahead()
            if self._ahead is None:
                self._ahead = self._start_ahead(action)
            self._ahead.feed(action, released=released)
        except (IllegalMove, TypeError, ValueError, KeyError):  # no parser checked it here
            self._drop_ahead()
            return False
        return True

    def settle_ahead(self, chunks: int | None = None) -> bool:
        return self._ahead is None or self._ahead.settle(chunks)

    def _start_ahead(self, action: dict[str, Any]) -> AheadRun:
        """The game's run of a live ``action`` ahead of it (IllegalMove: it cannot)."""
        raise IllegalMove(f"a {self.kind} game runs no move ahead")

    def _take_ahead(self, action: dict[str, Any]) -> AheadRun | None:
        """The run ahead that ``action`` goes on from; any other is dropped first."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return None
        try:
            if ahead.continues(action):
                return ahead
        except (IllegalMove, TypeError, ValueError, KeyError):
            pass
        self.rebuild()
        return None

    def _drop_ahead(self) -> None:
        if self._ahead is not None:
            self._ahead = None
            self.rebuild()

    def scratch_copies(self) -> Callable[[], Self]:
        self._drop_ahead()  # a bot's copy starts from the world the log gives
        return functools.partial(_with_contacts, super().scratch_copies())

    def _new_hand(self) -> Hand:
        self.hand = Hand(self.world)
        return self.hand

    def commit_live(self, action: dict[str, Any], after: Any, fallen: Sequence[str] = ()) -> None:
        """Take a live move the app ran and the player confirmed: ``action`` replays it
        (its recorded hand path), ``after`` is the rules' state for its verdict and
        ``fallen`` the pieces that leave the world now (what ``perform`` does when it
        replays the action)."""
        self._set_state(after)
        for piece in fallen:
            self._remove_fallen(piece)
        self._log(self._logged_live(action))

    @abstractmethod
    def _set_state(self, state: Any) -> None:
        """Replace the rules state (a confirmed live move's verdict only)."""

    def _remove_fallen(self, piece: str) -> None:
        if piece in self.world:
            self.world.remove(piece)

    def _logged_live(self, action: dict[str, Any]) -> dict[str, Any]:
        return action

    def fall_monitor(self, **kwargs: Any) -> tuple[Monitor, Any]:
        """A fall monitor of the world now, and the per-step hook that checks it every
        WATCH_EVERY steps."""
        monitor = Monitor(self.world, **kwargs)
        steps = [0]

        def watch() -> None:
            steps[0] += 1
            if steps[0] % WATCH_EVERY == 0:
                monitor.check()

        return monitor, watch


__all__ = ["WATCH_EVERY", "IllegalMove", "Match", "PhysicalMatch", "Verdict"]
