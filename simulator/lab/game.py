"""Play one lab game and turn the play command's report into the lab's record
(docs/lab.md, "The results file")."""

from __future__ import annotations

import json
import time
import traceback
from pathlib import Path
from typing import Any

from simulator.games.registry import GAMES
from simulator.lab.capture import caught
from simulator.lab.falls import fallen_per_seat
from simulator.lab.play import has_hands, parse, replay_command
from simulator.lab.store import RECORDINGS
from simulator.lab.tournament import GameSpec

Record = dict[str, Any]
COLLAPSE_EVENT = "collapse"


class Refused(Exception):
    """The play command refused the game's settings before playing (its own one line):
    every game of the tournament would be refused alike."""


def play_game(spec: GameSpec, recordings: str | None = None) -> Record:
    """Play ``spec`` as ``towersim play`` does; a game that raises is recorded as
    "crashed" with the error's last line. ``recordings``: the store's folder for the
    games' recordings (``--record``), each named by its key."""
    name = f"{spec.key}.toml"
    record_path = str(Path(recordings) / name) if recordings else None
    started = time.thread_time()  # this thread's CPU: Dask may run games side by side
    try:
        args = parse(spec, record_path)
        with caught() as (out, err):
            code = GAMES.get(spec.game).load("command").run(args)
    except OSError as exc:
        if record_path is not None and exc.filename == record_path:
            raise  # the disk refused the recording: the run cannot go on
        last = traceback.format_exception_only(exc)[-1].strip()
        return base_record(spec, "crashed", time.thread_time() - started, error=last)
    except Exception as exc:  # a bug in a game must not stop the tournament
        last = traceback.format_exception_only(exc)[-1].strip()
        return base_record(spec, "crashed", time.thread_time() - started, error=last)
    cpu_s = time.thread_time() - started
    if code != 0 or not out.getvalue().strip():
        message = err.getvalue().strip().splitlines()
        raise Refused(message[-1] if message else f"towersim play exited with status {code}")
    recording = f"{RECORDINGS}/{name}" if recordings else None  # within the store
    return record_of(spec, json.loads(out.getvalue()), cpu_s, recording)


def base_record(spec: GameSpec, status: str, cpu_s: float, error: str | None = None) -> Record:
    """A record with what the game was and no outcome (a crash or a timeout)."""
    hands = has_hands(spec.game)
    return {
        "key": spec.key,
        "tournament": spec.tournament,
        "game": spec.game,
        "mode": spec.mode,
        "config": dict(spec.config),
        "seats": [
            {"name": f"Player {i + 1}", "level": seat.level, "hand": seat.effective_hand(hands)}
            for i, seat in enumerate(spec.seats)
        ],
        "seed": spec.seed,
        "status": status,
        "winners": None,  # None: no outcome; [] a finished game nobody won
        "scores": None,
        "end": None,
        "falls": None,
        "collapse": None,
        "turns": None,
        "first_player": None,
        "cpu_s": round(cpu_s, 3),
        "replay": replay_command(spec),
        "error": error,
        "state_hash": None,
        "recording": None,
    }


def record_of(
    spec: GameSpec, report: dict[str, Any], cpu_s: float, recording: str | None
) -> Record:
    """The record of a finished game from the play command's report."""
    record = base_record(spec, "done", cpu_s)
    players: list[str] = report["players"]
    seat = {name: i for i, name in enumerate(players)}
    winner = report["winner"]
    winners = [winner] if isinstance(winner, str) else list(winner or [])
    physical = GAMES.get(spec.game).picture is None
    events = report["events"]
    record.update(
        winners=[seat[name] for name in winners],
        scores=[report["scores"][name] for name in players],
        end=report["end_reason"],
        falls=fallen_per_seat(spec.game, events, players),
        collapse=any(e["type"] == COLLAPSE_EVENT for e in events) if physical else None,
        turns=report["turns"],
        first_player=_first_player(events, seat),
        state_hash=report["state_hash"],
        recording=recording,
    )
    if report.get("stopped"):  # a seat the rules kept refusing, even its random player
        record["error"] = report["stopped"]
    return record


def _first_player(events: list[dict[str, Any]], seat: dict[str, int]) -> int | None:
    """Who moved first: the setup's starting player where the rules draw one, else the
    player of the first event after the setup."""
    for event in events:
        if event["type"] == "setup" and event.get("start") in seat:
            return seat[event["start"]]
        if event.get("turn", 0) >= 1 and event.get("player") in seat:
            return seat[event["player"]]
    return None
