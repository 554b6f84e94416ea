"""Two real app windows on one Xvfb display play a LOTS network game: one started with
``towersim host lots --players Ann,Bob --port P --name Ann``, the other with ``towersim
join 127.0.0.1:P --room CODE --name Bob``. The host starts the game with the real Enter
key; the player to move rolls and places a block with real keys (xdotool) in their own
window, and the placement appears in the other window: the same moves, the same state
hash. Each window saves its lobby and its game (tests/app/xwindow_network_driver.py
writes what the test waits for). Skipped (saying why) only without Xvfb or xdotool."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.app.xvfb import ROOT, needs_xvfb

pytestmark = needs_xvfb

WAIT = 90.0  # seconds for any one stage (two windows share a loaded 2-core machine)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class App:
    """One driver process (a window) and the files it writes."""

    def __init__(self, out: Path, env: dict[str, str], *argv: str) -> None:
        out.mkdir()
        home = out / "home"
        home.mkdir()
        (home / "settings.toml").write_text('guides_seen = ["lots"]\n')
        self.out = out
        self.env = {**env, "TOWERSIM_HOME": str(home)}
        self.log = (out / "stderr.txt").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.app.xwindow_network_driver", str(out), *argv],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        self.pressed = 0

    def status(self) -> dict[str, Any]:
        path = self.out / "status.json"
        return json.loads(path.read_text()) if path.exists() else {}

    def stderr(self) -> str:
        return (self.out / "stderr.txt").read_text(errors="replace")[-2000:]

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20, check=True
        )
        return done.stdout.strip()

    def window(self, title: str) -> str:
        found = self.xdotool("search", "--sync", "--name", title).split()[0]
        self.xdotool("windowfocus", "--sync", found)
        return found

    def press_next_keys(self, window: str) -> bool:
        """Press the keys the driver asks for (a person's next keys); True if it asked."""
        path = self.out / "keys.json"
        if not path.exists() or (asked := json.loads(path.read_text()))["seq"] <= self.pressed:
            return False
        for name in asked["keys"]:
            self.xdotool("key", "--window", window, name)
            time.sleep(0.1)
        self.pressed = asked["seq"]
        (self.out / "pressed.part").write_text(json.dumps({"seq": self.pressed}))
        os.replace(self.out / "pressed.part", self.out / "pressed.json")
        return True

    def shoot(self, name: str) -> Path:
        (self.out / "shoot.part").write_text(json.dumps({"name": name}))
        os.replace(self.out / "shoot.part", self.out / "shoot.json")
        until(lambda: name in self.status().get("shots", []), f"{name}.png", [self])
        return self.out / f"{name}.png"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.log.close()


def until(done: Any, what: str, apps: list[App], seconds: float = WAIT) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = done()
        if found:
            return found
        for app in apps:
            assert app.process.poll() is None, f"a window exited: {app.stderr()}"
        time.sleep(0.1)
    said = "\n".join(f"{a.out.name}: {a.status()}\n{a.stderr()}" for a in apps)
    raise AssertionError(f"timed out waiting for {what}:\n{said}")


def test_a_placement_in_one_window_appears_in_the_other(tmp_path):
    display = f":{150 + os.getpid() % 100}"
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT)}
    env.pop("PYGLET_HEADLESS", None)
    apps: list[App] = []
    try:
        time.sleep(1.0)
        port = str(free_port())
        host_argv = ["host", "lots", "--players", "Ann,Bob", "--port", port, "--name", "Ann"]
        ann = App(tmp_path / "ann", env, *host_argv, "--seed", "3")
        apps.append(ann)
        room = until(lambda: ann.status().get("room"), "the host's room", apps)
        join_argv = ["join", f"127.0.0.1:{port}", "--room", room, "--name", "Bob"]
        bob = App(tmp_path / "bob", env, *join_argv)
        apps.append(bob)
        until(
            lambda: ann.status().get("ready") and bob.status().get("ready"),
            "both seats held in both lobbies",
            apps,
        )
        assert ann.status()["page"] == bob.status()["page"] == "LobbyScreen"
        assert (ann.status()["seat"], bob.status()["seat"]) == ("Ann", "Bob")
        time.sleep(0.3)  # the lobbies draw what they heard
        lobbies = [ann.shoot("lobby"), bob.shoot("lobby")]

        host_window = ann.window(f"Ann hosts room {room}")
        ann.xdotool("key", "--window", host_window, "Return")  # the host starts the game
        until(
            lambda: all(a.status().get("game") == "LotsScreen" for a in apps),
            "the game in both windows",
            apps,
        )
        first = ann.status()["to_act"][0]
        mover, watcher = (ann, bob) if first == "Ann" else (bob, ann)
        title = f"Ann hosts room {room}" if mover is ann else f"Bob plays in room {room}"
        window = mover.window(title)

        shots: list[Path] = []

        def placed() -> bool:
            mover.press_next_keys(window)
            if not shots and first in watcher.status().get("hands", []):
                shots.append(watcher.shoot("hand"))  # the mover's hand, streamed live
            return watcher.status().get("places", 0) >= 1

        until(placed, f"{first}'s placement in the other window", apps, seconds=2 * WAIT)
        until(
            lambda: (
                mover.status().get("moves") == watcher.status().get("moves")
                and not watcher.status().get("playback")
            ),
            "both windows on the same move, the playback over",
            apps,
        )
        seen, made = watcher.status(), mover.status()
        assert seen["places"] == made["places"] == 1
        assert seen["hash"] == made["hash"], (seen, made)
        assert first in seen["message"], seen["message"]  # "Ann placed the ..."
        games = [ann.shoot("game"), bob.shoot("game")]
        assert shots, f"{first}'s hand never showed in the other window"
        for picture in lobbies + games + shots:
            assert picture.stat().st_size > 10_000, picture
    finally:
        for app in apps:
            app.stop()
        xvfb.terminate()
        xvfb.wait(timeout=10)
