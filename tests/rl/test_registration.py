"""Every registered Gymnasium id makes an environment that passes Gymnasium's own check,
Gymnasium's "module:EnvId" form registers them in a fresh process with no start-up hook,
the registration's list is the one the benchmark's tasks name, and what every
environment shares about seeds."""

from __future__ import annotations

from pathlib import Path

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

from simulator.rl.bench import TASKS
from simulator.rl.multi import crazy_tower_v0, filled_in_v0, lots_v0
from simulator.rl.registration import ENV_IDS, register_envs
from simulator.rl.solo_envs import crazy_tower_solo, lots_solo
from tests.without_hooks import run_without_hooks

register_envs()

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("env_id", [env.id for env in ENV_IDS])
def test_every_registered_id_makes_a_checked_environment(env_id: str) -> None:
    env = gymnasium.make(env_id)
    assert env.spec is not None and env.spec.id == env_id
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


FACTORIES = {
    "LotsSolo": lambda: lots_solo(footprint="3B"),
    "CrazyTowerSolo": lambda: crazy_tower_solo(challenge=2),
    "lots_v0": lambda: lots_v0.raw_env(players=2),
    "crazy_tower_v0": lambda: crazy_tower_v0.raw_env(mode="saboteur"),
    "filled_in_v0": lambda: filled_in_v0.raw_env(players=3),
}


@pytest.mark.parametrize("name", FACTORIES)
def test_reset_without_a_seed_draws_the_next_game_from_the_envs_generator(name: str) -> None:
    """Gymnasium's convention, the same in every environment: after reset(seed=s), the
    next games' seeds come from the environment's own generator, not from s again."""
    a, b = FACTORIES[name](), FACTORIES[name]()
    a.reset(seed=7)
    b.reset(seed=7)
    a.reset()
    b.reset()
    assert a.episode.seed == b.episode.seed != 7
    a.reset()
    assert a.episode.seed not in (7, b.episode.seed)


def test_registering_again_changes_nothing() -> None:
    before = {env.id: gymnasium.registry[env.id] for env in ENV_IDS}
    register_envs()
    assert all(gymnasium.registry[env_id] is spec for env_id, spec in before.items())


def test_the_benchmarks_tasks_name_registered_ids() -> None:
    assert {task.env_id for task in TASKS} <= {env.id for env in ENV_IDS}


def test_a_fresh_process_makes_an_env_through_gymnasiums_module_form() -> None:
    """``python -S`` processes no .pth file, so no start-up hook of any installed towersim
    can help: the plain id is unknown until the "module:EnvId" form imports the module."""
    probe = (
        "import sys, gymnasium\n"
        "print('towersim/LotsSolo-v0' in gymnasium.registry)\n"
        "env = gymnasium.make('simulator.rl.registration:towersim/LotsSolo-v0',"
        " footprint='3B', hand='steady')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(env.spec.id, obs['grid'].shape, int(info['action_mask'].sum()))\n"
        "print(gymnasium.make('towersim/WouldItStand-v0').spec.id)\n"
        "import simulator; print(simulator.__file__)\n"
    )
    lines = run_without_hooks(probe, ROOT, ROOT)
    assert lines[:3] == ["False", "towersim/LotsSolo-v0 (24, 3) 1", "towersim/WouldItStand-v0"]
    assert Path(lines[3]).is_relative_to(ROOT), lines[3]
