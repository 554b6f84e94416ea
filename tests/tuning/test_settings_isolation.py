"""Two physics settings in one process each give their own result, the same as running
alone: interleaved in one thread, and in two threads at once (a Dask worker's). This is
the test that no run reads or writes global physics state."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path

from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.world import World
from simulator.replay import load_scenario
from simulator.scenario.sandbox import build_world
from simulator.tuning.capture import run_with_world
from simulator.tuning.params import settings_for

ROOT = Path(__file__).resolve().parents[2]
CARELESS = ROOT / "scenarios" / "sandbox" / "careless-hand.toml"
POINTS = (
    {"material.wood.friction": 0.2, "hand.travel_speed": 40.0},
    {"material.wood.friction": 1.1, "material.felt.friction": 0.3},
)


def _settings() -> list[PhysicsProfile]:
    return [settings_for(load_profile(), point) for point in POINTS]


def test_worlds_with_different_materials_stepped_in_turn_match_each_alone() -> None:
    sandbox = load_scenario(ROOT / "scenarios" / "sandbox" / "lots-tower.toml").scenario
    settings = _settings()

    def world(profile: PhysicsProfile) -> World:
        return build_world(replace(sandbox, profile=profile))

    alone = []
    for profile in settings:
        w = world(profile)
        w.step(600)
        alone.append(w.state_hash())
    worlds = [world(p) for p in settings]
    for _ in range(60):
        for w in worlds:
            w.step(10)
    assert [w.state_hash() for w in worlds] == alone
    assert alone[0] != alone[1]


def test_two_runs_in_two_threads_give_what_each_gives_alone() -> None:
    loaded = load_scenario(CARELESS)
    settings = _settings()
    alone = [loaded.run(s)["state_hash"] for s in settings]
    assert len(set(alone)) == 2 and loaded.run()["state_hash"] not in alone

    results: dict[int, str] = {}
    finals: dict[int, list[World]] = {0: [], 1: []}
    start = threading.Barrier(2)

    def work(index: int) -> None:
        def on_world(world: World) -> None:
            finals[index].append(world)
            # Give up the GIL after every step, so the two runs really interleave.
            world.observe(lambda w, n: time.sleep(0))

        start.wait()
        results[index] = loaded.run(settings[index], on_world=on_world)["state_hash"]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[0], results[1]] == alone
    for index, profile in enumerate(settings):
        final = finals[index][-1]  # the run's final world, handed by the run
        assert final.profile == profile and final.state_hash() == alone[index]


def test_the_lab_takes_the_final_world_from_the_run() -> None:
    report, world = run_with_world(load_scenario(CARELESS))
    assert world is not None and world.state_hash() == report["state_hash"]
    filled_in = next((ROOT / "scenarios" / "filled-in").glob("*.toml"))
    assert run_with_world(load_scenario(filled_in))[1] is None  # drawn, not built
