"""How soon a live placement made on one client appears on another, over a slow link.

Usage:
  PYTHONPATH=. python -m benchmarks.net_latency [--placements 12] [--delay 0.1]

A host serves a two-player LOTS game on loopback; Ann and Bob each reach it through a
DelayProxy (simulator/net/delay.py) that holds every chunk back ``--delay`` seconds in
each direction, so Ann's move crosses two slow links (Ann to the host, the host to Bob)
before Bob has it: 2 x delay of the latency is the network's. The host and Bob run in
processes of their own. Ann places every piece live, as the app does: the hand dragged
over the tower for 1.2 s at 60 frames a second and lowered until the piece rests, let
go, settled, then confirmed; her client streams the move as it is made (``live``, 10 a
second and on letting go) and sends the confirmed move. Bob's other moves are the
random player's.

Measured on the machine's monotonic clock, per placement of Ann's:
- let go to shown: from Ann letting go to Bob's world holding the piece let go and
  settled (run ahead from what she streamed): when the placement appears on his screen;
- confirm to arrived / applied: from Ann's send of the confirmed move to Bob's client
  having it, and having it applied.
The same run with no delay is the baseline; the same delay with nothing streamed (Bob
replays each whole path when the confirmed move arrives) shows what running ahead
gains. Target (issue 28): within 250 ms of the release with 100 ms of added delay.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.errors import IllegalMove
from rules.lots import placement_choices
from simulator.games.lots.live import HOLDING, LivePlacement
from simulator.games.lots.match import LotsMatch
from simulator.net.client import Client
from simulator.net.client_bot import ClientBot
from simulator.net.delay import DelayProxy
from tests.net.harness import until

FPS = 60
DRAG_FRAMES = 72  # 1.2 s across, at the pick-up height
LOWER_FRAMES = 120  # then down 0.5 cm a frame until the piece rests


Stream = Callable[[dict[str, Any], bool], None]


def live_placement(match: LotsMatch, player: str, stream: Stream | None = None) -> dict[str, Any]:
    """A placement driven as the app drives one, on a scratch copy: its action. With
    ``stream``, each frame takes a frame's real time and the move so far is handed to
    ``stream(action, released)`` every frame and at each release, as the app sends it."""
    scratch = match.scratch_copy()
    block, cube = placement_choices(scratch.state)[0]
    live = LivePlacement(scratch, block, cube)
    steps = max(1, round(1 / (FPS * scratch.profile.dt)))
    lot = scratch.lot
    clock = time.perf_counter()

    def frame(released: bool = False) -> None:
        nonlocal clock
        if stream is None:
            return
        stream(live.placement().as_action(player), released)
        clock += 1 / FPS
        time.sleep(max(0.0, clock - time.perf_counter()))

    for _ in live.pieces:
        start = live.held.pose
        target = (lot.left + lot.right) / 2
        for index in range(1, DRAG_FRAMES + 1):
            x = start.x + (target - start.x) * index / DRAG_FRAMES
            live.drive(x, start.y, 0.0, steps)
            frame()
        for index in range(LOWER_FRAMES):
            if live.stage != HOLDING or live.drive(target, start.y - 0.5 * index, 0.0, steps):
                break
            frame()
        if live.stage == HOLDING:
            live.release()
        frame(released=True)
        while not live.settle_chunk():
            pass
        if live.pieces[-1] != live.piece and live.stage != HOLDING:
            break
    return live.placement().as_action(player)


class LiveMover(ClientBot):
    """Ann: the random player's decisions, every placement live and streamed as the app
    streams it; when each piece was let go and when each move was sent."""

    def __init__(self, client: Client, *, stream: bool = True) -> None:
        super().__init__(client, "random")
        self.stream = stream  # False: nothing streamed, the others replay the whole path
        self.released: list[float] = []  # when Ann let go of each piece she placed live
        self.sent: dict[int, float] = {}  # Ann's move id -> when it was sent

    def _stream(self, action: dict[str, Any], released: bool) -> None:
        if released:
            self.released.append(time.monotonic())
        if self.stream:
            self.client.send_live(action, released=released)

    def _turn(self) -> None:
        replica = self.client.replica
        game, seat = self.to_move(), replica.seat
        if game is None or seat is None:
            return
        match = game.match
        if match.state.phase != "place":
            super()._turn()
            return
        action = live_placement(match, seat, self._stream)
        try:
            match.perform(action)
        except IllegalMove:
            super()._turn()
            return
        for pending in replica.own_moves():
            self.sent[pending.id] = time.monotonic()
            self.client.call("move", id=pending.id, action=pending.action)


async def measure(
    delay: float, placements: int, folder: Path, *, stream: bool = True
) -> dict[str, list[float]]:
    """Seconds, per placement of Ann's: from her letting go to Bob's world holding the
    piece let go and settled (``shown``: run ahead from what she streamed), and from her
    send of the confirmed move to Bob's client having it (``arrived``) and having it
    applied (``applied``). The host and Bob run in processes of their own."""
    command = ["host", "lots", "--players", "Ann,Bob", "--seed", "11", "--headless"]
    host = subprocess.Popen(
        [sys.executable, "-m", "simulator.cli", *command, "--port", "0", "--folder", str(folder)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    opened = host.stdout.readline()
    port = int(opened.split("127.0.0.1:")[1].split()[0])
    code = opened.split("Room ")[1].split()[0]
    proxies = [DelayProxy(("127.0.0.1", port), delay) for _ in range(2)]
    ports = [await proxy.start() for proxy in proxies]
    bob = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.net_latency", "--bob", f"127.0.0.1:{ports[1]}", code],
        stdout=subprocess.PIPE,
        text=True,
    )
    ann = Client(f"127.0.0.1:{ports[0]}", code, "Ann")
    mover = LiveMover(ann, stream=stream)
    ann.on_event = mover
    task = asyncio.create_task(ann.run())
    await until(lambda: len(mover.released) >= placements or _over(ann), 900, "the placements")
    await asyncio.sleep(4 * delay + 1.0)  # Bob's last ones arrive
    await ann.close()
    await asyncio.gather(task, return_exceptions=True)
    bob.terminate()
    times: dict[int, dict[str, float]] = {}
    lets_go: list[tuple[bool, float]] = []
    for line in bob.communicate(timeout=30)[0].splitlines():
        what, sender, at = line.split()
        if what == "let-go":
            lets_go.append((sender == "ran", float(at)))
        else:
            times.setdefault(int(sender), {})[what] = float(at)
    host.terminate()
    host.wait(30)
    for proxy in proxies:
        await proxy.stop()
    pairs = zip(lets_go, mover.released, strict=False)  # Bob may have missed the last
    shown = [at - let_go for (ran, at), let_go in pairs if ran]
    sent = sorted(mover.sent.items())
    arrived = [times[i]["arrived"] - t for i, t in sent if "arrived" in times.get(i, {})]
    applied = [times[i]["applied"] - t for i, t in sent if "applied" in times.get(i, {})]
    return {
        "shown": shown[:placements],
        "arrived": arrived[:placements],
        "applied": applied[:placements],
        "ran ahead": [float(ran) for ran, _ in lets_go],
    }


def _over(client: Client) -> bool:
    game = client.replica.game
    return game is not None and game.over


async def play_bob(address: str, code: str) -> None:
    """Bob's process: the random player; one line per placement of Ann's it receives
    (``arrived``) and applies (``applied``), on the machine's monotonic clock."""
    bob = Client(address, code, "Bob")
    bot = ClientBot(bob, "random")

    def heard(kind: str, fields: dict[str, Any]) -> None:
        bot(kind, fields)
        action = fields.get("action") or {}
        if kind == "live" and fields["by"] == "Ann" and fields["released"]:
            print("let-go", "ran" if fields["ran"] else "not-run", time.monotonic(), flush=True)
        elif kind in ("arriving", "move") and fields["by"] == "Ann" and action.get("path"):
            what = "arrived" if kind == "arriving" else "applied"
            print(what, fields["id"], time.monotonic(), flush=True)

    bob.on_event = heard
    await bob.run()


