"""The results screen: it comes up when a game ends, says who won and why as the
rules' outcome does, and each of its buttons does what it says."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from simulator.app import screens
from simulator.app.game_screen import GameScreen
from simulator.app.results import (
    CARD_TONE,
    PREPARING,
    RESULTS_PAUSE,
    WINNER_TONE,
    ResultsScreen,
)
from simulator.app.start_screen import StartScreen
from simulator.app.watch import ReplayViewer
from simulator.app.window import AppWindow
from simulator.games.results import results_of
from tests.app.helpers import frames, pixel, send

ROOT = Path(__file__).resolve().parents[2]
LOTS_WIN = ROOT / "scenarios/lots/win-target.toml"
SABOTEUR = ROOT / "scenarios/crazy-tower/saboteur-collapse-architect-turn.toml"


def near(rgb: tuple[int, int, int], tone: tuple[int, int, int], by: int = 8) -> bool:
    return all(abs(a - b) <= by for a, b in zip(rgb, tone, strict=True))


@contextmanager
def _ended(path: Path) -> Iterator[tuple[AppWindow, ResultsScreen]]:
    """A finished save opened in the app, run until its results come up; the window
    closed after the block."""
    game = screens.load_game(path)
    window = AppWindow(game, visible=False, schedule=False, home=StartScreen)
    try:
        for _ in range(round(RESULTS_PAUSE * 60) + 10):
            window.tick(1 / 60)
            if isinstance(window.page, ResultsScreen):
                yield window, window.page
                return
        raise AssertionError(f"no results for {path}")
    finally:
        window.close()


@pytest.mark.parametrize(
    ("scenario", "headline", "why"),
    [
        ("lots/win-target.toml", "Ann wins with 35 points.", "The target score is reached."),
        ("lots/solo-fall.toml", "Ann lost the solo game, with 2 points.", "A piece fell"),
        (
            "crazy-tower/saboteur-collapse-architect-turn.toml",
            "The saboteur, Player 3, wins.",
            "on an architect's turn",
        ),
        ("crazy-tower/solo-challenge-9-out-of-time.toml", "Challenge 9 lost.", "The time is up."),
        ("filled-in/game-end-tie-break.toml", "Bob wins with 16 points.", "tie-break"),
    ],
)
def test_a_finished_game_shows_its_results(scenario, headline, why):
    with _ended(ROOT / "scenarios" / scenario) as (_window, results):
        outcome = results.game.match.outcome()
        assert outcome.over
        assert results.results.headline == headline
        assert why in results.results.why
        won = [name for name, _, winner in results.results.rows if winner]
        assert won == list(outcome.winners)[: len(won)] and set(won) == set(outcome.winners)


@contextmanager
def _one_move_short() -> Iterator[tuple[AppWindow, GameScreen, dict[str, Any]]]:
    """The solo game lost to a fall, opened one move short of its end: the window, the
    game's screen and that last move; the window closed after the block."""
    game = screens.load_game(ROOT / "scenarios/lots/solo-fall.toml")
    last = game.match.actions[-1]
    game.match.truncate(game.match.action_count - 1)
    window = AppWindow(game, visible=False, schedule=False)
    try:
        yield window, game, last
    finally:
        window.close()


def test_the_results_come_up_when_the_last_move_is_made():
    with _one_move_short() as (window, game, last):
        frames(window, 90)
        assert window.page is game  # not over yet: no results
        game.match.perform(last)  # the move that loses the solo game
        game._move_done()
        frames(window, round(RESULTS_PAUSE * 60) - 5)
        assert window.page is game  # the final table shows a moment first
        frames(window, 10)
        assert isinstance(window.page, ResultsScreen)
        assert window.page.results.headline == "Ann lost the solo game, with 2 points."


def test_the_results_card_pixels_and_back_to_the_table():
    with _ended(LOTS_WIN) as (window, results):
        frames(window, 1)
        x, y, w, h = results.card
        assert near(pixel(window, x + 12, y + h / 2), CARD_TONE)  # the card over the table
        row = results.results.rows[0]
        assert row[2]  # the winner's row is first, and marked
        assert near(pixel(window, x + w - 120, y + h - 220 - 34 + 4), WINNER_TONE)
        outside = pixel(window, 40, 40)
        assert max(outside) < 200  # the table is dimmed around the card
        send(window, "on_key_press", ord("b"), 0)  # back to the table
        frames(window, 1)
        assert window.page is results and not results.card_shown
        assert not near(pixel(window, x + 12, y + h / 2), CARD_TONE)
        from pyglet.window import key

        send(window, "on_key_press", key.ENTER, 0)
        frames(window, 1)
        assert results.card_shown and near(pixel(window, x + 12, y + h / 2), CARD_TONE)


def _press(window: AppWindow, results: ResultsScreen, label: str) -> None:
    button = next(b for b in results.hud.buttons if b.label.startswith(label))
    send(window, "on_mouse_press", button.x + button.w / 2, button.y + button.h / 2, 1, 0)


