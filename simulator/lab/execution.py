"""How the balance lab plays its games on the shared executor (simulator/execution.py):
in this process, on a pool of spawned processes, or on a Dask cluster, every game through
``attempt`` (the same code path), its record coming back in the tournament's order. A
game over the time budget or a worker that dies becomes a "timeout" or "crashed" record
and the rest go on; Ctrl-C loses only the games in flight."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from simulator import execution
from simulator.games.registry import GAMES
from simulator.lab.game import Record, Refused, base_record, play_game
from simulator.lab.tournament import GameSpec

# ("record", record), ("refused", the play command's line) or ("unwritable", the errno,
# reason and file of a recording the disk refused)
Outcome = tuple[str, Any]


def attempt(spec: GameSpec, recordings: str | None) -> Outcome:
    """One game, as every executor plays it."""
    # A spawned process or a Dask worker starts with the built-in games only; the
    # plug-ins (TOWERSIM_GAMES) join here, as ``towersim`` loads them first thing.
    GAMES.load_plugins()
    try:
        return "record", play_game(spec, recordings)
    except Refused as exc:
        return "refused", str(exc)
    except OSError as exc:  # the recording: every later game would fail alike
        return "unwritable", (exc.errno, exc.strerror, exc.filename)


def records(
    specs: Sequence[GameSpec],
    *,
    workers: int,
    budget: float,
    recordings: str | None,
    dask: object | None = None,
) -> Iterator[Record]:
    """Each game's record, in the order of ``specs``. Raises ``Refused`` or ``OSError``
    (a recording the disk refused) as the first game that meets it comes back, and
    ``execution.Unreachable`` for a Dask scheduler it cannot reach."""
    play = functools.partial(attempt, recordings=recordings)
    for spec, outcome in execution.run(
        play, specs, workers=workers, timeout=budget, dask=dask, label="towersim-lab"
    ):
        yield _record(spec, outcome)


def _record(spec: GameSpec, outcome: Outcome | execution.Failed) -> Record:
    if isinstance(outcome, execution.Failed):
        # A timeout's reason names the option that sets the budget.
        note = " (--game-timeout)" if outcome.status == "timeout" else ""
        return base_record(spec, outcome.status, outcome.seconds, outcome.reason + note)
    kind, payload = outcome
    if kind == "refused":
        raise Refused(payload)
    if kind == "unwritable":
        raise OSError(*payload)
    return payload
