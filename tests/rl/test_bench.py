"""The physical-reasoning benchmark: the same episodes for every agent and any number
of workers, honest intervals, one-line refusals, files that round-trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.rl import bench
from simulator.rl.policies import load_agent

TASK = bench.task_named("lots-solo-3B")
STAND = bench.task_named("would-it-stand")


def always_first(env, seed):
    """The first legal action, always: a plugged-in agent for the tests."""
    import numpy as np

    return lambda observation, info: int(np.flatnonzero(info["action_mask"])[0])


def test_episode_k_is_the_environment_seeded_k_for_every_agent() -> None:
    found = bench.jobs(["random", "normal"], [TASK, STAND], ["steady", "shaky"], 3)
    assert {(j.task, j.hand, j.episode) for j in found if j.agent == "random"} == {
        *((TASK.name, h, k) for h in ("steady", "shaky") for k in range(3)),
        *((STAND.name, None, k) for k in range(3)),
    }
    # The bots play games, not verdicts: no stand episodes for them.
    assert {j.task for j in found if j.agent == "normal"} == {TASK.name}


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    job_list = bench.jobs(["random", f"{__name__}:always_first"], [TASK, STAND], ["steady"], 3)
    one = list(bench.run(job_list, workers=1))
    two = list(bench.run(job_list, workers=2))
    strip = [(r.agent, r.task, r.hand, r.episode, r.solved, r.steps, r.reward) for r in one]
    assert strip == [(r.agent, r.task, r.hand, r.episode, r.solved, r.steps, r.reward) for r in two]
    assert len(one) == 12


def test_cells_count_solves_with_wilson_intervals() -> None:
    results = [
        bench.Result("a", "t", "steady", k, solved=k < 3, steps=1, reward=0.0, seconds=0.1)
        for k in range(10)
    ]
    (cell,) = bench.cells(results)
    assert (cell.solved, cell.episodes, cell.rate) == (3, 10, 0.3)
    assert 0.10 < cell.low < 0.11 and 0.60 < cell.high < 0.61  # Wilson, 95 %
    assert "30% (11%-60%, n=10)" in bench.table([cell])


def test_results_round_trip_and_another_version_is_refused(tmp_path: Path) -> None:
    results = list(bench.run(bench.jobs(["random"], [STAND], ["steady"], 2)))
    json_path, table_path = bench.write_results(results, tmp_path)
    assert bench.read_results(json_path) == results
    assert "would-it-stand" in table_path.read_text()
    document = json.loads(json_path.read_text())
    document["version"] = bench.VERSION + 1
    json_path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match="not towersim-physical-reasoning v1"):
        bench.read_results(json_path)
    json_path.write_text("{broken")
    with pytest.raises(ValueError, match="not a benchmark results file"):
        bench.read_results(json_path)


def test_bad_agents_are_refused_in_one_sentence() -> None:
    with pytest.raises(ValueError, match="give a baseline"):
        load_agent("genius")
    with pytest.raises(ValueError, match="cannot import"):
        load_agent("no_such_module_here:make")
    with pytest.raises(ValueError, match="has no callable"):
        load_agent("json:no_such_thing")


def test_the_command_runs_an_agent_and_writes_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "bench",
            f"{__name__}:always_first",
            "random",
            "--tasks",
            "lots-solo-3B,would-it-stand",
            "--hands",
            "steady,clumsy",
            "--episodes",
            "2",
            "--out",
            str(out),
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0
    assert "| lots-solo-3B | clumsy |" in printed and "random" in printed
    assert (out / "plot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = tmp_path / "again"
    code = main(
        [
            "bench",
            "random",
            "--tasks",
            "would-it-stand",
            "--episodes",
            "1",
            "--out",
            str(again),
            "--with",
            str(out / "results.json"),
            "--no-plot",
        ]
    )
    assert code == 0
    # Two agents: 3B with two hands and the verdicts, 2 episodes each; then one more.
    assert len(bench.read_results(again / "results.json")) == 2 * (2 * 2 + 2) + 1
    report = tmp_path / "report"
    assert main(["bench", "--with", str(again / "results.json"), "--out", str(report)]) == 0
    assert bench.read_results(report / "results.json") == bench.read_results(again / "results.json")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["genius"], "give a baseline"),
        (["random", "--tasks", "chess"], "unknown task 'chess'"),
        (["random", "--hands", "octopus"], "unknown hand 'octopus'"),
        (["random", "--with", "/no/such/results.json"], "not a benchmark results file"),
        ([], "give an AGENT to play, or --with RESULTS to report"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_command_refuses_out_of_range_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "random", "--episodes", "0"])
    assert "must be 1 to 10000" in capsys.readouterr().err


def broken(env, seed):
    """An agent that raises on its third decision."""
    calls = []

    def act(observation, info):
        calls.append(1)
        if len(calls) == 3:
            raise ZeroDivisionError("division by zero")
        import numpy as np

        return int(np.flatnonzero(info["action_mask"])[0])

    return act


def test_an_agent_that_raises_is_named_with_its_episode_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["bench", f"{__name__}:broken", "--tasks", "lots-solo-1A", "--hands", "steady",
                 "--episodes", "1", "--out", str(tmp_path)])  # fmt: skip
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert err[-1] == (
        f"towersim bench: agent {__name__}:broken failed in lots-solo-1A (hand steady, "
        "episode 0, step 3): ZeroDivisionError: division by zero"
    )


@pytest.mark.parametrize("task", ["lots-solo-3B", "crazy-tower-1"])
def test_the_shipped_bots_play_through_the_action_space(task: str) -> None:
    """A bot's plan maps onto a legal action of the environment (no fallbacks), and the
    easy bot solves a game random cannot."""
    import gymnasium

    from simulator.rl.registration import register_envs

    register_envs()
    spec = bench.task_named(task)
    env = gymnasium.make(spec.env_id, **spec.kwargs, hand="surgeon")
    observation, info = env.reset(seed=1)
    act = load_agent("easy")(env, 1)
    done, steps = False, 0
    while not done and steps < 200:
        observation, _, terminated, truncated, info = env.step(act(observation, info))
        done, steps = terminated or truncated, steps + 1
    assert act.fallbacks == 0 and steps > 4
