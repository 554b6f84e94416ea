"""A Joining: what the app's Link and ``towersim join`` hand a Client."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.net import tokens
from simulator.net.client import Client, Joining

TOKEN = "ab" * 16


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    tokens.remember("h:1", "ABCDEF", ("North", "Ann"), TOKEN)


def test_joining_again_takes_back_the_seat_kept_under_the_seat_or_the_name() -> None:
    by_name = Joining.again("h:1", "ABCDEF", "Ann", watch=False, seat=None)
    assert by_name == Joining("h:1", "ABCDEF", "Ann", "player", None, TOKEN)
    by_seat = Joining.again("h:1", "ABCDEF", "Bo", watch=False, seat="North")
    assert by_seat.token == TOKEN and by_seat.seat == "North"
    assert Joining.again("h:1", "ABCDEF", "Bo", watch=False, seat=None).token is None


def test_a_spectator_joins_with_no_token() -> None:
    watching = Joining.again("h:1", "ABCDEF", "Ann", watch=True, seat=None)
    assert watching.role == "spectator" and watching.token is None


def test_a_client_reads_its_joining() -> None:
    client = Client(Joining("[::1]:5000", "abcdef", "Ann", seat="North", admin="key"))
    assert (client.host, client.port, client.room) == ("::1", 5000, "ABCDEF")
    assert (client.name, client.role, client.wish, client.admin) == (
        "Ann",
        "player",
        "North",
        "key",
    )
    client.worker.shutdown()
