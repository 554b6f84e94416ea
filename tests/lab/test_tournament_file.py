"""Tournament files and command lines: what they describe, and one line for every fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.lab.tournament import Seat
from simulator.lab.tournament_file import load_tournament
from tests.lab.support import lab_run

GOOD = """\
format = "towersim-lab/1"
name = "footprints"
game = "lots"
mode = "competitive"
games = 3
seed = 10
footprints = ["1A", "2B"]

[[seat]]
level = "normal"
hand = "steady"

[[seat]]
level = "random"
"""


def write(tmp_path: Path, text: str, name: str = "t.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_good_file_expands_into_seeded_games(tmp_path: Path) -> None:
    t = load_tournament(write(tmp_path, GOOD))
    assert (t.name, t.game, t.mode, t.games, t.seed) == ("footprints", "lots", "competitive", 3, 10)
    assert t.seats == (Seat("normal", "steady"), Seat("random"))
    specs = t.specs()
    assert [(s.config["footprint"], s.seed) for s in specs] == [
        ("1A", 10), ("1A", 11), ("1A", 12), ("2B", 10), ("2B", 11), ("2B", 12)
    ]  # fmt: skip
    assert len({s.key for s in specs}) == 6


def test_all_means_every_value_the_play_command_accepts(tmp_path: Path) -> None:
    text = GOOD.replace('footprints = ["1A", "2B"]', 'footprints = "all"')
    t = load_tournament(write(tmp_path, text))
    assert t.configs["footprint"] == ["1A", "1B", "2A", "2B", "3A", "3B"]
    crazy = (
        'format = "towersim-lab/1"\ngame = "crazy-tower"\nmode = "solo"\ngames = 1\n'
        'challenges = "all"\n[[seat]]\nlevel = "random"\n'
    )
    assert load_tournament(write(tmp_path, crazy)).configs["challenge"] == list(range(1, 21))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('format = "towersim-lab/1"', 'format = "lab/2"', "t.toml:1: format: must be one of"),
        ('game = "lots"', 'game = "chess"', "t.toml:3: game: must be one of 'lots'"),
        ('mode = "competitive"', 'mode = "duel"', "t.toml:4: mode: must be one of"),
        ("games = 3", "games = 0", "t.toml:5: games: must be from 1 to 100000 games, not 0"),
        ("games = 3", 'games = "3"', "t.toml:5: games: must be an integer, not a string"),
        ("seed = 10", "seed = -1", "t.toml:6: seed: must be from 0 to"),
        ('["1A", "2B"]', '["1A", "9Z"]', "t.toml:7: footprints: '9Z' is not one of 1A, 1B"),
        ('["1A", "2B"]', '["1A", "1A"]', "t.toml:7: footprints: '1A' is given twice"),
        ('["1A", "2B"]', "7", 't.toml:7: footprints: must be "all" or a list'),
        ('footprints = ["1A", "2B"]', "sheets = [1]", "t.toml:7: sheets: LOTS has no sheets"),
        ('level = "normal"', 'level = "genius"', "t.toml:10: seat 1: level: must be one of"),
        ('hand = "steady"', 'hand = "wobbly"', "t.toml:11: seat 1: hand: must be one of"),
        ('hand = "steady"', 'hnd = "steady"', "t.toml:11: seat 1: hnd: unknown key 'hnd'"),
        ('name = "footprints"', 'colour = "red"', "t.toml:2: colour: unknown key 'colour'"),
        ('name = "footprints"', 'name = "../up"', "t.toml:2: name: must be letters, digits"),
        (
            'level = "random"',
            'level = "random"\nhand = "average"',
            "t.toml:15: seat 2: hand: the random player has no hand",
        ),
    ],
)
def test_a_bad_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, expected: str
) -> None:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    assert lab_run(str(path), "--out", str(tmp_path / "out")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"towersim lab run: {path}:")
    assert expected in err
    assert not (tmp_path / "out").exists()


def test_a_json_file_describes_the_same_tournament(tmp_path: Path) -> None:
    text = (
        '{"format": "towersim-lab/1", "name": "footprints", "game": "lots", "games": 3,'
        ' "seed": 10, "footprints": ["1A", "2B"],'
        ' "seat": [{"level": "normal", "hand": "steady"}, {"level": "random"}]}'
    )
    from_json = load_tournament(write(tmp_path, text, "t.json"))
    assert from_json == load_tournament(write(tmp_path, GOOD))


def test_bad_json_and_a_missing_file_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lab_run(str(write(tmp_path, '{"format": ', "t.json"))) == 2
    assert lab_run(str(tmp_path / "nothing.toml")) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(f"towersim lab run: {tmp_path / 't.json'}:1: invalid JSON")
    assert lines[1].endswith("nothing.toml: no such file")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--seats", "random"], "give a tournament FILE, or --game and --seats"),
        (["t.toml", "--game", "lots", "--seats", "random"], "a tournament FILE or --game and"),
        (["--game", "chess", "--seats", "random"], "--game: unknown game 'chess' (known: lots"),
        (["--game", "lots", "--mode", "duel", "--seats", "random"], "--mode: 'duel' is not one"),
        (["--game", "lots", "--footprints", "1A,4C", "--seats", "random"], "'4C' is not one of"),
        (["--game", "lots", "--seats", "normal:wobbly"], "--seats: 'normal:wobbly': unknown hand"),
        (["--game", "lots", "--seats", "genius"], "--seats: 'genius': unknown level"),
        (["--game", "filled-in", "--seats", "normal:steady"], "is played without a hand"),
        (["--game", "filled-in", "--sheets", "1,x", "--seats", "random"], "not a list of values"),
        (["--game", "lots", "--seats", "random", "--games", "0"], "--games: must be from 1"),
        (["--game", "lots", "--seats", "random", "--name", "a/b"], "--name: must be letters"),
        (
            ["--game", "crazy-tower", "--challenges", "3", "--seats", "random,random"],
            "--challenge is for solo mode",
        ),
        (["--game", "lots", "--mode", "solo", "--seats", "random,random"], "solo is for 1 player"),
    ],
)
def test_a_bad_command_line_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert lab_run(*argv, "--out", str(tmp_path / "out")) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    # The play command's own checks (player counts) run with the first game, after the
    # line that says how many games are to play.
    assert err.splitlines()[-1].startswith("towersim lab run: ")
    assert expected in err.splitlines()[-1]
    assert not (tmp_path / "out").exists()


def test_seats_with_their_own_hands_are_replayed_seat_by_seat(tmp_path: Path) -> None:
    from simulator.lab.play import parse, replay_command

    text = GOOD.replace('level = "random"', 'level = "hard"\nhand = "average"')
    spec = load_tournament(write(tmp_path, text)).specs()[0]
    command = replay_command(spec)
    assert "--seat 1=normal:steady --seat 2=hard:average" in command and "--hand" not in command
    args = parse(spec)  # the play command accepts it
    assert args.seat == ["1=normal:steady", "2=hard:average"]
    same = load_tournament(write(tmp_path, GOOD, "same.toml")).specs()[0]
    assert replay_command(same).endswith("--seat 1=normal --seat 2=random --hand steady")
