"""The "would this stand?" environment: Gymnasium's contract, seeds, the physics's truth."""

from __future__ import annotations

import hashlib
import time
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import simulator.rl.stand as stand_module
from simulator.games.filled_in.sheetfile import DrawnPiece, DrawnTower
from simulator.rl.errors import InvalidAction
from simulator.rl.stand import FALLS, SOURCES, STANDS, StandEnv, random_tower

# Two O blocks, one on the other, in the middle of sheet 1's floor: it stands.
CENTRED_STACK = {
    "sheet": 1,
    "pieces": [
        {"piece": "lots-O", "colour": "red", "cells": [[0, 2], [0, 3], [1, 2], [1, 3]]},
        {"piece": "lots-O", "colour": "blue", "cells": [[2, 2], [2, 3], [3, 2], [3, 3]]},
    ],
}
# An upright I at the left edge and an L lying on it, reaching two boxes out over
# nothing (scenarios/filled-in/sheets/overhang.toml): the L falls.
OVERHANG = {
    "sheet": 1,
    "pieces": [
        {"piece": "lots-I", "colour": "red", "cells": [[0, 0], [1, 0], [2, 0], [3, 0]]},
        {"piece": "lots-L", "colour": "orange", "cells": [[4, 0], [4, 1], [4, 2], [5, 2]]},
    ],
}


