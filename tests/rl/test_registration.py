"""Every registered Gymnasium id makes an environment that passes Gymnasium's own check,
and the registration's list is the one the benchmark's tasks name."""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

from simulator.rl.bench import TASKS
from simulator.rl.registration import ENV_IDS, register_envs

register_envs()


@pytest.mark.parametrize("env_id", [env.id for env in ENV_IDS])
def test_every_registered_id_makes_a_checked_environment(env_id: str) -> None:
    env = gymnasium.make(env_id)
    assert env.spec is not None and env.spec.id == env_id
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_registering_again_changes_nothing() -> None:
    before = {env.id: gymnasium.registry[env.id] for env in ENV_IDS}
    register_envs()
    assert all(gymnasium.registry[env_id] is spec for env_id, spec in before.items())


def test_the_benchmarks_tasks_name_registered_ids() -> None:
    assert {task.env_id for task in TASKS} <= {env.id for env in ENV_IDS}
