"""The app's sessions save and load every game the same way: a save loads back to the same
state, seats and hand, replays headless to the hash it records, and a save whose state
hash was edited is refused in one line naming the file (Crazy Tower loads once took it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from simulator.app.crazy_tower import session as crazy_tower_session
from simulator.app.filled_in import session as filled_in_session
from simulator.app.lots import session
from simulator.app.setup import GameSetup, Seat
from simulator.cli import main
from simulator.games.registry import GAMES
from simulator.games.runner import perform
from simulator.scenario.errors import ScenarioError
from tests.games.tiny import screen as tiny_screen

SEED = 3


@dataclass(frozen=True)
class App:
    """One game's session as the screens use it: a new game with a computer seat, save,
    load, and what a game holds (its match, its seats and its human hand)."""

    new: Callable[[], Any]
    save: Callable[[Any, Path], None]
    load: Callable[[Path], Any]
    holds: Callable[[Any], tuple[Any, Any, str | None]]


def _lots_new() -> session.SavedLots:
    match = session.new_match(["Ann", "Computer 2"], "1A", SEED)
    return session.SavedLots(match, SEED, {"Computer 2": "easy"}, "clumsy")


def _setup(kind: str, **options: Any) -> GameSetup:
    return GameSetup(kind, (Seat("Ann"), Seat("Bob", "easy")), seed=SEED, **options)


APPS = {
    "lots": App(
        new=_lots_new,
        save=lambda g, path: session.save(g.match, g.seed, path, g.computers, g.hand),
        load=session.load_saved,
        holds=lambda g: (g.match, g.computers, g.hand),
    ),
    "crazy-tower": App(
        new=lambda: crazy_tower_session.new_game(_setup("crazy-tower", dexterity="clumsy")),
        save=crazy_tower_session.save,
        load=crazy_tower_session.load,
        holds=lambda g: (g.match, g.controllers, g.dexterity),
    ),
    "filled-in": App(
        new=lambda: filled_in_session.new_game(_setup("filled-in")),
        save=filled_in_session.save,
        load=filled_in_session.load,
        holds=lambda g: (g.match, g.computers, None),
    ),
    "tiny": App(  # a fourth game's screen saves through the one save path
        new=lambda: tiny_screen.open_screen(_setup("tiny")),
        save=lambda g, path: g.save(path),
        load=tiny_screen.load_screen,
        holds=lambda g: (g.match, g.turns.levels, None),
    ),
}


@pytest.fixture(params=[game.kind for game in GAMES.games() if game.screen is not None])
def saved(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[App, Any, Path]:
    """A game of each kind, a few moves in (the random player's), saved by its session."""
    app = APPS[request.param]
    game = app.new()
    match, _, _ = app.holds(game)
    perform(match, {"type": "computer", "moves": 6}, 0, seed=SEED)
    assert match.action_count > 0
    path = tmp_path / "game.toml"
    app.save(game, path)
    return app, game, path


def test_a_session_save_loads_back_to_the_same_state_seats_and_hand(saved: Any) -> None:
    app, game, path = saved
    match, seats, hand = app.holds(game)
    again, again_seats, again_hand = app.holds(app.load(path))
    assert again.state_hash() == match.state_hash()
    assert (again_seats, again_hand) == (seats, hand) and seats
    assert main(["replay", str(path)]) == 0


def test_a_session_save_with_an_edited_state_hash_is_refused_in_one_line(saved: Any) -> None:
    app, game, path = saved
    match, _, _ = app.holds(game)
    tampered = path.with_name("tampered.toml")
    text = path.read_text(encoding="utf-8")
    assert match.state_hash() in text
    tampered.write_text(text.replace(match.state_hash(), "0" * 64), encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        app.load(tampered)
    message = str(error.value)
    assert "\n" not in message and message.count(str(tampered)) == 1
    assert "state_hash" in message