def same(a: Any, b: Any) -> bool:
    """Equal, arrays compared exactly (dtype too), inside dicts and lists."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def test_gymnasium_env_checker_passes_without_warnings() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(StandEnv(), skip_render_check=True)
        check_env(StandEnv(source="sandbox", sheets=[2, 5], pieces=(1, 3)), skip_render_check=True)


def test_spaces_and_observation_layout() -> None:
    env = StandEnv(sheets=[1, 4], pieces=(2, 6))
    assert env.action_space.n == 2
    space = env.observation_space
    assert space["grid"].shape == (14, 6)  # sheet 4 is 14 high, sheet 1 is 6 wide
    assert space["pieces"].shape == (6, 9)
    assert space["action_mask"].dtype == np.int8
    obs, info = env.reset(options={"tower": OVERHANG})
    assert obs in space and info["seed"] is None and info["sheet"] == 1
    grid = obs["grid"]
    assert grid[0, 0] == 1 and grid[4, 1] == 2 and grid[0, 1] == 0
    assert (grid[12:, :] == -1).all()  # sheet 1 is 12 rows high
    # the L: shape L (4), orange (2), rows 4-5, columns 0-2, centre of its four boxes
    assert obs["pieces"][1].tolist() == [1, 4, 2, 4, 0, 5, 2, 4.75, 1.75]
    assert obs["pieces"][2:].sum() == 0
    assert obs["action_mask"].tolist() == [1, 1] and info["action_mask"].tolist() == [1, 1]
    assert set(info) == {"action_mask", "seed", "sheet"}  # no truth before the verdict


@pytest.mark.parametrize(
    ("tower", "truth", "fallen"),
    [(CENTRED_STACK, STANDS, []), (OVERHANG, FALLS, ["02-L-orange"])],
)
def test_the_truth_is_the_physics(tower: dict[str, Any], truth: int, fallen: list[str]) -> None:
    env = StandEnv()
    for verdict, reward in ((truth, 1.0), (1 - truth, 0.0)):
        env.reset(options={"tower": tower})
        obs, got, terminated, truncated, info = env.step(verdict)
        assert (got, terminated, truncated) == (reward, True, False)
        assert info["stands"] is (truth == STANDS) and info["truth"] == truth
        assert info["fallen"] == fallen and info["settled"]
        assert obs["action_mask"].tolist() == [0, 0] == info["action_mask"].tolist()


def test_a_drawn_tower_object_is_accepted_too() -> None:
    env = StandEnv()
    pieces = tuple(
        DrawnPiece(p["piece"], p["colour"], tuple(map(tuple, p["cells"])))
        for p in OVERHANG["pieces"]
    )
    a, _ = env.reset(options={"tower": DrawnTower("mine", 1, pieces)})
    b, _ = env.reset(options={"tower": OVERHANG})
    assert same(a, b)
    assert env.step(FALLS)[1] == 1.0


def test_same_seeds_same_episodes() -> None:
    first, second = StandEnv(source="sandbox"), StandEnv(source="sandbox")
    for env in (first, second):
        env.reset(seed=1234)  # then seed=None: the next games' seeds come from np_random
    for episode in range(20):
        seed = episode if episode % 2 else None
        runs = [env.reset(seed=seed) + env.step(episode % 2)[1:] for env in (first, second)]
        assert same(runs[0], runs[1])
    assert same(StandEnv().reset(seed=7), StandEnv().reset(seed=7))
    assert random_tower(99) == random_tower(99) != random_tower(100)


def test_seeded_episodes_are_the_ones_they_always_were() -> None:
    """What a policy sees of seeded towers (both sources), pinned: the towers and their
    arrays do not move when the code that draws them does (this digest is the one the
    environment gave when it still read the rules' modules itself)."""
    digest = hashlib.sha256()
    for source in SOURCES:
        env = StandEnv(source=source)
        for seed in range(10):
            obs, info = env.reset(seed=seed)
            for key in sorted(obs):
                digest.update(key.encode() + obs[key].tobytes())
            digest.update(repr((info["seed"], info["sheet"])).encode())
    assert digest.hexdigest() == (
        "9d07d788c608ac5ce10a6c0c18b651d32085502bccdd393e7c15a562e2673c83"
    )


def test_unseeded_resets_follow_the_seeded_one() -> None:
    env = StandEnv()
    env.reset(seed=5)
    seeds = [env.reset()[1]["seed"] for _ in range(3)]
    env.reset(seed=5)
    assert [env.reset()[1]["seed"] for _ in range(3)] == seeds
    assert len(set(seeds)) == 3 and all(0 <= s < 2**63 for s in seeds)


def test_the_truth_is_computed_only_at_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[DrawnTower] = []
    real = stand_module.stand_tower
    monkeypatch.setattr(stand_module, "stand_tower", lambda t, p: calls.append(t) or real(t, p))
    env = StandEnv()
    env.reset(seed=3)
    assert calls == [] and env.result is None
    env.step(STANDS)
    assert calls == [env.tower] and env.result is not None


def test_both_verdicts_are_common() -> None:
    # seeds 0..39 of the default settings; the base rate over 300 seeds is in the report
    for source in ("sheet", "sandbox"):
        env = StandEnv(source=source)
        stands = 0
        for seed in range(40):
            env.reset(seed=seed)
            stands += env.step(STANDS)[4]["stands"]
        assert 10 <= stands <= 30, (source, stands)


def test_sources_draw_as_they_say() -> None:
    for seed in range(20):
        sandbox = random_tower(seed, source="sandbox", pieces=(6, 6))
        filled: set[tuple[int, int]] = set()
        for drawn in sandbox.pieces:  # every dropped piece rests on the floor or a box
            assert any(r == 0 or (r - 1, c) in filled for r, c in drawn.cells)
            filled.update(drawn.cells)
        careless = random_tower(seed, source="sheet", pieces=(6, 6), care=0.0)
        assert len(careless.pieces) == 6


@pytest.mark.parametrize("action", [2, -1, "1", 1.0, True, None, np.array([1])])
def test_an_action_that_is_no_verdict_is_refused(action: Any) -> None:
    env = StandEnv()
    env.reset(seed=11)
    with pytest.raises(InvalidAction, match=r"is not a verdict: 0 \(it falls\) or 1"):
        env.step(action)
    assert env.result is None  # nothing changed: the verdict is still due
    assert env.step(np.int64(1))[2] is True


def test_a_step_after_the_verdict_is_refused() -> None:
    env = StandEnv()
    with pytest.raises(InvalidAction, match="no tower yet; call reset"):
        env.step(1)
    env.reset(seed=2)
    reward = env.step(0)[1]
    result = env.result
    with pytest.raises(InvalidAction, match="episode has ended; call reset"):
        env.step(1)
    assert env.result is result
    assert env.reset(seed=2)[1]["action_mask"].tolist() == [1, 1]
    assert env.step(0)[1] == reward


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"source": "lots"}, "source must be 'sheet' or 'sandbox'"),
        ({"sheets": [9]}, "sheets must name one or more of the sheets 1, 2, 3, 4, 5"),
        ({"sheets": []}, "sheets must name one or more"),
        ({"sheets": [1.0]}, "sheets must name one or more"),
        ({"sheets": "12"}, "sheets must be a list of sheet numbers"),
        ({"pieces": 0}, r"pieces must be a count or a \(low, high\) pair"),
        ({"pieces": (5, 3)}, "1 <= low <= high <= 40"),
        ({"pieces": (1, 41)}, "1 <= low <= high <= 40"),
        ({"care": 1.5}, "care must be a number from 0 to 1"),
        ({"care": float("nan")}, "care must be a number from 0 to 1"),
        ({"physics": "stiff"}, "unknown physics profile 'stiff'"),
        ({"render_mode": "ansi"}, "render_mode must be None, 'rgb_array' or 'human'"),
    ],
)
def test_bad_parameters_are_refused_in_a_sentence(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        StandEnv(**kwargs)


def _tower(**change: Any) -> dict[str, Any]:
    return {**OVERHANG, **change}


@pytest.mark.parametrize(
    ("seed", "options", "message"),
    [
        (-1, None, "seed must be from 0 to 9223372036854775807, not -1"),
        (2**63, None, "seed must be from 0 to"),
        ("7", None, "seed must be a whole number"),
        (None, {"towers": 1}, "unknown reset option\\(s\\) 'towers'"),
        (None, {"tower": "I at 0 0"}, "must be a DrawnTower or a dict, not str"),
        (None, {"tower": {"sheet": 1}}, "needs 'sheet' and 'pieces'"),
        (None, {"tower": _tower(sheet=9)}, "drawn on sheet 9; this environment's sheets are 1"),
        (None, {"tower": _tower(pieces=OVERHANG["pieces"] * 7)}, "14 pieces; .* 12 at most"),
        (
            None,
            {"tower": _tower(pieces=[{"piece": "lots-I", "colour": "red"}])},
            "piece 1 must have exactly 'piece', 'colour' and 'cells'",
        ),
        (
            None,
            {"tower": _tower(pieces=[{**OVERHANG["pieces"][0], "piece": "lots-J"}])},
            "piece 1 \\(lots-J, red\\): the piece must be one of lots-I",
        ),
        (
            None,
            {"tower": _tower(pieces=[{**OVERHANG["pieces"][0], "colour": "purple"}])},
            "its colour must be one of red",
        ),
        (
            None,
            {"tower": _tower(pieces=[{**OVERHANG["pieces"][1], "piece": "lots-T"}])},
            "do not draw the T shape",
        ),
        (
            None,
            {"tower": _tower(pieces=[OVERHANG["pieces"][0]] * 2)},
            "piece 2 .*the box at row 1, column 1 is already filled",
        ),
        (
            None,
            {
                "tower": _tower(
                    pieces=[{"piece": "lots-cube", "colour": "purple", "cells": [[0, 6]]}]
                )
            },
            "the box at row 1, column 7 is outside the tower",
        ),
    ],
)
def test_bad_resets_are_refused_and_change_nothing(
    seed: int | None, options: dict[str, Any] | None, message: str
) -> None:
    env = StandEnv(sheets=[1, 2])
    before, _ = env.reset(seed=21)
    with pytest.raises(ValueError, match=message):
        env.reset(seed=seed, options=options)
    assert env.tower is not None and env.tower.label == "seed 21"
    assert same(env.step(1)[0]["grid"], before["grid"])


def test_render_draws_the_tower_as_drawn_then_as_it_settled() -> None:
    assert StandEnv().render() is None  # no render_mode: nothing to draw
    env = StandEnv(render_mode="rgb_array")
    for seed in range(20):
        env.reset(seed=seed)
        before = env.render()
        _, _, _, _, info = env.step(STANDS)
        after = env.render()
        for frame in (before, after):
            assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
            assert frame.ndim == 3 and frame.shape[2] == 3 and frame.max() > frame.min()
        if not info["stands"]:  # a tower that fell looks different after the verdict
            assert not np.array_equal(before, after)
            break
    else:
        pytest.fail("no falling tower in 20 seeds")
    env.close()


def test_an_episode_is_quick() -> None:
    env = StandEnv()
    start = time.process_time()
    for seed in range(10):
        env.reset(seed=seed)
        env.step(STANDS)
    per_episode = (time.process_time() - start) / 10
    assert per_episode < 0.5  # measured about 0.04 s of CPU (report); loose for CI
