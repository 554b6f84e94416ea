"""``towersim lab run``: resolve the tournament, skip the games the store holds, play the
rest where asked, store each record as it ends, and say how it went."""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from simulator.execution import Unreachable
from simulator.lab import execution
from simulator.lab.game import Record, Refused
from simulator.lab.play import RefusedArguments, parse
from simulator.lab.store import RECORDINGS, StoreError, open_store
from simulator.lab.tournament import GameSpec, Tournament
from simulator.lab.tournament_file import LabError, load_tournament, tournament_from_arguments
from simulator.records import RecordStore
from simulator.scenario.errors import ScenarioError
from simulator.tuning.progress import Progress
from simulator.words import listed, sentence

PROG = "towersim lab run"


def _say(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


def run_tournament(args: argparse.Namespace) -> int:
    """Exit 0 when every game has a record (crashes and timeouts included), 2 for bad
    input, 130 when stopped by Ctrl-C."""
    try:
        if args.file is not None and args.game is None:
            tournament = load_tournament(args.file)
        else:
            tournament = tournament_from_arguments(args)
        if args.workers < 1:
            raise LabError("--workers: must be 1 or more")
        if not (math.isfinite(args.game_timeout) and args.game_timeout > 0):
            raise LabError("--game-timeout: must be a positive number of seconds")
        specs = tournament.specs()
        for spec in _one_per_cell(specs):  # the play command's own checks, up front
            parse(spec)
        out = Path(args.out or f"lab-{tournament.name}")
        store = open_store(out, warn=_say)
    except (ScenarioError, LabError, RefusedArguments, StoreError) as exc:
        _say(str(exc))
        return 2
    except OSError as exc:
        _say(f"cannot read the results: {exc.strerror or exc}")
        return 2
    todo = [spec for spec in specs if spec.key not in store]
    summary = play(tournament, todo, len(specs), store, args, out)
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        sys.stdout.write("\n")
    return {"finished": 0, "stopped": 130, "refused": 2, "unwritable": 2, "unreachable": 2}[
        summary["outcome"]
    ]


def play(
    tournament: Tournament,
    todo: list[GameSpec],
    total: int,
    store: RecordStore,
    args: argparse.Namespace,
    out: Path,
) -> dict[str, Any]:
    """Play ``todo`` into ``store``; the summary the run prints with --json."""
    started = time.monotonic()
    statuses: Counter[str] = Counter()
    played: list[Record] = []  # this run's records, for its last line: who won
    outcome = "finished"
    if not todo:
        if not args.json:
            print(
                f"{tournament.name}: every game ({_games(total)}) has a record in {store.path}; "
                "none to play"
            )
    else:
        if not args.json:
            done = total - len(todo)
            resumed = f" ({done} already in {store.path})" if done else ""
            print(f"{tournament.name}: {_games(len(todo))} to play{resumed}", file=sys.stderr)
        progress = None if args.json else Progress(total, total - len(todo))
        main_thread = threading.current_thread() is threading.main_thread()
        # A kill stops as Ctrl-C does (handlers can be set in the main thread only).
        stop = signal.signal(signal.SIGTERM, _interrupt) if main_thread else None
        try:
            for record in _records(todo, args, out):
                store.append(record)
                played.append(record)
                statuses[record["status"]] += 1
                if progress is not None:
                    progress.advance(_rate(statuses, started))
        except KeyboardInterrupt:
            outcome = "stopped"
            _say(
                f"stopped: {_games(sum(statuses.values()))} stored, the games in flight lost; "
                "the same command resumes"
            )
        except Refused as exc:
            outcome = "refused"
            _say(f"the games' settings are refused: {exc}")
        except Unreachable as exc:
            outcome = "unreachable"
            _say(str(exc))
        except OSError as exc:
            outcome = "unwritable"
            _say(f"cannot write {exc.filename or store.path}: {exc.strerror or exc}")
        finally:
            if main_thread:
                signal.signal(signal.SIGTERM, stop)
            store.close()
    summary = {
        "tournament": tournament.name,
        "results": str(store.path),
        "outcome": outcome,
        "games": total,
        "played": sum(statuses.values()),
        "already_stored": total - len(todo),
        "done": statuses["done"],
        "crashed": statuses["crashed"],
        "timeout": statuses["timeout"],
        "seconds": round(time.monotonic() - started, 3),
    }
    if not args.json and todo and outcome == "finished":
        failed = statuses["crashed"] + statuses["timeout"]
        note = f"; {failed} crashed or timed out (see their replay commands)" if failed else ""
        count = _games(sum(statuses.values()))
        print(f"{tournament.name}: {count} played into {store.path}{note}.")
        print(wins_words(played))
    return summary


def wins_words(records: Sequence[Record]) -> str:
    """Who won the finished games of ``records``, in a sentence: each seat (its name, its
    level and hand) with its wins, the most first; a shared win counts for each winner."""
    done = [r for r in records if r["status"] == "done"]
    if not done:
        return "No game finished, so nobody won."
    seats: Counter[str] = Counter()
    for record in done:
        for seat in record["seats"]:
            seats[_seat_words(seat)] += 0
        for index in record["winners"]:
            seats[_seat_words(record["seats"][index])] += 1
    ranked = sorted(seats.items(), key=lambda item: -item[1])
    first, wins = ranked[0]
    said = [f"{first} won {wins} of the {_games(len(done))}"]
    said += [f"{seat} {wins}" for seat, wins in ranked[1:]]
    shared = sum(1 for r in done if len(r["winners"]) > 1)
    tail = f" ({_games(shared)} shared the win)" if shared else ""
    return sentence(listed(said) + tail)


def _seat_words(seat: Mapping[str, Any]) -> str:
    """``Player 2 (easy)``, ``Player 1 (normal, steady hand)``."""
    hand = f", {seat['hand']} hand" if seat.get("hand") else ""
    return f"{seat['name']} ({seat['level']}{hand})"


def _records(todo: list[GameSpec], args: argparse.Namespace, out: Path) -> Iterator[Record]:
    recordings = None
    if args.record:
        recordings = str(out / RECORDINGS)
        Path(recordings).mkdir(parents=True, exist_ok=True)
    return execution.records(
        todo,
        workers=args.workers,
        budget=args.game_timeout,
        recordings=recordings,
        dask=args.dask or None,
    )


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _rate(statuses: Counter[str], started: float) -> str:
    played = sum(statuses.values())
    per_hour = played / max(time.monotonic() - started, 1e-9) * 3600
    failed = statuses["crashed"] + statuses["timeout"]
    return f"{per_hour:.0f} games/h" + (f", {failed} failed" if failed else "")


def _one_per_cell(specs: list[GameSpec]) -> list[GameSpec]:
    seen: dict[str, GameSpec] = {}
    for spec in specs:
        seen.setdefault(json.dumps(spec.config, sort_keys=True), spec)
    return list(seen.values())
