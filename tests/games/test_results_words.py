"""A finished game in words (simulator/games/results.py), as the app's results card and
``towersim play`` both show it: the winners first, then everyone else by score."""

from __future__ import annotations

from pathlib import Path

from simulator.games.results import ranked, results_of
from simulator.games.saves import replay_saved
from simulator.replay import load_scenario

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "games"


def _finished(name: str):
    path = GOLDEN / f"{name}.toml"
    return replay_saved(str(path), load_scenario(path)).match


def test_the_losers_are_listed_by_score_not_by_seat() -> None:
    match = _finished("lots-four-random-grip1")
    scores = match.summary()["scores"]
    assert list(scores) == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert scores["Player 1"] < scores["Player 4"] < scores["Player 3"]  # seat order differs
    rows = results_of(match).rows
    assert [name for name, _, _ in rows] == ["Player 2", "Player 3", "Player 4", "Player 1"]
    assert [won for _, _, won in rows] == [True, False, False, False]


def test_crazy_tower_ranks_the_fewest_points_left_first() -> None:
    scores = {"Ann": 9, "Bob": 3, "Cy": 5}
    assert ranked(scores, ["Bob"], fewer_better=True) == ["Bob", "Cy", "Ann"]
    assert ranked(scores, [], fewer_better=False) == ["Ann", "Cy", "Bob"]
    match = _finished("crazy-tower-saboteur-random")
    results = results_of(match)
    assert results.heading.startswith("Points left in hand")
    losers = [int(score) for _, score, won in results.rows if not won]
    assert losers == sorted(losers)


def test_winners_come_first_whatever_their_score_and_ties_stay_in_seat_order() -> None:
    scores = {"Ann": 4, "Bob": 7, "Cy": 7, "Dee": 1}
    assert ranked(scores, ["Dee"]) == ["Dee", "Bob", "Cy", "Ann"]  # a saboteur's win
    assert ranked({"Ann": 2, "Bob": 2}, []) == ["Ann", "Bob"]
