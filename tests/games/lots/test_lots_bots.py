"""LOTS bots: deterministic for a seed, better than random, honest about risk, and their
games record and replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.lots import LotsOptions, legal_moves
from simulator.bots.dexterity import get_profile
from simulator.cli import main
from simulator.games.computer_seat import play_players
from simulator.games.lots.bots import make_player
from simulator.games.lots.bots_risk import fall_risk
from simulator.games.lots.match import LotsMatch, Placement
from simulator.replay import replay_file


def _decisions(level: str, seed: int, count: int) -> list[object]:
    match = LotsMatch(LotsOptions(players=("A", "B"), footprint="1A", seed=seed))
    players = {0: make_player(level, seed), 1: make_player(level, seed + 1)}
    out = []
    for _ in range(count):
        seat = match.state.to_act
        kind, what = players[seat].decide(match)
        out.append((kind, what))
        match.place(what) if kind == "place" else match.perform(what)
    return out


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_each_level_decides_the_same_twice_for_a_seed(level: str) -> None:
    first = _decisions(level, 3, 6)
    assert first == _decisions(level, 3, 6)
    assert any(kind == "place" for kind, _ in first)


def test_normal_beats_random_on_fixed_seeds() -> None:
    for seed in (7, 25):
        match = LotsMatch(LotsOptions(players=("Bot", "Random"), footprint="1A", seed=seed))
        first, second = match.state.players
        players = {first: make_player("normal", seed), second: make_player("random", seed)}
        play_players(match, players, 5000)
        assert match.state.over and match.state.winners == [0], seed


def test_a_precarious_placement_shows_a_higher_risk() -> None:
    match = LotsMatch(LotsOptions(players=("A", "B"), footprint="1A", seed=2, start_player=0))
    while match.state.phase != "place":
        match.perform(legal_moves(match.state)[0])
    block = next(b for b in match.state.banks[0] if b.startswith("red"))  # the I
    shaky = get_profile("shaky")
    standing = fall_risk(match, Placement(block=block, col=0, turns=1), shaky, rollouts=6)
    lying = fall_risk(match, Placement(block=block, col=0, turns=0), shaky, rollouts=6)
    assert standing > lying
    assert lying == fall_risk(match, Placement(block=block, col=0), shaky, rollouts=6)


def test_a_game_with_bots_records_and_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "bots.toml"
    args = ["play", "lots", "--seat", "1=easy", "--seed", "6", "--headless", "--record"]
    assert main([*args, str(path), "--dexterity", "shaky"]) == 0
    text = path.read_text()
    # the hand's noise is recorded: hand model 2's speeds and tremor (a new game's model)
    assert "hand_model = 2" in text and "angle_error" in text and "release_vx" not in text
    assert "travel_speed" in text and "lower_speed" in text and "tremor" in text
    report = replay_file(str(path))
    assert report["ok"], report.get("failures")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3=normal"], "seat must be 1 to 2"),
        (["--bot", "wizard"], "unknown level"),
        (["--seat", "1"], "expected N=LEVEL"),
        (["--dexterity", "wobbly"], "unknown dexterity profile"),
    ],
)
def test_bad_bot_options_exit_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "lots", "--headless", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_surgeons_hand_feels_and_its_feel_is_recorded_and_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Grip 1: with grip 2 the surgeon's feel never acts (seeds 1 to 6; issue 24's note).
    monkeypatch.setattr("simulator.physics.profile.new_games_grip", lambda: 1)
    # Rest 1: seed 4's caught piece is the case this test was written on (issue 38).
    monkeypatch.setattr("simulator.physics.profile.new_games_rest", lambda: 1)
    # Hand model 1: the surgeon's old draws (model 2's braced hand feels too: its feel is
    # the surgeon's, tests/bots/test_hand_model.py).
    monkeypatch.setattr("simulator.physics.profile.new_games_hand_model", lambda: 1)
    assert get_profile("surgeon").feel == 3 and get_profile("shaky").feel == 0
    path = tmp_path / "solo.toml"
    args = ["play", "lots", "--mode", "solo", "--bot", "easy", "--seed", "4", "--headless"]
    assert main([*args, "--dexterity", "surgeon", "--record", str(path)]) == 0
    text = path.read_text()
    assert "feel = 3" in text  # every placement by a surgeon's hand asks it to feel
    report = replay_file(str(path))
    assert report["ok"], report.get("failures")
    without = tmp_path / "without.toml"
    without.write_text(text.replace("feel = 3\n", ""))
    assert replay_file(str(without))["state_hash"] != report["state_hash"]  # it acted
    assert "feel" not in Placement(block="red-1").as_action("A")  # the default stays out
