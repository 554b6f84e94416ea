"""play --record, replay, determinism across processes, scenario validation, every replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from simulator.bots.cli import Seats
from simulator.games.computer_seat import SeatStuck, play_turns
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import COMPUTERS
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.physics.profile import load_profile
from tests.towersim_process import towersim

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios" / "crazy-tower").glob("*.toml"))


def test_a_recorded_game_replays_to_the_same_state_hash(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    played = towersim(
        "play",
        "crazy-tower",
        "--headless",
        "--players",
        "4",
        "--seed",
        "3",
        "--json",
        "--record",
        str(record),
    )
    assert played.returncode == 0, played.stderr
    replayed = towersim("replay", str(record), "--json")
    assert replayed.returncode == 0, replayed.stdout
    assert json.loads(replayed.stdout)["state_hash"] == json.loads(played.stdout)["state_hash"]


def test_two_processes_give_the_same_state_hash() -> None:
    runs = [
        towersim(
            "play",
            "crazy-tower",
            "--headless",
            "--mode",
            "solo",
            "--challenge",
            "16",
            "--seed",
            "4",
            "--json",
        )
        for _ in range(2)
    ]
    hashes = {json.loads(r.stdout)["state_hash"] for r in runs}
    assert len(hashes) == 1


def test_without_headless_it_opens_the_app_or_says_there_is_no_display() -> None:
    result = towersim("play", "crazy-tower", without=("DISPLAY", "WAYLAND_DISPLAY"))
    assert result.returncode == 2 and "no display" in result.stderr
    assert "--headless" in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[setup]\nmode = "saboteur"\nplayers = ["A", "B"]\n', "saboteur mode is for 3, 4"),
        (
            '[setup]\nplayers = ["A", "B"]\n[[action]]\ntype = "place_block"\nplayer = "A"\n'
            'block = "purple-9z"\n',
            "not a Crazy Tower block",
        ),
        (
            '[setup]\nplayers = ["A", "B"]\n[[action]]\ntype = "lay_card"\nplayer = "C"\n',
            "'C' is not one of the players",
        ),
        (
            '[setup]\nplayers = ["A", "B"]\n[[action]]\ntype = "reveal_card"\nplayer = "A"\n'
            "speed = 3\n",
            "unknown key 'speed'",
        ),
    ],
)
def test_an_invalid_scenario_gets_one_line_and_exit_2(
    tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = "towersim/1"\nkind = "crazy-tower"\n' + body)
    result = towersim("replay", str(path))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_every_crazy_tower_scenario_meets_its_expectations() -> None:
    assert len(SCENARIOS) >= 10
    result = towersim("replay", *map(str, SCENARIOS))
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_game_that_used_to_stop_plays_on_and_a_stuck_seat_says_why() -> None:
    # Challenge 3 (three blocks a floor) can paint the random player into a corner:
    # in seed 2 the last resort (issue 42) finds it a place, and the game ends by the rules.
    played = towersim(
        "play", "crazy-tower", "--headless", "--mode", "solo", "--challenge", "3",
        "--seed", "2", "--json",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    report = json.loads(played.stdout)
    assert report["over"] is True and report["stopped"] is None
    # Without a last resort the same seat stops, and says plainly why.
    options = {"mode": "solo", "players": ["Player 1"], "challenge": 3, "seed": 3}
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    computers = dataclasses.replace(COMPUTERS, last_resort=None)
    table = computers.seated(match, Seats({0: "random"}, {0: None}), 3)
    with pytest.raises(SeatStuck) as stuck:
        play_turns(match, table, computers.decisions)
    assert str(stuck.value).startswith("Player 1 found no move the rules accept (the last: ")
    assert "red box" in str(stuck.value) and not match.state.is_over


def test_challenge_three_leaves_room_for_the_blocks_it_still_needs() -> None:
    from simulator.games.crazy_tower.player import fits

    # A 20 cm card holding a 6 cm block at the left: a 4 and an 8 still fit, two 8s not.
    assert fits([4.0, 8.0], [(0.0, 6.0)], 20.0, frozenset())
    assert not fits([8.0, 8.0], [(0.0, 6.0)], 20.0, frozenset())