def summary(label: str, samples: list[float]) -> str:
    ms = sorted(1000 * s for s in samples)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return (
        f"{label:>18}: {len(ms)} placements, median {statistics.median(ms):6.1f} ms, "
        f"p90 {p90:6.1f} ms, max {ms[-1]:6.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--placements", type=int, default=12)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds each way, each link")
    parser.add_argument("--bob", nargs=2, metavar=("ADDRESS", "ROOM"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.bob:
        asyncio.run(play_bob(*args.bob))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        base = asyncio.run(measure(0.0, args.placements, Path(folder) / "base"))
        slow = asyncio.run(measure(args.delay, args.placements, Path(folder) / "slow"))
        whole = asyncio.run(
            measure(args.delay, args.placements, Path(folder) / "whole", stream=False)
        )
    links = f"{args.delay * 1000:.0f} ms each way"
    print(f"Ann's live placements as Bob's client has them, {args.placements} each:")
    for key, words in (
        ("shown", "let go to shown"),
        ("arrived", "confirm to arrived"),
        ("applied", "confirm to applied"),
    ):
        print(summary(f"{words}, no delay", base[key]))
        print(summary(f"{words}, {links}", slow[key]))
    print(summary(f"confirm to applied, {links}, nothing run ahead", whole["applied"]))
    ratio = statistics.median(whole["applied"]) / statistics.median(slow["applied"])
    print(f"running ahead: the confirmed move applied {ratio:.2f} times sooner (medians)")
    ran = slow["ran ahead"]
    print(f"run ahead: {sum(ran):.0f} of {len(ran)} pieces let go")
    print(f"(the two links add {2 * args.delay * 1000:.0f} ms; target: within 250 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
