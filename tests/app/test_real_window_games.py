"""A whole short game of each game in a real window under Xvfb, to its results screen.

The app opens as ``towersim app --game GAME --players ... --seed N`` does (the driver,
tests/app/xwindow_games_driver.py, goes through simulator/app/main.py's parser and first
screen); computer seats play, and the real X input does what a person watching would:
xdotool presses Space to skip each computer move's playback. When the results show, what
the card says must agree with the match's ``outcome()``; then the real mouse clicks
"New game" and the start screen must come up on that game. Seeds picked (measured) to
end fast. Skipped (saying why) only where Xvfb or xdotool is missing.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.app.xvfb import needs_xvfb, real_app
from tests.app.xwindow_games_driver import TITLE

pytestmark = needs_xvfb

GAMES = {
    # LOTS solo played by you with the real keys (the driver says which): a block dropped
    # at the lot's edge from the pick-up height falls, which ends a solo game.
    "lots": ["--players", "You", "--seed", "2"],
    # Crazy Tower solo challenge 1 (seed 2: the tower collapses on the 8th turn).
    "crazy-tower": ["--players", "Computer", "--mode", "solo", "--challenge", "1", "--seed", "2"],
    # Filled In between two random computers (seed 4: over after round 13).
    "filled-in": ["--players", "Computer 1,Computer 2", "--seed", "4"],
}
# The longest (Filled In, a computer's pause before each move) takes ~60 s alone; on a
# loaded 2-core CI machine LOTS once needed more than 120 s, so the limit has headroom.
GAME_SECONDS = 240.0


def _home(tmp_path: Path) -> dict[str, str]:
    """A TOWERSIM_HOME whose settings have seen every guide (no overlay to dismiss)."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('guides_seen = ["lots", "crazy-tower", "filled-in"]\n')
    return {"TOWERSIM_HOME": str(home)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_in_a_real_window_reaches_its_results(game, tmp_path):
    argv = ["--game", game, "--bot", "random", *GAMES[game]]
    with real_app("tests.app.xwindow_games_driver", tmp_path, *argv, env=_home(tmp_path)) as app:
        window = app.window(TITLE)
        results_file, status_file = tmp_path / "results.json", tmp_path / "status.json"
        deadline = time.monotonic() + GAME_SECONDS
        keys_file, pressed = tmp_path / "keys.json", 0
        while not results_file.exists():  # the computers play; Space skips their films
            assert time.monotonic() < deadline, (
                f"no results in {GAME_SECONDS:.0f} s; the game screen last said "
                f"{status_file.read_text() if status_file.exists() else 'nothing'}"
            )
            assert app.process.poll() is None, f"the app exited: {app.stderr_tail()}"
            if status_file.exists() and json.loads(status_file.read_text())["playback"]:
                app.xdotool("key", "--window", window, "space")
            if keys_file.exists() and (keys := json.loads(keys_file.read_text()))["seq"] > pressed:
                for name in keys["keys"]:  # a person's keys, pressed for real
                    app.xdotool("key", "--window", window, name)
                    time.sleep(0.1)
                pressed = keys["seq"]
                (tmp_path / "pressed.part").write_text(json.dumps({"seq": pressed}))
                os.replace(tmp_path / "pressed.part", tmp_path / "pressed.json")  # whole
            time.sleep(0.2)
        status = json.loads(status_file.read_text())
        shown = app.wait_for(results_file, 5)

        assert not status["overlay"], "a first-game guide showed despite guides_seen"
        if game == "lots":  # your seat: placements made by the real keys
            assert shown["players"] == ["You"] and status["keys"] >= 6, status
            assert ["You", "place"] in shown["moves"], shown["moves"]
        if game == "crazy-tower":  # a computer's moves: films, which Space cut short
            assert status["playbacks"] >= 1 and status["skipped"] == status["playbacks"], status
        outcome = shown["outcome"]
        assert shown["game"] == game and outcome["over"]
        marked = [name for name, _score, won in shown["rows"] if won]
        assert sorted(marked) == sorted(outcome["winners"])
        assert {name: int(score) for name, score, _ in shown["rows"]} == shown["scores"]
        for winner in outcome["winners"]:
            assert winner in shown["headline"], (winner, shown["headline"])
        if not outcome["winners"]:  # a solo game lost: said so, nobody marked the winner
            assert "lost" in shown["headline"] and not marked, shown["headline"]
        assert shown["headline"] in shown["labels"] and shown["why"] in shown["labels"]
        assert (tmp_path / "results.png").stat().st_size > 10_000

        x, y = shown["new_game"]  # the real mouse on the card's New game button
        app.xdotool("mousemove", "--window", window, str(x), str(y))
        time.sleep(0.3)
        app.xdotool("click", "1")
        start = app.wait_for(tmp_path / "start.json", 20)
        assert start["game"] == game
