"""Issue 43's headless words: ``towersim play`` ends with sentences a person would
write, as the app's results card does, never ``end: piles`` or "2 player(s)"."""

from __future__ import annotations

import sys
from pathlib import Path

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


def _without(monkeypatch: pytest.MonkeyPatch, package: str) -> None:
    """As if ``package`` were not installed: its import fails, and the modules that
    imported it are imported again."""
    monkeypatch.setitem(sys.modules, package, None)
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        if name != package:
            monkeypatch.delitem(sys.modules, name)
    for name in [n for n in sys.modules if n.startswith("simulator.rl.") and "bench_cli" not in n]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.parametrize(
    ("package", "said"),
    [
        ("gymnasium", "towersim bench needs the research extra, and gymnasium is not installed: "
         "pip install 'towersim[rl]'."),
        ("matplotlib", "towersim bench draws its plot with matplotlib, which is not installed: "
         "pip install 'towersim[lab]', or run it again with --no-plot."),
    ],
)  # fmt: skip
def test_bench_without_an_extra_says_what_to_install_in_one_sentence(
    package: str,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _without(monkeypatch, package)
    argv = ["bench", "random", "--tasks", "would-it-stand", "--episodes", "1"]
    assert main([*argv, "--out", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == said
    assert "episodes" not in captured.out  # said before anything is played
