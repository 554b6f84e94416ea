"""The report on hand-made results: the tables, the flagged labels, the files written, and
the results files it tolerates or refuses."""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any

import matplotlib.image
import pytest

from simulator.lab import report
from simulator.lab.report_data import ResultsError, load_results
from simulator.lab.report_labels import comparisons, disagreements

SURGEON = {"name": "Player 1", "level": "hard", "hand": "surgeon"}


def game(key: str, config: dict[str, Any], won: bool, **changes: Any) -> dict[str, Any]:
    record = {
        "key": key,
        "tournament": "test",
        "game": "lots",
        "mode": "solo",
        "config": config,
        "seats": [SURGEON],
        "seed": int(key.split("-")[-1]),
        "status": "done",
        "winners": [0] if won else [],
        "scores": [40 if won else 20],
        "end": "check" if won else "piles",
        "falls": [0 if won else 1],
        "collapse": None,
        "turns": 15,
        "first_player": 0,
        "cpu_s": 30.0,
        "replay": f"towersim play lots --mode solo --bot hard --seed {key.split('-')[-1]}",
        "error": None,
    }
    return {**record, **changes}


def footprint_games(footprint: str, wins: int, games: int) -> list[dict[str, Any]]:
    return [
        game(f"{footprint}-{i}", {"footprint": footprint}, i <= wins) for i in range(1, games + 1)
    ]


def duel(key: str, first: int, winner: int) -> dict[str, Any]:
    seats = [
        {"name": "Player 1", "level": "normal", "hand": "steady"},
        {"name": "Player 2", "level": "normal", "hand": "steady"},
    ]
    return game(
        key,
        {"footprint": "1A"},
        True,
        mode="competitive",
        seats=seats,
        winners=[winner],
        scores=[30, 25],
        falls=[0, 2],
        first_player=first,
    )


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """1A 6/20 (labelled 1) against 2A 18/20 (labelled 2): beyond chance; 1B 9/10
    against 2B 10/10: within chance; a crashed game; four two-player games."""
    records = (
        footprint_games("1A", 6, 20)
        + footprint_games("2A", 18, 20)
        + footprint_games("1B", 9, 10)
        + footprint_games("2B", 10, 10)
    )
    records.append(
        game(
            "1A-99",
            {"footprint": "1A"},
            False,
            status="crashed",
            winners=[],
            scores=None,
            falls=None,
            error="Traceback (most recent call last):\nRuntimeError: the bot fell over",
        )
    )
    records += [duel("d-1", 0, 0), duel("d-2", 1, 1), duel("d-3", 0, 0), duel("d-4", 1, 0)]
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    report.add_arguments(parser)
    return report.main(parser.parse_args(argv))


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def test_a_lower_difficulty_that_wins_less_is_flagged(results: Path) -> None:
    verdicts = {
        (v.first.name, v.second.name): v for v in disagreements(load_results([results]).records)
    }
    real = verdicts[("footprint 1A", "footprint 2A")]
    assert (real.first.wins, real.first.games, real.second.wins, real.second.games) == (
        6,
        20,
        18,
        20,
    )
    assert real.difference == pytest.approx(-0.6)
    assert real.real and real.p < 0.001
    assert real.games_needed == 10  # 30 % against 90 %, worked out in test_report_stats
    chance = verdicts[("footprint 1B", "footprint 2B")]
    assert not chance.real and chance.p == pytest.approx(1.0)
    assert chance.games_needed == 74
    # 1B against 2A: 90 % each, no disagreement; the pools of each difficulty disagree.
    assert ("footprint 1B", "footprint 2A") not in verdicts
    pooled = verdicts[("difficulty 1 (1A, 1B)", "difficulty 2 (2A, 2B)")]
    assert (pooled.first.wins, pooled.first.games) == (15, 30)  # 6 + 9
    assert "within chance" in chance.sentence()
    assert "telling it apart would take about 74 games of each" in chance.sentence()
    assert real.sentence().startswith(
        "Footprint 1A (difficulty 1) won 6 of 20 games (30 %), footprint 2A (difficulty 2) "
        "18 of 20 (90 %); the difference, -60 points"
    )


def test_compare_names_two_configurations(results: Path) -> None:
    records = load_results([results]).records
    (verdict,) = comparisons(records, ["2A,1B"])
    assert verdict.first.name == "footprint 2A" and verdict.second.name == "footprint 1B"
    assert verdict.games_needed is None  # 90 % against 90 %
    with pytest.raises(ValueError, match="no series"):
        comparisons(records, ["1A,9Z"])


