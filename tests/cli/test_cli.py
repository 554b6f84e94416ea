import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.tuning.calibrate import KNOWN_MISSES

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("command", [[], ["replay"], ["demo"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: towersim" in capsys.readouterr().out


def test_demo_prints_its_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--pieces", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 pieces on footprint 1A" in out
    assert "row  0 |" in out and "state " in out


def test_demo_json_lists_placements_grid_and_contacts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--pieces", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["placements"]) == 3
    assert set(report) >= {"grid", "touching", "state_hash", "standing"}
    standing_cells = [tuple(c) for cells in report["grid"].values() for c in cells]
    assert len(standing_cells) == len(set(standing_cells))  # no cell filled twice


def test_demo_refuses_an_unknown_footprint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--footprint", "9Z"]) == 2
    assert "unknown footprint '9Z'" in capsys.readouterr().out


def test_replay_of_the_calibration_suite_exits_zero_but_for_the_known_misses() -> None:
    paths = sorted((ROOT / "scenarios" / "calibration").glob("*.toml"))
    files = [str(p) for p in paths if f"calibration/{p.stem}" not in KNOWN_MISSES]
    out = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "replay", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("PASS") == len(files)


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """`towersim replay --json ... | head` ends as Unix tools end: no traceback."""
    # Filled In reports: quick to make and, together, far more than a pipe's buffer holds,
    # so the writer is still writing when the reader goes.
    files = sorted(str(p) for p in (ROOT / "scenarios" / "filled-in").glob("*.toml"))
    child = subprocess.Popen(
        [sys.executable, "-m", "simulator.cli", "replay", "--json", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.read(10)  # the reader takes a little, then goes away
    child.stdout.close()
    err = child.stderr.read().decode()
    code = child.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert code != 0  # the writer did not finish, and says so by its status only


def test_replay_png_draws_a_filled_in_scenario(tmp_path: Path, capsys) -> None:
    """A game without a physics world draws its own picture: the players' towers."""
    scenario = ROOT / "scenarios" / "filled-in" / "double-wild.toml"
    out = tmp_path / "sheet.png"
    assert main(["replay", str(scenario), "--png", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 1000
    assert capsys.readouterr().err == ""
