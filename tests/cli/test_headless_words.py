"""Issue 43's headless words: ``towersim play`` ends with sentences a person would
write, as the app's results card does, never ``end: piles`` or "2 player(s)"."""

from __future__ import annotations

import pytest

from simulator.cli import main


def _played(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["play", *argv, "--headless"]) == 0
    return capsys.readouterr().out.splitlines()


def test_play_ends_with_the_winner_and_why_in_sentences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _played(capsys, "filled-in", "--seed", "1")
    assert lines[0] == "LOTS: Filled In, 2 players, sheet 1, standard, seed 1"
    text = "\n".join(lines)
    assert "end:" not in text and "(s)" not in text and "winner:" not in text
    assert (
        "Player 1 wins with 12 points. Player 2 could not place a block in round 14. "
        "It lasted 14 rounds." in lines
    )
    # the winner first, then the others by score
    assert lines[1].split()[:2] == ["Player", "1"] and "12 points" in lines[1]


def test_a_solo_game_says_it_was_lost_and_counts_one_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _played(capsys, "lots", "--mode", "solo", "--seed", "2")
    assert lines[0] == "LOTS, 1 player, seed 2"
    assert lines[2] == (
        "Player 1 lost the solo game, with 0 points. A piece fell, and the solo game is "
        "lost. It lasted 2 turns."
    )
    assert lines[3].startswith("0 pieces lost in accidents;") and lines[3].endswith(".")