def test_the_files_written(results: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "report"
    assert run([str(results), "--out", str(out), "--compare", "1A,2A"]) == 0
    printed = capsys.readouterr().out
    assert "65 games, 1 of them crashed or timed out." in printed
    rates = {(r["mode"], r["config"]): r for r in read_csv(out / "win_rates.csv")}
    one_a = rates[("solo", "footprint 1A")]
    assert list(one_a) == [
        "game", "mode", "seats", "config", "label", "games", "done", "crashed", "timeout",
        "wins", "win_rate", "low", "high",
    ]  # fmt: skip
    assert (one_a["games"], one_a["done"], one_a["crashed"], one_a["wins"]) == (
        "21",
        "20",
        "1",
        "6",
    )
    assert float(one_a["low"]) == pytest.approx(0.1455, abs=1e-4)  # Wilson of 6 in 20
    assert one_a["label"] == "1"
    first = read_csv(out / "first_player.csv")
    assert [(r["games"], r["first_wins"], r["fair_share"]) for r in first] == [("4", "3", "0.5")]
    hands = {(r["mode"], r["config"], r["profile"]): r for r in read_csv(out / "hand_profiles.csv")}
    duels = hands[("competitive", "footprint 1A", "normal (steady)")]
    assert (duels["seat_games"], duels["wins"], duels["fair_share"]) == ("8", "4", "0.5")
    solo = hands[("solo", "all configurations", "hard (surgeon)")]
    assert (solo["seat_games"], solo["wins"], solo["fair_share"]) == ("60", "43", "")
    assert ("competitive", "all configurations", "normal (steady)") not in hands  # one config
    failed = read_csv(out / "failed_games.csv")
    assert [(f["key"], f["status"], f["error"]) for f in failed] == [
        ("1A-99", "crashed", "RuntimeError: the bot fell over")
    ]
    assert failed[0]["replay"] == "towersim play lots --mode solo --bot hard --seed 99"
    accidents = {r["config"]: r for r in read_csv(out / "accidents.csv") if r["mode"] == "solo"}
    assert accidents["footprint 1A"]["games_with_fall"] == "14"
    disagreements_csv = read_csv(out / "label_disagreements.csv")
    assert disagreements_csv[0]["first"] == "footprint 1A" and disagreements_csv[0]["real"] == "yes"
    for plot in out.glob("*.png"):
        picture = matplotlib.image.imread(plot)
        assert picture.shape[0] > 200 and picture.shape[1] > 300
    assert (out / "win_rate-lots-solo-hard-surgeon.png").exists()
    assert (out / "scores-lots-competitive-normal-steady-vs-normal-steady.png").exists()
    page = (out / "report.md").read_text()
    assert (
        "| lots | solo | hard (surgeon) | footprint 1A | 1 | 21 | 20 | 1 | 0 | 6 | 30.0 % |" in page
    )
    assert "![win rates, LOTS, solo: hard (surgeon)](win_rate-lots-solo-hard-surgeon.png)" in page
    assert "towersim play lots --mode solo --bot hard --seed 99" in page
    assert "Footprint 1A (difficulty 1) won 6 of 20 games (30 %)" in page
    html = (out / "report.html").read_text()
    assert html.count("data:image/png;base64,") == len(list(out.glob("*.png")))
    assert '<td class="t">footprint 1A</td>' in html
    assert "is real at this sample size" in html


def test_a_torn_last_line_is_skipped(results: Path, tmp_path: Path, capsys) -> None:
    with results.open("a") as handle:
        handle.write('{"key": "2B-11", "game": "lo')  # a writer killed mid-line
    loaded = load_results([results])
    assert len(loaded.records) == 65
    assert loaded.warnings == [f"{results}:66: the last line is cut short; skipped"]
    assert run([str(results.parent), "--out", str(tmp_path / "r")]) == 0
    assert "the last line is cut short; skipped" in capsys.readouterr().err


def test_bad_results_files_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    missing = tmp_path / "nothing.jsonl"
    assert run([str(missing)]) == 2
    assert capsys.readouterr().err == f"towersim lab report: {missing}: no such file\n"
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"key": 1}\n{"key": 2, "game":\n{"key": 3}\n')
    with pytest.raises(ResultsError, match=r"broken.jsonl:1: a game record needs game, status"):
        load_results([broken])
    bad_scores = game("1A-2", {"footprint": "1A"}, True, scores=["many"])
    broken.write_text(json.dumps(bad_scores) + "\n")
    with pytest.raises(ResultsError, match=r"broken.jsonl:1: scores must be a list of numbers"):
        load_results([broken])
    broken.write_text(json.dumps(game("1A-1", {"footprint": "1A"}, True)) + "\nnot json\n")
    assert run([str(broken), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"towersim lab report: {broken}:2: not JSON") and err.count("\n") == 1


def test_an_unknown_comparison_is_one_line(results: Path, tmp_path: Path, capsys) -> None:
    assert run([str(results), "--out", str(tmp_path / "r"), "--compare", "1A"]) == 2
    assert capsys.readouterr().err == (
        "towersim lab report: --compare '1A': name two configurations, as in 1A,2A\n"
    )
