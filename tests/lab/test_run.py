"""Running tournaments: each game is the `towersim play` game, every executor gives the
same records, a killed run resumes, a finished one costs nothing, failures are recorded."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.games.registry import GAMES
from simulator.lab.run import wins_words
from simulator.lab.store import RESULTS
from tests.lab import crashing
from tests.lab.support import lab_run, records, without_cpu

LOTS_SOLO = ("--game", "lots", "--mode", "solo", "--footprints", "2A", "--seats", "random")
CRAZY_SOLO = ("--game", "crazy-tower", "--mode", "solo", "--challenges", "1", "--seats", "random")
FILLED_IN = ("--game", "filled-in", "--sheets", "1,3", "--seats", "random,random")
FIELDS = {
    "key", "tournament", "game", "mode", "config", "seats", "seed", "status", "winners",
    "scores", "end", "falls", "collapse", "turns", "first_player", "cpu_s", "replay", "error",
}  # fmt: skip


def played(capsys: pytest.CaptureFixture[str], replay: str) -> dict:
    """The report of the record's replay command, run in this process."""
    argv = shlex.split(replay)
    assert argv[:2] == ["towersim", "play"]
    capsys.readouterr()
    assert main([*argv[1:], "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_lots_game_is_the_play_command_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lab_run(*LOTS_SOLO, "--games", "3", "--seed", "5", "--out", str(tmp_path)) == 0
    found = list(records(tmp_path).values())
    assert [r["seed"] for r in found] == [5, 6, 7]
    for record in found:
        assert set(record) >= FIELDS
        assert record["status"] == "done" and record["error"] is None
        assert record["config"] == {"footprint": "2A"} and record["mode"] == "solo"
        assert record["seats"] == [{"name": "Player 1", "level": "random", "hand": None}]
        report = played(capsys, record["replay"])
        assert record["state_hash"] == report["state_hash"]
        assert record["scores"] == [report["scores"]["Player 1"]]
        assert record["end"] == report["end_reason"] and record["turns"] == report["turns"]
        fallen = sum(len(e.get("fallen") or []) for e in report["events"] if e["type"] == "place")
        assert record["falls"] == [fallen] and record["collapse"] is False
        # solo, any fall ends the game
        assert (record["end"] == "solo_fall") == (fallen > 0)
        assert record["first_player"] == 0


def test_crazy_tower_and_filled_in_records_match_their_play_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lab_run(*CRAZY_SOLO, "--games", "2", "--out", str(tmp_path / "ct"), "--json") == 0
    assert lab_run(*FILLED_IN, "--games", "2", "--out", str(tmp_path / "fi"), "--json") == 0
    summaries = [json.loads(text) for text in _json_objects(capsys.readouterr().out)]
    assert [(s["games"], s["done"], s["outcome"]) for s in summaries] == [
        (2, 2, "finished"), (4, 4, "finished")
    ]  # fmt: skip
    crazy = list(records(tmp_path / "ct").values())
    filled = list(records(tmp_path / "fi").values())
    assert [r["config"] for r in filled] == [{"sheet": 1}] * 2 + [{"sheet": 3}] * 2
    assert all(r["falls"] is None and r["collapse"] is None for r in filled)
    assert all(isinstance(r["collapse"], bool) and len(r["falls"]) == 1 for r in crazy)
    for record in (crazy[0], filled[3]):
        report = played(capsys, record["replay"])
        assert record["state_hash"] == report["state_hash"]
        players = report["players"]
        assert record["scores"] == [report["scores"][p] for p in players]
        winner = report["winner"]
        names = [winner] if isinstance(winner, str) else winner or []
        assert [players[i] for i in record["winners"]] == names


def _json_objects(text: str) -> list[str]:
    """Top-level JSON objects printed one after another."""
    decoder, out, at = json.JSONDecoder(), [], 0
    while (at := text.find("{", at)) != -1:
        _, end = decoder.raw_decode(text, at)
        out.append(text[at:end])
        at = end
    return out


@pytest.mark.parametrize("game", [LOTS_SOLO, CRAZY_SOLO], ids=["lots", "crazy-tower"])
def test_the_spawn_pool_gives_the_serial_records(tmp_path: Path, game: tuple[str, ...]) -> None:
    args = (*game, "--games", "2", "--json")
    assert lab_run(*args, "--out", str(tmp_path / "serial")) == 0
    assert lab_run(*args, "--out", str(tmp_path / "pool"), "--workers", "2") == 0
    serial = without_cpu(records(tmp_path / "serial"))
    assert len(serial) == 2
    assert without_cpu(records(tmp_path / "pool")) == serial


def test_the_spawn_pool_and_dask_give_the_serial_records(tmp_path: Path) -> None:
    from distributed import LocalCluster

    args = (*FILLED_IN, "--games", "3", "--json")
    assert lab_run(*args, "--out", str(tmp_path / "serial")) == 0
    assert lab_run(*args, "--out", str(tmp_path / "pool"), "--workers", "2") == 0
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        assert (
            lab_run(*args, "--out", str(tmp_path / "dask"), "--dask", cluster.scheduler_address)
            == 0
        )
    serial = without_cpu(records(tmp_path / "serial"))
    assert len(serial) == 6
    assert without_cpu(records(tmp_path / "pool")) == serial
    assert without_cpu(records(tmp_path / "dask")) == serial
    # and stored in the same order: the tournament's, whichever game ended first
    assert list(records(tmp_path / "pool")) == list(records(tmp_path / "dask")) == list(serial)


def test_a_killed_run_resumes_and_a_finished_one_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = (*FILLED_IN, "--games", "3", "--out", str(tmp_path))
    assert lab_run(*args) == 0
    whole = records(tmp_path)
    results = tmp_path / RESULTS
    text = results.read_text()
    lines = text.splitlines(keepends=True)
    # Killed while writing the fifth record: four whole lines and half of the fifth.
    results.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    capsys.readouterr()
    assert lab_run(*args, "--json") == 0
    captured = capsys.readouterr()
    assert f"{results}:5: the last record was cut off" in captured.err
    summary = json.loads(captured.out)
    assert (summary["played"], summary["already_stored"]) == (2, 4)
    assert without_cpu(records(tmp_path)) == without_cpu(whole)
    assert results.read_text().startswith("".join(lines[:4]))
    assert lab_run(*args) == 0
    assert "every game (6 games) has a record" in capsys.readouterr().out
    assert len(results.read_text().splitlines()) == 6


def test_growing_a_tournament_plays_only_the_new_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lab_run(*FILLED_IN, "--games", "1", "--out", str(tmp_path), "--json") == 0
    assert lab_run(*FILLED_IN, "--games", "2", "--out", str(tmp_path), "--json") == 0
    second = json.loads(_json_objects(capsys.readouterr().out)[1])
    assert (second["played"], second["already_stored"]) == (2, 2)


@pytest.fixture
def crashing_game(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TOWERSIM_GAMES", "tests.lab.crashing")
    yield crashing.GAME
    GAMES.unregister(crashing.GAME.kind)


def test_a_crashing_game_is_recorded_and_the_rest_played(
    tmp_path: Path, crashing_game: object, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seeds 0 and 1 only: seed 2 would end this very process.
    argv = ("--game", "crashing", "--seats", "random,random", "--games", "2")
    assert lab_run(*argv, "--out", str(tmp_path)) == 0
    found = {r["seed"]: r for r in records(tmp_path).values()}
    assert found[crashing.RAISES]["status"] == "crashed"
    assert found[crashing.RAISES]["error"] == "RuntimeError: the rules broke on purpose"
    assert found[crashing.RAISES]["replay"].startswith("towersim play crashing --headless")
    assert found[crashing.RAISES]["winners"] is None
    assert found[0]["status"] == "done"
    out = capsys.readouterr().out
    assert "2 games played" in out and "1 crashed or timed out (see their replay" in out


def test_the_pool_records_a_dead_worker_and_a_hung_game(
    tmp_path: Path, crashing_game: object
) -> None:
    argv = ("--game", "crashing", "--seats", "random,random", "--games", "5", "--workers", "2")
    assert lab_run(*argv, "--game-timeout", "20", "--out", str(tmp_path), "--json") == 0
    found = {r["seed"]: r for r in records(tmp_path).values()}
    assert sorted(found) == [0, 1, 2, 3, 4]
    assert [found[s]["status"] for s in (0, 4)] == ["done", "done"]
    assert found[crashing.RAISES]["status"] == "crashed"
    assert found[crashing.DIES]["status"] == "crashed"
    assert found[crashing.DIES]["error"] == "the worker died (exit code 3)"
    assert found[crashing.HANGS]["status"] == "timeout"
    assert "--game-timeout" in found[crashing.HANGS]["error"]


def test_record_keeps_each_games_recording_which_replays_to_its_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("--game", "filled-in", "--seats", "random,random", "--games", "2")
    assert lab_run(*argv, "--record", "--out", str(tmp_path)) == 0
    for record in records(tmp_path).values():
        assert record["recording"] == f"games/{record['key']}.toml"
        capsys.readouterr()
        assert main(["replay", str(tmp_path / record["recording"]), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["state_hash"] == record["state_hash"]


def test_a_hung_game_in_this_process_is_a_timeout(tmp_path: Path, crashing_game: object) -> None:
    argv = ("--game", "crashing", "--seats", "random,random", "--seed", str(crashing.HANGS))
    assert lab_run(*argv, "--games", "1", "--game-timeout", "1", "--out", str(tmp_path)) == 0
    (record,) = records(tmp_path).values()
    assert record["status"] == "timeout" and record["seed"] == crashing.HANGS
    assert record["error"] == "no result within 1 s (--game-timeout)"


def test_a_damaged_store_or_an_unwritable_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = (*FILLED_IN, "--games", "1")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / RESULTS).write_text('{"key": "a"}\nnot json\n{"key": "b"}\n')
    assert lab_run(*argv, "--out", str(tmp_path / "bad")) == 2
    (tmp_path / "file").write_text("a file where the folder should be")
    assert lab_run(*argv, "--out", str(tmp_path / "file")) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"towersim lab run: {tmp_path / 'bad' / RESULTS}:2: not a lab record" in err
    assert err.splitlines()[-1].startswith(f"towersim lab run: cannot write {tmp_path / 'file'}")


def test_a_bad_dask_address_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = (*FILLED_IN, "--games", "1", "--dask", "nonsense", "--out", str(tmp_path))
    assert lab_run(*argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines()[-1].startswith("towersim lab run: --dask nonsense: cannot reach the")
    assert not (tmp_path / RESULTS).exists()


def test_a_run_ends_naming_who_won(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["lab", "run", "--game", "filled-in", "--seats", "random,easy", "--games", "4"]
    assert main([*argv, "--out", str(tmp_path / "out")]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "Player 2 (easy) won 4 of the 4 games and Player 1 (random) 0."


def test_the_wins_sentence_counts_shared_wins_and_unfinished_games() -> None:
    seats = [{"name": "Ann", "level": "normal", "hand": "steady"}, {"name": "Bob", "level": "easy"}]
    done = {"status": "done", "seats": seats}
    records = [
        {**done, "winners": [0]},
        {**done, "winners": [0, 1]},
        {**done, "winners": [1]},
        {"status": "crashed", "seats": seats, "winners": []},
    ]
    assert wins_words(records) == (
        "Ann (normal, steady hand) won 2 of the 3 games and Bob (easy) 2 (1 game shared the win)."
    )
    assert wins_words(records[3:]) == "No game finished, so nobody won."
