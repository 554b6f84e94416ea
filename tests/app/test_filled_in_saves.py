"""Saving and loading a Filled In game in the app: Ctrl+S / Ctrl+O, corrupt files, and
the save as a scenario that ``towersim replay`` reproduces."""

from __future__ import annotations

import pytest
from pyglet.window import key

from simulator.app.filled_in.screen import load_screen
from simulator.cli import main as towersim
from simulator.scenario.errors import ScenarioError
from tests.app.filled_in_helpers import draft_until_placing, open_filled_in, press


def test_ctrl_s_and_ctrl_o_round_trip(tmp_path):
    window, screen = open_filled_in(seed=1, seats=(("Ann", "human"), ("Computer", "easy")))
    try:
        draft_until_placing(window, screen)
        screen.save_path = tmp_path / "game.toml"
        saved = screen.match.state_hash()
        press(window, key.S, key.MOD_CTRL)
        assert "Saved to" in screen.message
        screen.load(tmp_path / "missing.toml")
        assert screen.message.startswith("Cannot load") and screen.match.state_hash() == saved
        state = screen.turns.state
        legal = next(
            cells
            for col in range(6)
            if screen.turns.pending.block_problem(
                state, cells := screen.turns.pending.cells_at(state, 0, col)
            )
            is None
        )
        screen.turns.pending.draw_block(state, legal)
        press(window, key.RETURN)
        assert screen.match.state_hash() != saved
        press(window, key.O, key.MOD_CTRL)
        assert screen.message.startswith("Loaded")
        assert screen.match.state_hash() == saved
        assert screen.game.computers == {"Computer": "easy"}
        assert screen.turns.pending is not None and screen.turns.pending.player == "Ann"
        assert towersim(["replay", str(tmp_path / "game.toml")]) == 0
    finally:
        window.close()


def test_a_corrupt_save_says_so_in_one_line_and_changes_nothing(tmp_path):
    window, screen = open_filled_in(seed=1)
    try:
        draft_until_placing(window, screen)
        good = tmp_path / "good.toml"
        screen.save(good)
        before = screen.match.state_hash()
        bad = tmp_path / "bad.toml"
        bad.write_text("format = 'towersim/1'\nkind = 'filled-in'\n[setup\n")
        screen.load(bad)
        assert screen.message.startswith(f"Cannot load {bad}") and "\n" not in screen.message
        assert screen.match.state_hash() == before
        # A save whose moves were changed no longer reaches the state it records.
        text = good.read_text()
        tampered = tmp_path / "tampered.toml"
        tampered.write_text(text.replace("die = 0", "die = 4", 1))
        assert text != tampered.read_text()
        screen.load(tampered)
        assert "Cannot load" in screen.message and screen.match.state_hash() == before
        for path in (bad, tampered):
            with pytest.raises(ScenarioError) as error:
                load_screen(path)
            assert "\n" not in str(error.value) and str(path) in str(error.value)
    finally:
        window.close()


def test_the_save_names_the_computer_seats_and_a_bad_level_is_refused(tmp_path):
    window, screen = open_filled_in(seed=2, seats=(("Ann", "human"), ("Bo", "normal")))
    try:
        path = tmp_path / "g.toml"
        screen.save(path)
        text = path.read_text()
        assert 'kind = "filled-in"' in text and "[setup.computers]" in text
        assert load_screen(path).game.computers == {"Bo": "normal"}
        path.write_text(text.replace('Bo = "normal"', 'Bo = "genius"'))
        with pytest.raises(ScenarioError, match="computers: Bo: must be one of"):
            load_screen(path)
    finally:
        window.close()
