"""Killed processes: a client killed mid-game rejoins with its room code and seat and
finishes; a host killed mid-game resumes from its autosave and everyone finishes. Real
`towersim host` and `towersim join` processes on loopback, killed with SIGKILL."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from simulator.games.saves import load_saved
from simulator.net.room import GAME_FILE, ROOM_FILE

NAMES = ("Ann", "Bob", "Cy")
SECONDS = 240.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _towersim(*args: str, home: Path, log: Path) -> subprocess.Popen:
    env = {**os.environ, "TOWERSIM_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    handle = log.open("a")
    return subprocess.Popen(
        [sys.executable, "-m", "simulator.cli", *args], env=env, stdout=handle, stderr=handle
    )


def _moves(folder: Path) -> int:
    try:
        return json.loads((folder / ROOM_FILE).read_text())["seq"]
    except (OSError, ValueError, KeyError):
        return 0


def _wait(condition, what: str, processes: list[subprocess.Popen], logs: list[Path]) -> None:
    deadline = time.monotonic() + SECONDS
    while not condition():
        if time.monotonic() > deadline:
            for process in processes:
                process.kill()
            tails = "\n".join(f"{log.name}: {log.read_text()[-600:]}" for log in logs)
            raise AssertionError(f"{what} did not happen in {SECONDS:.0f} s\n{tails}")
        time.sleep(0.1)


def _final_states(logs: list[Path]) -> list[str]:
    found = [re.findall(r"The game is over; state ([0-9a-f]+)", log.read_text()) for log in logs]
    return [states[-1] for states in found if states]


class Table:
    """A host process and three bot clients, each with a home of its own."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.port = _free_port()
        self.folder = tmp_path / "room"
        self.host_log = tmp_path / "host.log"
        self.host = self._host("lots", "--players", ",".join(NAMES), "--seed", "3")
        _wait(lambda: "Join with" in self.host_log.read_text(), "the room opening", [self.host], [])
        self.code = re.search(r"--room ([A-Z0-9]+)", self.host_log.read_text()).group(1)
        self.logs = {name: tmp_path / f"{name}.log" for name in NAMES}
        self.clients = {name: self.join(name) for name in NAMES}

    def _host(self, *args: str) -> subprocess.Popen:
        options = ("--headless", "--port", str(self.port), "--folder", str(self.folder))
        return _towersim("host", *args, *options, home=self.tmp / "host", log=self.host_log)

    def resume(self) -> None:
        self.host = self._host("--resume", str(self.folder))

    def join(self, name: str) -> subprocess.Popen:
        return _towersim(
            "join",
            f"127.0.0.1:{self.port}",
            "--room",
            self.code,
            "--name",
            name,
            "--bot",
            "random",
            home=self.tmp / name,
            log=self.logs[name],
        )

    @property
    def processes(self) -> list[subprocess.Popen]:
        return [self.host, *self.clients.values()]

    def wait(self, condition, what: str) -> None:
        _wait(condition, what, self.processes, [self.host_log, *self.logs.values()])

    def finish(self) -> list[str]:
        """Wait for every process to end; the final states the clients printed."""
        self.wait(lambda: all(p.poll() is not None for p in self.processes), "every process ending")
        assert all(p.returncode == 0 for p in self.processes), self.host_log.read_text()[-800:]
        return _final_states(list(self.logs.values()))


def test_a_client_killed_mid_game_rejoins_with_its_seat_and_finishes(tmp_path):
    table = Table(tmp_path)
    table.wait(lambda: _moves(table.folder) >= 10, "ten moves")
    table.clients["Bob"].send_signal(signal.SIGKILL)
    table.clients["Bob"].wait(10)
    moves_when_killed = _moves(table.folder)
    table.clients["Bob"] = table.join("Bob")  # the same command again: its token
    states = table.finish()
    after_kill = table.host_log.read_text().split("Bob left Bob's seat", 1)[1]
    assert "Bob joined in Bob's seat" in after_kill
    saved = load_saved(table.folder / GAME_FILE)
    assert saved.match.outcome().over and _moves(table.folder) > moves_when_killed
    assert states == [saved.match.state_hash()[:16]] * 3


def test_a_host_killed_mid_game_resumes_from_its_autosave_and_everyone_finishes(tmp_path):
    table = Table(tmp_path)
    table.wait(lambda: _moves(table.folder) >= 10, "ten moves")
    table.host.send_signal(signal.SIGKILL)
    table.host.wait(10)
    autosaved = load_saved(table.folder / GAME_FILE)  # a whole save, whenever it was killed
    assert not autosaved.match.outcome().over
    table.resume()
    states = table.finish()
    saved = load_saved(table.folder / GAME_FILE)
    assert saved.match.outcome().over
    assert saved.match.actions[: autosaved.match.action_count] == autosaved.match.actions
    assert states == [saved.match.state_hash()[:16]] * 3
    for name in NAMES:
        assert "Lost the host; trying to rejoin" in table.logs[name].read_text()
