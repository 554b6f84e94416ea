"""The one list of game kinds: what each is called and where its parts live.

Every part is named by import path ("module:attribute", or "module" for a whole
module) and loaded on first use, so start-up stays cheap and a build without a game's
package simply lists fewer kinds. The CLI, ``replay``, the runner, the app, the labs
and the conformance suite read this list and no other, and every table that differs by
game is a part or a fact of its entry; a game defined elsewhere (a plug-in,
or the tests' tiny game) joins with ``register``, as ``gymnasium.register`` adds an
environment, or by naming its module in ``TOWERSIM_GAMES`` (see ``load_plugins``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from rules.engine import Parameter
from simulator.bots.dexterity import Dexterity, get_profile

PLUGINS_VARIABLE = "TOWERSIM_GAMES"
# The one scenario-document builder every built-in game uses: a match gives its own
# [setup] through Match.setup_table(), so a game needs no builder of its own.
DOCUMENT_BUILDER = "simulator.games.record:scenario_document"
KIND_PATTERN = re.compile(r"[a-z][a-z0-9-]*")
RESERVED = ("sandbox",)  # kinds the scenario layer runs itself
# What a game's screen module defines (see GameKind): a new game, a save, a network game.
SCREEN_FUNCTIONS = ("open_screen", "load_screen", "around")


class MissingPart(LookupError):
    """A registered game lacks a part, or names one that cannot be imported."""


@dataclass(frozen=True)
class GameKind:
    """One game: its ``kind`` as scenario files name it, its title, and its parts.

    Each part is an import path; ``load(part)`` imports it. What each must be:

    - ``engine``: the rules, a ``rules.engine.Engine`` (``modes`` come from it).
    - ``match``: the match factory, ``new_match(scenario: GameScenario) -> Match``.
    - ``setup``: the setup parser, ``parse(root, header, profile) -> GameScenario``,
      reading a scenario file's [setup], [[action]] and [expect] tables.
    - ``action_keys``: ``{action type: the keys it may carry}``, "computer" among them.
    - ``document``: the scenario-document builder, ``(match, *, name, description,
      expect=None, computers=None, hand=None) -> dict``: the scenario a recording
      (``play --record``) and a save write; by default the one builder for every game.
    - ``players``: the player factory for a ``computer`` action,
      ``play_computer(match, action, index, seed)``: seats the game's seeded computer
      players and lets them decide.
    - ``computer``: the game's computer players, a ``computer_seat.Computers`` (how a
      seat's player of a level is made and its decision applied, the game's refusal
      limit) that every computer seat is driven by; None: no computer can take a seat.
    - ``command``: the ``towersim play KIND`` module: ``add_arguments(parser)``,
      ``run(args) -> int``.
    - ``screen``: the app's screen module (``SCREEN_FUNCTIONS``): ``open_screen(setup)``
      (a new game), ``load_screen(path)`` (a save) and ``around(match, humans)`` (the
      screen on a network game's replica, only ``humans`` played at this desk); and,
      optionally, ``held_look(piece) -> (outline, tone, name)``, how a piece held on
      another desk is drawn (without it, by its id only). None for a game the app does
      not offer. ``screen_lacks()`` checks the module without importing it (a display).
    - ``picture``: for a game without a physics world, ``write_picture(path, target)``,
      the picture ``replay --png`` draws of a scenario's end; None: the world is drawn
      (every physical game).
    - ``words``: the app's words module: ``event_text(event) -> str`` (one event as a
      sentence) and ``ending_words(state, outcome, winners, scores) -> (headline, why,
      score heading)`` (the results card and ``play``'s summary); optionally
      ``said(events) -> str`` (a move's events told together, for the replay viewer) and
      ``FEWER_POINTS_BETTER`` (the results rank the fewest points first); None: plain
      words.
    - ``replay_table``: for a game without a physics world, the replay viewer's painter
      of a state, ``paint(mesh, hud, state, region)``; None: the viewer lists the moves.
    - ``profile``: the physics profile the game's world runs with, from a named one,
      ``profile(base) -> PhysicsProfile`` (as its scenarios parse it); None: as named.
    - ``fallen``: how many pieces an event says fell, ``fallen(event) -> int``; the lab
      counts falls per seat with it. None: no falls to count (no physics while played).
    - ``envs``: the game's Gymnasium environments, a tuple of
      ``simulator.rl.game_envs.EnvId`` that ``simulator.rl.registration`` registers;
      None: none.
    - ``named_hands``: the game's own hands beside the shared dexterity profiles,
      ``named_hands(name) -> Dexterity`` (KeyError naming the known ones); Crazy Tower's
      ``challenge-N`` is a solo challenge's handicap as a hand. None: the shared ones.
    - ``commands``: further top-level commands, name -> module with ``HELP``,
      ``DESCRIPTION``, ``add_arguments`` and ``run`` (Filled In's ``sheet``).

    And two facts, not parts: ``mode_key``, the scenario [setup] key that holds the
    engine's mode ("mode"; Filled In's "variant"), and ``hands``, whether a person's
    seat plays with the simulated hand (its dexterity is a choice in the app).
    """

    kind: str
    title: str
    engine: str
    match: str
    setup: str
    action_keys: str
    document: str
    players: str
    command: str
    screen: str | None = None
    picture: str | None = None
    words: str | None = None
    replay_table: str | None = None
    computer: str | None = None
    fallen: str | None = None
    profile: str | None = None
    envs: str | None = None
    named_hands: str | None = None
    commands: Mapping[str, str] = field(default_factory=dict)
    mode_key: str = "mode"
    hands: bool = True

    def __post_init__(self) -> None:
        if not KIND_PATTERN.fullmatch(self.kind):
            raise ValueError(f"a kind is lower-case letters, digits and '-', not {self.kind!r}")

    @classmethod
    def from_package(
        cls, kind: str, title: str, package: str, engine: str, **overrides: Any
    ) -> GameKind:
        """A game laid out as the built-in ones are: ``package.match:new_match``,
        ``package.scenario:parse``, ``:ACTION_KEYS`` and ``:play_computer``,
        ``package.play`` (the command), ``package.bots:COMPUTERS``, and the one
        document builder, ``simulator.games.record:scenario_document``; ``overrides``
        change any."""
        parts = {
            "match": f"{package}.match:new_match",
            "setup": f"{package}.scenario:parse",
            "action_keys": f"{package}.scenario:ACTION_KEYS",
            "document": DOCUMENT_BUILDER,
            "players": f"{package}.scenario:play_computer",
            "command": f"{package}.play",
            "computer": f"{package}.bots:COMPUTERS",
        }
        return cls(kind, title, engine, **{**parts, **overrides})

    def load(self, part: str) -> Any:
        """The part named ``part`` (see the class docstring); MissingPart if the game has
        none or its path does not import."""
        path = getattr(self, part, None) if part in PARTS else None
        if not isinstance(path, str):
            raise MissingPart(f"the game {self.kind!r} has no {part}")
        return load_path(path, f"the {part} of the game {self.kind!r}")

    def hand(self, name: str) -> Dexterity:
        """The hand named ``name`` in this game: a shared dexterity profile or one of the
        game's own (``named_hands``); KeyError naming the known ones."""
        if self.named_hands is None:
            return get_profile(name)
        found: Dexterity = self.load("named_hands")(name)
        return found

    @property
    def modes(self) -> tuple[str, ...]:
        return tuple(self.load("engine").modes)

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        """The game's own options (its engine's ``parameters``)."""
        return tuple(self.load("engine").parameters)

    def screen_lacks(self) -> list[str]:
        """The functions of ``SCREEN_FUNCTIONS`` the screen module does not define at its
        top level, read from its source (importing it would need a display); [] for a
        game without a screen."""
        if self.screen is None:
            return []
        spec = importlib.util.find_spec(self.screen)
        if spec is None or spec.origin is None:
            raise MissingPart(f"the screen of the game {self.kind!r} ({self.screen}) is not found")
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"), spec.origin)
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        return [name for name in SCREEN_FUNCTIONS if name not in defined]

    def present(self) -> bool:
        """Whether this build has the game (its command module is there)."""
        try:
            return importlib.util.find_spec(self.command) is not None
        except ModuleNotFoundError:
            return False


FACTS = ("kind", "title", "commands", "mode_key", "hands")
PARTS = tuple(f.name for f in fields(GameKind) if f.name not in FACTS)


def load_path(path: str, what: str) -> Any:
    """Import ``module`` or ``module:attribute``; MissingPart (one line) if it fails."""
    module_name, _, attribute = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise MissingPart(f"{what} ({path}) cannot be imported: {exc}") from None
    if not attribute:
        return module
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise MissingPart(f"{what} ({path}): {module_name} has no {attribute!r}") from None


def _physical(kind: str, title: str, name: str, **overrides: Any) -> GameKind:
    """A built-in game played in the physics: its falls count."""
    fallen = f"simulator.games.{name}.falls:fallen_in_event"
    return _built_in(kind, title, name, fallen=fallen, **overrides)


def _built_in(kind: str, title: str, name: str, **overrides: Any) -> GameKind:
    return GameKind.from_package(
        kind,
        title,
        f"simulator.games.{name}",
        f"rules.{name}.engine:ENGINE",
        screen=f"simulator.app.{name}.screen",
        words=f"simulator.app.{name}.words",
        **overrides,
    )


_BUILT_IN = (
    _physical("lots", "LOTS", "lots", envs="simulator.rl.game_envs:LOTS"),
    _physical(
        "crazy-tower",
        "Crazy Tower",
        "crazy_tower",
        profile="simulator.games.crazy_tower.bodies:tower_profile",
        envs="simulator.rl.game_envs:CRAZY_TOWER",
        named_hands="simulator.games.crazy_tower.handicap:hand_profile",
    ),
    _built_in(
        "filled-in",
        "LOTS: Filled In",
        "filled_in",
        commands={"sheet": "simulator.games.filled_in.sheet"},
        picture="simulator.games.filled_in.picture:write_picture",
        replay_table="simulator.app.filled_in.replay_table:paint_sheets",
        mode_key="variant",
        hands=False,
    ),
)


class Registry:
    """Game kinds in registration order (the built-in three first)."""

    def __init__(self, kinds: tuple[GameKind, ...]) -> None:
        self._kinds: dict[str, GameKind] = {}
        for game in kinds:
            self.register(game)

    def register(self, game: GameKind) -> None:
        """Add ``game``; ValueError if its kind (or one of its commands) is taken."""
        if game.kind in RESERVED:
            raise ValueError(f"{game.kind!r} is not a game kind (the scenario layer's own)")
        if game.kind in self._kinds:
            raise ValueError(f"a game of kind {game.kind!r} is registered already")
        taken = {name for other in self._kinds.values() for name in other.commands}
        clash = sorted(taken & set(game.commands))
        if clash:
            raise ValueError(f"the command {clash[0]!r} belongs to another game")
        self._kinds[game.kind] = game

    def unregister(self, kind: str) -> None:
        self._kinds.pop(kind, None)

    @contextmanager
    def registered(self, game: GameKind) -> Iterator[GameKind]:
        """``game`` registered for the block (tests register their own games this way)."""
        self.register(game)
        try:
            yield game
        finally:
            self.unregister(game.kind)

    def kinds(self) -> list[str]:
        """The kinds whose package is present in this build."""
        return [kind for kind, game in self._kinds.items() if game.present()]

    def games(self) -> list[GameKind]:
        return [self._kinds[kind] for kind in self.kinds()]

    def get(self, kind: str) -> GameKind:
        """The game of ``kind``; UnknownGame (a KeyError) listing the known kinds."""
        game = self._kinds.get(kind)
        if game is None or not game.present():
            raise UnknownGame(f"unknown game {kind!r} (known: {', '.join(self.kinds())})")
        return game

    def load_plugins(self, environ: Mapping[str, str] | None = None) -> None:
        """Register the games of the modules ``TOWERSIM_GAMES`` names (comma-separated
        module names, each with a module attribute ``GAME``, a GameKind), e.g.
        ``TOWERSIM_GAMES=tests.games.tiny``. A module already registered is skipped, so
        loading twice is harmless; PluginError (one line) for a bad name."""
        environ = os.environ if environ is None else environ
        for name in (n.strip() for n in environ.get(PLUGINS_VARIABLE, "").split(",")):
            if name:
                self._load_plugin(name)

    def _load_plugin(self, name: str) -> None:
        where = f"{PLUGINS_VARIABLE}: {name!r}"
        if not all(part.isidentifier() for part in name.split(".")):
            raise PluginError(f"{where} is not a module name")
        try:
            game = load_path(f"{name}:GAME", "a plug-in game")
        except MissingPart as exc:
            raise PluginError(f"{where}: {exc}") from None
        if not isinstance(game, GameKind):
            raise PluginError(f"{where}: its GAME is not a GameKind")
        if self._kinds.get(game.kind) == game:
            return
        try:
            self.register(game)
        except ValueError as exc:
            raise PluginError(f"{where}: {exc}") from None


class UnknownGame(KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class PluginError(ValueError):
    """A plug-in game named in TOWERSIM_GAMES cannot be registered."""


GAMES = Registry(_BUILT_IN)