def test_rematch_same_players_and_options_next_seed(tmp_path):
    with _ended(SABOTEUR) as (window, results):
        frames(window, 1)
        old = results.game.match
        _press(window, results, "Rematch")
        new = window.page
        assert type(new) is type(results.game) and new is not results.game
        assert new.match.state.players == old.state.players
        assert new.match.state.mode == old.state.mode == "saboteur"
        assert new.match.seed == old.seed + 1
        assert new.match.action_count == 0 and not new.match.outcome().over
        assert new.save_path == results.game.save_path


def test_new_game_opens_the_start_screen_on_this_game():
    with _ended(SABOTEUR) as (window, results):
        frames(window, 1)
        _press(window, results, "New game")
        assert isinstance(window.page, StartScreen)
        assert window.page.choices.game == "crazy-tower"


def test_watch_the_replay_and_come_back():
    with _ended(LOTS_WIN) as (window, results):
        frames(window, 1)
        count = results.game.match.action_count
        _press(window, results, "Watch the replay")
        assert window.page is results and results.note == PREPARING  # filmed on a worker
        for _ in range(600):  # the window draws on meanwhile
            frames(window, 1)
            if window.page is not results:
                break
            time.sleep(0.05)
        viewer = window.page
        assert isinstance(viewer, ReplayViewer)
        assert len(viewer.moves) == count
        assert viewer.filmed.report["state_hash"] == results.game.match.state_hash()
        frames(window, 2)
        back = next(b for b in viewer.hud.buttons if b.label == "Back to the results")
        send(window, "on_mouse_press", back.x + 5, back.y + 5, 1, 0)
        assert window.page is results
        frames(window, 2)
        x, y, _, h = results.card
        assert near(pixel(window, x + 12, y + h / 2), CARD_TONE)


def test_the_winner_sentence_grammar():
    from simulator.app.words import wins

    assert wins(["You"], {"You": 1}) == "You win with 1 point."
    assert wins(["Ann"], {"Ann": 23}) == "Ann wins with 23 points."
    assert (
        wins(["Ann", "Bob"], {"Ann": 2, "Bob": 2})
        == "Ann and Bob share the win with 2 points each."
    )
    assert wins([], {}) == "Nobody wins."


def test_results_of_a_match_without_a_screen():
    game = screens.load_game(ROOT / "scenarios/filled-in/shared-win.toml")
    try:
        results = results_of(game.match)
        assert results.headline == "Ann and Bob share the win with 2 points each."
        assert [row[2] for row in results.rows] == [True, True]
    finally:
        game.close()


def test_a_computer_last_move_plays_back_before_the_results():
    from simulator.app.playback import Playback
    from simulator.render.film import Film

    with _one_move_short() as (window, game, last):
        film = Film(16)  # the last move filmed, as a computer's move is
        with film.watching(game.match.world):
            game.match.perform(last)
        game.playback = Playback(film.frames)
        assert game.playback.duration > 0.5
        played = 0
        while game.playback is not None and played < 1200:
            assert window.page is game  # no results while the move plays back
            frames(window, 10)
            played += 10
        assert game.playback is None and window.page is game
        frames(window, round(RESULTS_PAUSE * 60) + 10)
        assert isinstance(window.page, ResultsScreen)


def test_rematch_keeps_the_seats_levels_and_options():
    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(["You", "Computer 2"], "2B", 7)
    game = LotsScreen(
        match, seed=7, humans={"You"}, levels={"Computer 2": "easy"}, dexterity="steady"
    )
    window = AppWindow(ResultsScreen(game), visible=False, schedule=False)
    try:
        window.page.rematch()
        new = window.page
        assert isinstance(new, LotsScreen) and new is not game
        assert new.match.setup_table() == match.setup_table()  # players, footprint
        assert new.turns.seed == 8 and new.match.seed == 8
        assert new.turns.seats.humans == {"You"}
        assert new.turns.seats.levels == {"Computer 2": "easy"}
        assert new.turns.hand is not None and new.turns.hand == game.turns.hand
    finally:
        window.close()


def test_the_saboteur_sentences_say_you_and_names_alike():
    from rules.engine import GameOptions, Outcome
    from simulator.app.crazy_tower.facts import ENGINE
    from simulator.app.crazy_tower.words import ending_words

    def told(saboteur: str, winners: list[str]) -> str:
        options = GameOptions(("You", "Ann", "Bob"), "saboteur", settings={"saboteur": saboteur})
        state = ENGINE.new_game(options)
        state.current, state.phase = 1, "over"  # the tower collapsed on Ann's turn
        state.result = {"reason": "collapse", "winner": winners}
        scores = {"You": 3, "Ann": 4, "Bob": 1}
        return ending_words(state, Outcome(True, tuple(winners), "collapse"), winners, scores)[0]

    assert told("You", ["You"]) == "You win as the saboteur."
    assert told("Ann", ["Ann"]) == "The saboteur, Ann, wins."
    assert told("You", ["Ann", "Bob"]) == "The architects win: Ann and Bob. You were the saboteur."
    assert told("Bob", ["You", "Ann"]) == "The architects win: You and Ann. Bob was the saboteur."


def test_new_game_in_a_window_without_a_start_screen_says_so():
    with _ended(SABOTEUR) as (window, results):
        window.home = None
        frames(window, 1)
        _press(window, results, "New game")
        assert window.page is results
        assert results.game.message == "This window has no start screen to go back to."
