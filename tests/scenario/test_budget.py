"""The budget on a replay's work (issue 23, item 10): a run whose estimated cost exceeds
the limit is refused before it starts, with one line naming the estimate and the limit;
``--budget FACTOR`` raises it. Refused runs are checked by their message, never run."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_helpers import GOOD_TOML, edit, run_replay

from simulator.replay import load_scenario
from simulator.scenario import budget
from simulator.scenario.budget import OverBudget

# One block on a table for ten minutes at the finest step and the most iterations: about
# 6e9 body-steps x iterations, eighteen minutes of work.
SLOW = (
    edit(GOOD_TOML, "seconds = 0.5", "seconds = 600")
    + "\n[physics]\ndt = 1e-4\niterations = 1000\n"
)
# Two thousand blocks for the default three seconds: 27 s of work a simulated second.
BLOCKS = "".join(
    f'\n[[body]]\nid = "b{i}"\nbox = [0.5, 0.5]\nat = [{-100 + (i % 200)}, {1 + i // 200}]\n'
    for i in range(2000)
)
CROWD = 'format = "towersim/1"\nkind = "sandbox"\n' + BLOCKS
# A LOTS game the computer plays to the end, at the finest physics.
FINE_GAME = (
    'format = "towersim/1"\nkind = "lots"\n[physics]\ndt = 1e-4\niterations = 1000\n'
    '[setup]\nplayers = ["Ann", "Ben"]\n[[action]]\ntype = "computer"\n'
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scen.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        (SLOW, "body-steps x iterations"),
        (CROWD, "body-steps x iterations"),
        (FINE_GAME, "steps x iterations"),
    ],
)
def test_a_run_over_budget_is_refused_up_front(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, unit: str
) -> None:
    path = write(tmp_path, text)
    result = run_replay(capsys, path)
    assert result.code == 2 and result.out == ""
    assert len(result.err_lines) == 1 and "Traceback" not in result.err
    line = result.err_lines[0]
    assert line.startswith(f"towersim replay: {path}: this run would cost about ")
    assert f"{unit}, over the budget of " in line and "--budget" in line


def test_the_refusal_names_the_estimate_and_the_factor_that_allows_it(tmp_path: Path) -> None:
    loaded = load_scenario(write(tmp_path, SLOW))
    work = budget.sandbox_work(loaded.scenario)
    assert work == pytest.approx(6e9)  # 1 body x 6e6 steps x 1000 iterations
    with pytest.raises(OverBudget, match=r"about 6e\+09 .* budget of 2e\+08; .* --budget 30 "):
        loaded.check_budget()
    loaded.check_budget(30)  # the factor the message names is enough
    with pytest.raises(OverBudget):
        loaded.check_budget(29)


def test_a_game_counts_its_placements_and_paths(tmp_path: Path) -> None:
    loaded = load_scenario(write(tmp_path, FINE_GAME))
    profile = loaded.scenario.profile
    work = budget.game_work(loaded.scenario.actions, frozenset({"place"}), profile)
    per_placement = (budget.HAND_SECONDS + profile.settle_cap) / 1e-4 * 1000
    assert work == pytest.approx(budget.COMPUTER_DECISIONS * per_placement)
    computer = [{"type": "computer", "moves": 5000}, {"type": "computer", "moves": 3}]
    counted = budget.game_work(computer, frozenset({"place"}), profile) / per_placement
    assert counted == pytest.approx(budget.COMPUTER_DECISIONS + 3)  # a game ends by its rules
    path = [{"type": "place", "path": [[500, 0, 10, 0, 0], [100, 0, 9, 0, 0]]}]
    assert budget.game_work(path, frozenset(), profile) == 600 * 1000
    loaded.check_budget(1e9)


def test_the_budget_option_raises_and_lowers_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, GOOD_TOML)
    assert run_replay(capsys, path).code == 0
    lowered = run_replay(capsys, "--budget", "1e-6", path)
    assert lowered.code == 2 and "over the budget of" in lowered.err
    assert run_replay(capsys, "--budget", "40", path).code == 0


@pytest.mark.parametrize("factor", ["0", "-1", "nan", "inf", "lots"])
def test_a_bad_budget_factor_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, factor: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        run_replay(capsys, f"--budget={factor}", write(tmp_path, GOOD_TOML))
    assert caught.value.code == 2
    assert "argument --budget: must be a positive number" in capsys.readouterr().err


def test_every_shipped_scenario_is_within_the_default_budget() -> None:
    root = Path(__file__).resolve().parents[2]
    files = [*root.glob("scenarios/**/*.toml"), *root.glob("tests/golden/games/*.toml")]
    scenarios = [path for path in files if 'format = "towersim/1"' in path.read_text()]
    assert len(scenarios) > 50
    for path in scenarios:
        load_scenario(path).check_budget()
