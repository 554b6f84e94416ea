"""A dexterity profile's angle error and release jolt on Crazy Tower actions: recorded by
the bots in their actions, applied by the match to the hand's motion, replayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.bots.dexterity import get_profile
from simulator.bots.levels import level
from simulator.games.crazy_tower import verdicts
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import CrazyTowerBot
from simulator.games.crazy_tower.bots_risk import noisy
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.physics.hand import Hand
from simulator.physics.profile import load_profile
from tests.games.crazy_tower.ct_scenarios import refusal

PROFILE = tower_profile(load_profile(), sleep_given=False)
OPTIONS = {"mode": "competitive", "players": ["Ann", "Bob"], "seed": 3}


def spied(monkeypatch: pytest.MonkeyPatch) -> tuple[list[float], list[tuple[float, float]]]:
    """The hand's target angles and the jolts given on release, as the match asks."""
    angles: list[float] = []
    jolts: list[tuple[float, float]] = []
    carry, kick = Hand.carry, verdicts.kick

    def spy_carry(self, path, **kwargs):  # type: ignore[no-untyped-def]
        angles.append(path.angle)
        return carry(self, path, **kwargs)

    def spy_kick(entry, release):  # type: ignore[no-untyped-def]
        jolts.append(release)
        return kick(entry, release)

    monkeypatch.setattr(Hand, "carry", spy_carry)
    monkeypatch.setattr(verdicts, "kick", spy_kick)  # the match calls verdicts.kick
    return angles, jolts


def test_the_angle_error_and_the_jolt_reach_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    angles, jolts = spied(monkeypatch)
    match = CrazyTowerMatch(OPTIONS, PROFILE)
    plain = {"type": "place_block", "player": "Ann", "block": "red-2a", "at": 8.0}
    match.perform(plain)
    noisy_block = {**plain, "player": "Bob", "block": "green-2a", "at": 2.0}
    match.perform({**noisy_block, "angle_error": 2.5, "release_vx": -3.0, "release_vy": 1.5})
    assert angles[0] == 0.0 and angles[1] == pytest.approx(2.5, abs=0.05)  # card tilt + error
    assert jolts == [(0.0, 0.0), (-3.0, 1.5)]
    match.perform({"type": "reveal_card", "player": "Ann"})
    match.perform({"type": "lay_card", "player": "Ann", "angle_error": -1.0, "release_vy": 2.0})
    assert angles[-1] == pytest.approx(-1.0, abs=0.5)  # the top card's own tilt plus the error
    assert jolts[-1] == (0.0, 2.0)
    assert match.actions[1]["angle_error"] == 2.5 and match.actions[-1]["release_vy"] == 2.0


def test_a_bot_writes_its_profiles_draws_into_its_actions() -> None:
    model_1 = tower_profile(load_profile(hand_model=1), sleep_given=False)
    match = CrazyTowerMatch(OPTIONS, model_1)
    bot = CrazyTowerBot(11, level("easy"), get_profile("shaky"))
    action = bot.decide(match)
    assert action["type"] == "place_block"
    assert action["angle_error"] and (action["release_vx"] or action["release_vy"])
    assert "tremor" not in action and "travel_speed" not in action
    match.perform(action)
    twin = CrazyTowerMatch(OPTIONS, model_1)
    twin.perform(dict(match.actions[0]))
    assert twin.state_hash() == match.state_hash()


def test_under_hand_model_2_a_bot_writes_its_speeds_and_tremor() -> None:
    match = CrazyTowerMatch(OPTIONS, PROFILE)
    assert match.profile.hand_model == 2
    bot = CrazyTowerBot(11, level("easy"), get_profile("shaky"))  # an alias: "older"
    action = bot.decide(match)
    assert action["type"] == "place_block"
    assert "release_vx" not in action  # the piece leaves with the tremor's own motion
    rms, hz, band, seed = action["tremor"]
    assert (rms, hz) == (0.01, pytest.approx(11.32 - 0.042 * 70))  # the older hand's
    assert band > 0 and isinstance(seed, int)
    assert 0.5 <= action["lower_speed"] < action["travel_speed"] <= 200
    match.perform(action)
    twin = CrazyTowerMatch(OPTIONS, PROFILE)
    twin.perform(dict(match.actions[0]))
    assert twin.state_hash() == match.state_hash()


def test_a_steady_hand_writes_no_noise_keys() -> None:
    from simulator.bots.dexterity import Jitter

    action = {"type": "place_block", "player": "Ann", "block": "red-1a", "at": 4.0}
    assert noisy(action, Jitter()) == action
    assert noisy({"type": "reveal_card", "player": "Ann"}, Jitter(0.1, 2.0, (1.0, 1.0))) == {
        "type": "reveal_card",
        "player": "Ann",
    }


@pytest.mark.parametrize(
    ("keys", "fault"),
    [
        ("angle_error = 2.0, path = [[1, 0, 0, 0]]", "a live move (path) has no 'angle_error'"),
        ('release_vx = "fast"', "release_vx"),
    ],
)
def test_bad_noise_keys_are_one_clear_line(tmp_path: Path, keys: str, fault: str) -> None:
    action = f'{{ type = "place_block", player = "Ann", block = "red-1a", {keys} }}'
    assert fault in refusal(tmp_path, actions=action)
