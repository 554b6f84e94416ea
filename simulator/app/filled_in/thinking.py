"""Computer seats' decisions for the Filled In screen, thought out in another process.

A bot thinks in pure Python, a hard one for up to a few seconds on a busy machine. On
the window's thread that freezes the window, and a worker thread does not help: the
frames drawn meanwhile wait for the GIL at every GL call (measured: a 3.5 s frame, as
long as the decision). A process of its own (spawned: no window, no GL; it imports
only the rules and the bots) thinks while the window draws. The players are the game's
``Computers``' (its registry ``computer`` part), as everywhere a computer plays. A
decision depends only on the match, the seat and its level (the random player's stream
is keyed by the seed and the number of moves made), so a game comes out the same
wherever it was decided and however long it took; every decision is made on a copy of
the match, never the screen's own.

The worker is spawned, so it re-imports the ``__main__`` module: a script that opens
the screen must guard its main code with ``if __name__ == "__main__":`` (or every
worker would run the script again). The random player, and every level where no
process can be made (no /dev/shm, no ``sem_open``), decide on the screen's worker
thread instead (simulator/app/workers.py).
"""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from simulator.app.workers import ThreadWorker
from simulator.games.computer_seat import AnyPlayer, computers_of
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.player import player_chance

# Keeps the random seats' stream apart from the scenario "computer" actions' streams.
RANDOM_SEAT_SALT = 0x5EA7


def seat_player(match: FilledInMatch, name: str, bot: str) -> AnyPlayer:
    """Computer seat ``name``'s player of level ``bot``, made by the game's ``Computers``
    (the one computer-seat driver's, simulator/games/computer_seat.py).

    Every level is seeded by the game's seed and the number of moves made so far (the
    random player's draws, the searching levels' playouts), so a loaded game goes on
    exactly as the unsaved one would have."""
    own = player_chance(match.seed, RANDOM_SEAT_SALT + match.action_count).state
    return computers_of(match).player(bot, own, name, None)


def seat_move(match: FilledInMatch, name: str, bot: str) -> dict[str, Any]:
    """The move computer seat ``name`` (level ``bot``) makes now; it must be to move."""
    move: dict[str, Any] = seat_player(match, name, bot).decide(match)
    return move


class Thinker:
    """One worker process for the bot levels, started on first use; ``close`` stops it.
    The random player, and every level once the process cannot run (``fall_back``:
    ``inline``), decide on a thread of this process."""

    def __init__(self, threads: ThreadWorker | None = None) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._threads = threads or ThreadWorker()
        self.inline = False

    def think(self, match: FilledInMatch, name: str, bot: str) -> Future:
        """Seat ``name``'s decision on ``match`` as it stands, on a copy of it: the
        process gets a pickled one, the thread ``match.copy()``."""
        if self.inline or bot == "random":  # the random player needs no thinking time
            return self._threads.submit(seat_move, match.copy(), name, bot)
        try:
            if self._pool is None:
                spawn = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=spawn)
            return self._pool.submit(seat_move, match, name, bot)
        except Exception:  # no worker on this host (no /dev/shm, no sem_open): a thread
            self.fall_back()
            return self.think(match, name, bot)

    def fall_back(self) -> None:
        """Think on a thread from now on (the process broke or could not start)."""
        self._stop_process()
        self.inline = True

    def close(self) -> None:
        """Stop the worker at once, even in the middle of a decision (nobody waits for
        it any more); safe to call twice."""
        self._threads.close()
        self._stop_process()

    def _stop_process(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        workers = list((pool._processes or {}).values())  # the stdlib has no public way
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        if not _reaped(workers, seconds=5):  # SIGTERM not taken in time: SIGKILL
            for worker in workers:
                worker.kill()
            _reaped(workers, seconds=5)


def _reaped(workers: list, seconds: float) -> bool:
    """Wait until every worker has exited and been reaped. ``exitcode``, not
    ``is_alive``: the pool's own thread reaps its workers too, and a reap lost to it
    reads as alive until that thread records the exit code."""
    deadline = time.monotonic() + seconds
    while any(worker.exitcode is None for worker in workers):
        if time.monotonic() > deadline:
            return False
        for worker in workers:
            worker.join(timeout=0.02)
    return True
