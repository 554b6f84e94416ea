"""A bad experiment file is one line on stderr naming file, line, key and fault; exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.cli import main

HEAD = 'format = "towersim-experiment/1"\n'
TARGET = '\n[[threshold]]\ncase = "incline-slide"\n'

CASES = [
    ('format = "towersim/1"\n' + TARGET, ":1: format: must be 'towersim-experiment/1'"),
    (HEAD, "an experiment needs scenarios, a [[threshold]] or a [[lots_game]]"),
    (HEAD + 'scenarios = ["nothing/*.toml"]\n', "'nothing/*.toml' matches no file"),
    (HEAD + "colour = 3\n" + TARGET, ":2: colour: unknown key 'colour'"),
    (
        HEAD + '[[param]]\nname = "dtt"\nvalues = [0.01]\n' + TARGET,
        ":3: param \"dtt\": name: unknown parameter 'dtt'",
    ),
    (
        HEAD + '[[param]]\nname = "material.steel.friction"\nvalues = [0.5]\n' + TARGET,
        "unknown material 'steel'",
    ),
    (
        HEAD + '[[param]]\nname = "dt"\nvalues = [0.01, -1]\n' + TARGET,
        ':4: param "dt": values: dt = -1: dt must be a positive finite number',
    ),
    (
        HEAD + '[[param]]\nname = "iterations"\nvalues = [10.5]\n' + TARGET,
        "iterations takes whole numbers, not 10.5",
    ),
    (
        HEAD + '[[param]]\nname = "dt"\nvalues = ["1/0"]\n' + TARGET,
        "'1/0' is not a number or a fraction",
    ),
    (
        HEAD + '[[param]]\nname = "dt"\nmin = 0.001\nmax = 0.002\n' + TARGET,
        "a grid sweep lists each parameter's values",
    ),
    (
        HEAD + '[sweep]\nmethod = "random"\nsamples = 3\n[[param]]\nname = "damping"\n'
        "min = 0.9\nmax = 0.5\n" + TARGET,
        "min must be below max",
    ),
    (HEAD + '[[threshold]]\ncase = "domino"\n', "threshold #1: case: must be one of"),
    (HEAD + "[[lots_game]]\ngames = 2\nplayers = 6\n", "LOTS takes 1 to 4 players"),
    (HEAD + "[fixed]\nhand.grip = 2\n" + TARGET, "a hand parameter is hand.FIELD"),
    ("format = [", "invalid TOML"),
]


@pytest.mark.parametrize(("text", "message"), CASES, ids=[m[:30] for _, m in CASES])
def test_each_fault_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "exp.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["tune", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"towersim tune: {path}"), err
    assert message in err, err
    assert "Traceback" not in err


def test_a_missing_file_and_bad_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tune", str(tmp_path / "none.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["tune", "--calibrate", "--set", "dt=-1"]) == 2
    assert "dt must be a positive finite number" in capsys.readouterr().err
    assert main(["tune", "--calibrate", "--set", "colour=1"]) == 2
    assert "unknown parameter 'colour'" in capsys.readouterr().err
    assert main(["tune"]) == 2
    assert "give an experiment file" in capsys.readouterr().err
