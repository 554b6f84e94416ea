"""`towersim host` and `towersim join` on the command line: bad options are one line and
exit 2, an unreachable host one line and exit 1, never a traceback."""

from __future__ import annotations

import socket

import pytest

from simulator.cli import main
from simulator.net.client import split_address
from simulator.net.server import DEFAULT_PORT


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["lots", "--players", "9"], "--players 9: 1 to 4 players"),
        (["lots", "--players", "Ann,Ann"], "every player needs a name of their own"),
        (["lots", "--players", "Ann,Bob", "--setup", "footprint"], "expected KEY=VALUE"),
        (["lots", "--players", "Ann,Bob", "--setup", "footprint=9Z"], "footprint"),
        (["lots", "--players", "Ann,Bob", "--setup", "colour=red"], "colour"),
        (
            ["crazy-tower", "--players", "Sol", "--mode", "solo", "--setup", "challenge=x"],
            "challenge must be a whole number from 1 to 20, not 'x'",
        ),
        (
            ["filled-in", "--players", "2", "--setup", "sheet=1,9"],
            "--setup 'sheet=1,9': LOTS: Filled In's option sheet must be one of 1, 2",
        ),
        (
            ["lots", "--players", "2", "--setup", "sheet=2"],
            "LOTS has no option 'sheet' (its options: footprint, start_player, mode)",
        ),
        (["crazy-tower", "--players", "2", "--mode", "saboteur"], "saboteur"),
        (["lots", "--players", "Ann,Bob", "--computer", "Zed=easy"], "with a seat of Ann, Bob"),
        (["lots", "--players", "Ann,Bob", "--computer", "2=genius"], "unknown computer level"),
        (["--resume", "/no/such/folder"], "cannot resume"),
        ([], "name the game to host"),
    ],
)
def test_a_bad_host_command_is_one_line_and_exit_2(argv, said, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    assert main(["host", *argv, "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("towersim host: ") and said in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_setup_values_are_typed_by_the_games_parameters(tmp_path, monkeypatch):
    import argparse

    from simulator.net.cli import add_host_arguments, new_room

    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    argv = ["filled-in", "--players", "3", "--mode", "remote", "--setup", "sheet=1,2,3"]
    room = new_room(parser.parse_args(argv))
    assert not isinstance(room, str), room
    state = room.game.match.state
    assert state.variant == "remote" and [p.tower.sheet for p in state.players] == [1, 2, 3]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["host", "lots", "--port", "70000"], "is not a port"),
        (["host", "lots", "--turn-seconds", "1"], "must be 5 to 86400 seconds"),
        (["join", "127.0.0.1", "--room", "abc"], "a room code is 6 or 8 letters and digits"),
        (["join", "127.0.0.1", "--room", "ABCDEF", "--name", "x" * 30], "at most 24 characters"),
    ],
)
def test_options_out_of_range_are_refused_by_the_parser(argv, said, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and said in capsys.readouterr().err


def test_joining_where_nobody_hosts_says_so_in_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    monkeypatch.setattr("simulator.net.client.REJOIN_SECONDS", 0.0)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = main(["join", f"127.0.0.1:{port}", "--room", "ABCDEF", "--bot", "random"])
    err = capsys.readouterr().err
    assert code == 1 and f"cannot reach 127.0.0.1:{port}" in err and "Traceback" not in err


def test_a_headless_join_needs_a_bot_or_watch(capsys):
    assert main(["join", "127.0.0.1", "--room", "ABCDEF", "--headless"]) == 2
    assert "--headless plays with --bot LEVEL or watches with --watch" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("example.org", ("example.org", DEFAULT_PORT)),
        ("10.0.0.2:5000", ("10.0.0.2", 5000)),
        ("[::1]:6000", ("::1", 6000)),
        ("[fe80::1]", ("fe80::1", DEFAULT_PORT)),
    ],
)
def test_addresses_are_read_with_the_default_port(text, address):
    assert split_address(text) == address


@pytest.mark.parametrize("text", ["", ":80", "host:0", "host:http", "host:99999"])
def test_bad_addresses_are_refused(text):
    with pytest.raises(ValueError):
        split_address(text)
