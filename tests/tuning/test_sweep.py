"""Sweeps: the CSV, resuming without duplicates, and serial == pool == Dask."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.tuning import execution
from simulator.tuning.experiment import load_experiment
from simulator.tuning.runs import TIMING_COLUMNS, Run
from simulator.tuning.sweep import run_sweep

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENT = f"""
format = "towersim-experiment/1"
name = "small"
scenarios = ["{ROOT}/scenarios/calibration/harmonic-04-stands.toml"]

[[param]]
name = "dt"
values = ["1/480", "1/240"]

[[param]]
name = "material.wood.friction"
values = [0.67, 0.3]

[fixed]
iterations = 30

[[threshold]]
case = "incline-slide"

[[threshold]]
case = "incline-topple"
"""


@pytest.fixture
def experiment_path(tmp_path: Path) -> Path:
    path = tmp_path / "small.toml"
    path.write_text(EXPERIMENT, encoding="utf-8")
    return path


def read_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(newline="") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)


def deterministic(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{k: v for k, v in r.items() if k not in TIMING_COLUMNS} for r in rows]


def test_grid_sweep_writes_one_row_per_run_with_every_parameter(
    experiment_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert main(["tune", str(experiment_path), "--out", str(out), "--workers", "1"]) == 0
    columns, rows = read_rows(out / "results.csv")
    assert columns[:5] == ["key", "run", "dt", "material.wood.friction", "iterations"]
    assert {"verdict", "measured", "error", "settled", "steps_per_s", "state_hash"} <= set(columns)
    assert len(rows) == 4 * 3 and len({r["key"] for r in rows}) == 12
    assert [int(r["run"]) for r in rows] == list(range(12))
    assert {r["dt"] for r in rows} == {repr(1 / 480), repr(1 / 240)}
    assert {r["iterations"] for r in rows} == {"30"}
    slide = [r for r in rows if r["target"] == "threshold:incline-slide"]
    # The slide flips near atan(0.5) whatever the wood's friction: it sets its own.
    assert all(abs(float(r["error"])) < 0.5 for r in slide)
    stack = [r for r in rows if r["kind"] == "scenario"]
    assert {r["verdict"] for r in stack} <= {"pass", "fail"} and all(r["state_hash"] for r in stack)
    for name in ("accuracy_vs_cost", "error_per_parameter", "pareto_front"):
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_interrupted_sweep_resumes_without_losing_or_repeating_rows(
    experiment_path: Path, tmp_path: Path
) -> None:
    experiment = load_experiment(experiment_path)
    out = tmp_path / "out"
    first = run_sweep(experiment, out, limit=5)
    assert first.ran == 5
    _, partial = read_rows(out / "results.csv")
    again = run_sweep(experiment, out)
    assert (again.ran, again.skipped) == (7, 5)
    _, rows = read_rows(out / "results.csv")
    assert len(rows) == 12 and len({r["key"] for r in rows}) == 12
    kept = {r["key"]: r for r in rows}
    assert all(kept[r["key"]] == r for r in partial)  # finished rows untouched
    assert run_sweep(experiment, out).ran == 0


def test_ctrl_c_keeps_the_finished_rows(
    experiment_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = execution.execute
    started = []

    def interrupted(run: Run) -> dict[str, object]:
        started.append(run)
        if len(started) == 4:  # Ctrl-C in the fourth run
            raise KeyboardInterrupt
        return real(run)

    monkeypatch.setattr(execution, "execute", interrupted)
    out = tmp_path / "out"
    assert main(["tune", str(experiment_path), "--out", str(out), "--workers", "1"]) == 130
    assert len(read_rows(out / "results.csv")[1]) == 3
    monkeypatch.setattr(execution, "execute", real)
    assert main(["tune", str(experiment_path), "--out", str(out), "--workers", "1"]) == 0
    assert len(read_rows(out / "results.csv")[1]) == 12


def test_a_run_that_raises_is_an_error_row_and_the_rest_run(
    experiment_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = execution.execute

    def broken(run: Run) -> dict[str, object]:
        if run.index == 1:
            raise RuntimeError("the run broke on purpose")
        return real(run)

    monkeypatch.setattr(execution, "execute", broken)
    result = run_sweep(load_experiment(experiment_path), tmp_path / "out")
    assert result.ran == 12
    _, rows = read_rows(tmp_path / "out" / "results.csv")
    assert [int(r["run"]) for r in rows] == list(range(12))
    failed = rows[1]
    assert (failed["verdict"], failed["kind"]) == ("error", "")
    assert failed["detail"] == "RuntimeError: the run broke on purpose"
    assert failed["target"] == rows[1 + 3]["target"] and failed["dt"] == rows[0]["dt"]
    assert all(r["verdict"] != "error" for r in rows[:1] + rows[2:])


def test_a_bad_dask_address_is_one_line(
    experiment_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tune", str(experiment_path), "--out", str(tmp_path), "--dask", "nonsense"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines()[-1].startswith("towersim tune: --dask nonsense: cannot reach the")


def test_serial_process_pool_and_dask_give_identical_rows(
    experiment_path: Path, tmp_path: Path
) -> None:
    from distributed import LocalCluster

    experiment = load_experiment(experiment_path)
    run_sweep(experiment, tmp_path / "serial", workers=1)
    run_sweep(experiment, tmp_path / "pool", workers=2)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        run_sweep(experiment, tmp_path / "dask", dask_address=cluster.scheduler_address)
    serial = deterministic(read_rows(tmp_path / "serial" / "results.csv")[1])
    assert len(serial) == 12
    assert deterministic(read_rows(tmp_path / "pool" / "results.csv")[1]) == serial
    assert deterministic(read_rows(tmp_path / "dask" / "results.csv")[1]) == serial


def test_the_store_only_grows_and_an_old_csv_folder_is_read_back(
    experiment_path: Path, tmp_path: Path
) -> None:
    experiment = load_experiment(experiment_path)
    out = tmp_path / "out"
    run_sweep(experiment, out, limit=5)
    records = out / "results.jsonl"
    first = records.read_bytes()
    assert first.count(b"\n") == 5
    run_sweep(experiment, out, limit=2)
    assert records.read_bytes().startswith(first)  # appended, never rewritten
    assert records.read_bytes().count(b"\n") == 7
    # a folder from before the JSON lines: its table is the store's start
    records.unlink()
    again = run_sweep(experiment, out)
    assert (again.ran, again.skipped) == (5, 7)
    assert len(read_rows(out / "results.csv")[1]) == 12
