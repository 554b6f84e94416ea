"""Do rest 2's verdicts agree with today's? Random legal placements with the ``average``
and ``clumsy`` hands on LOTS and Crazy Tower towers of 5 to 40 pieces, each played twice
from the same start: once at rest 1 (today's default) and once at rest 2 (the new
default, docs/physics.md "Resting").

A series is one 4-player game of legal random players (each game's own RandomPlayer)
whose physical moves a hand of the given dexterity carries out, its noise drawn from the
series' seed as the bots draw theirs. The game goes on at rest 1. Before each physical
action with 5 to 40 pieces in the world, an exact copy of the match (``Match.copy``, the
log replayed: bit for bit, where ``Space.copy`` is not) is switched to rest 2 and given
the same action. Compared: the pieces that fell, the pieces the fall monitor saw move,
the scores after the action, and whether the rules refused it.

Reported per game and hand: placements compared, how many agree in full, and for each
difference which way it went: falls at rest 2 that rest 1 did not have ("extra") against
falls rest 1 had that rest 2 did not ("missing"). An unbiased rule has as many of one as
of the other (issue 38: at least 97 % the same, differences chaos rather than bias).

Run: PYTHONPATH=. python -m benchmarks.rest_verdicts [--per-cell 80] [--json FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from benchmarks.towers import machine_line, print_table
from rules.chance import Chance
from rules.errors import IllegalMove
from rules.lots.setup import LotsOptions
from simulator.bots.dexterity import Dexterity, draw, get_profile
from simulator.games.crazy_tower import bots_risk as crazy_risk
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import RandomPlayer as CrazyRandom
from simulator.games.lots import bots_risk as lots_risk
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer as LotsRandom
from simulator.games.match import PhysicalMatch
from simulator.physics.monitor import Monitor
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.seeds import seat_seed

GAMES = ("lots", "crazy-tower")
HANDS = ("average", "clumsy")
PLAYERS = 4
FEWEST, MOST = 5, 40  # pieces in the world before the action
TARGET = 0.97  # issue 38: at least this share of verdicts the same
HAND_SALT = 0x4E57  # the series' hand noise stream, apart from the players' own
MAX_ACTIONS = 400  # per series: a random game that never ends stops here


@dataclass(frozen=True)
class Seen:
    """What one action decided: the verdict a player sees."""

    refused: bool
    fallen: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    scores: tuple[Any, ...] = ()


@dataclass
class Compared:
    game: str
    hand: str
    seed: int
    action: int  # index in the game's log
    pieces: int
    old: Seen
    new: Seen

    @property
    def same(self) -> bool:
        return self.old == self.new

    @property
    def extra(self) -> int:
        return len(set(self.new.fallen) - set(self.old.fallen))

    @property
    def missing(self) -> int:
        return len(set(self.old.fallen) - set(self.new.fallen))


@dataclass
class Cell:
    game: str
    hand: str
    compared: list[Compared] = field(default_factory=list)


@contextlib.contextmanager
def monitors_seen() -> Iterator[list[Monitor]]:
    """Every fall monitor a match makes while inside, in order (the verdict's moved)."""
    made: list[Monitor] = []
    original = PhysicalMatch.fall_monitor

    def keeping(self: PhysicalMatch, **kwargs: Any) -> tuple[Monitor, Any]:
        monitor, watch = original(self, **kwargs)
        made.append(monitor)
        return monitor, watch

    PhysicalMatch.fall_monitor = keeping  # type: ignore[method-assign]
    try:
        yield made
    finally:
        PhysicalMatch.fall_monitor = original  # type: ignore[method-assign]


def perform(match: PhysicalMatch, action: dict[str, Any]) -> Seen:
    with monitors_seen() as made:
        try:
            verdict = match.perform(action)
        except IllegalMove:
            return Seen(refused=True)
    moved = tuple(sorted({m for monitor in made for m in monitor.moved}))
    fallen = tuple(sorted(verdict.fallen)) if verdict is not None else ()
    scores = match.summary()["scores"]
    return Seen(False, fallen, moved, tuple(scores[name] for name in sorted(scores)))


def at_rest(match: PhysicalMatch, profile: PhysicsProfile) -> PhysicalMatch:
    """An exact copy of ``match`` (its log replayed at its own rest) going on at
    ``profile``'s rest."""
    twin = match.copy()
    twin.profile = twin.world.profile = profile
    return twin


class Series:
    """One game of random players with a hand, compared action by action."""

    def __init__(self, game: str, hand: Dexterity, seed: int) -> None:
        self.game, self.hand, self.seed = game, hand, seed
        self.noise = Chance.from_seed(seed).fork(HAND_SALT)
        names = tuple(f"Player {i + 1}" for i in range(PLAYERS))
        if game == "lots":
            old = load_profile(rest=1)
            self.match: PhysicalMatch = LotsMatch(LotsOptions(names, "2B", seed), old)
            self.players: dict[Any, Any] = {
                i: LotsRandom(seat_seed(seed, i)) for i in range(PLAYERS)
            }
        else:
            old = tower_profile(load_profile(rest=1), sleep_given=False)
            options = {"mode": "competitive", "players": list(names), "seed": seed}
            self.match = CrazyTowerMatch(options, old)
            self.players = {n: CrazyRandom(seat_seed(seed, i)) for i, n in enumerate(names)}
        self.new = old.with_overrides(rest=2)

    def next_action(self) -> tuple[dict[str, Any], bool] | None:
        """The next decision as an action, and whether a hand carries it out."""
        match = self.match
        if self.game == "lots":
            seat = match.state.to_act
            if seat is None:
                return None
            kind, what = self.players[seat].decide(match)
            if kind == "move":
                return what, False
            placed = lots_risk.noisy(what, draw(self.hand, self.noise))
            return placed.as_action(match.state.players[seat]), True
        if match.state.is_over:
            return None
        action = self.players[match.state.current_player].decide(match)
        if action["type"] in crazy_risk.HANDLED:
            return crazy_risk.noisy(action, draw(self.hand, self.noise)), True
        return action, False

    def run(self, want: int, cell: Cell, hand_name: str) -> None:
        refusals = 0
        for _ in range(MAX_ACTIONS):
            if len(cell.compared) >= want:
                return
            step = self.next_action()
            if step is None:
                return
            action, physical = step
            pieces = len(self.match.world.dynamic_entries)
            new: Seen | None = None
            if physical and FEWEST <= pieces <= MOST:
                new = perform(at_rest(self.match, self.new), action)
            index = self.match.action_count
            old = perform(self.match, action)
            if new is not None:
                cell.compared.append(
                    Compared(self.game, hand_name, self.seed, index, pieces, old, new)
                )
            refusals = refusals + 1 if old.refused else 0
            if refusals > 12:  # the players found nothing the rules accept: game over
                return


def play(per_cell: int, first_seed: int, say: Callable[[str], None]) -> list[Cell]:
    cells = []
    for game in GAMES:
        for hand_name in HANDS:
            cell = Cell(game, hand_name)
            seed = first_seed
            while len(cell.compared) < per_cell:
                started = time.perf_counter()
                Series(game, get_profile(hand_name), seed).run(per_cell, cell, hand_name)
                say(
                    f"{game} {hand_name} seed {seed}: {len(cell.compared)} compared "
                    f"({time.perf_counter() - started:.0f} s)"
                )
                seed += 1
            cells.append(cell)
    return cells


def summary_rows(cells: list[Cell]) -> list[tuple[str, ...]]:
    rows = []
    everything: list[Compared] = []
    for cell in cells:
        everything += cell.compared
        rows.append(_row(f"{cell.game}", cell.hand, cell.compared))
    rows.append(_row("all", "", everything))
    return rows


def _row(game: str, hand: str, compared: list[Compared]) -> tuple[str, ...]:
    same = sum(c.same for c in compared)
    fell = sum(c.old.fallen == c.new.fallen for c in compared)
    moved = sum(c.old.moved == c.new.moved for c in compared)
    scores = sum(c.old.scores == c.new.scores and c.old.refused == c.new.refused for c in compared)
    n = len(compared)
    sizes = [c.pieces for c in compared]
    return (
        game,
        hand,
        str(n),
        f"{min(sizes)}-{max(sizes)}",
        str(sum(bool(c.old.fallen or c.new.fallen) for c in compared)),
        f"{same} ({same / n:.1%})",
        str(fell),
        str(moved),
        str(scores),
        str(sum(c.extra for c in compared)),
        str(sum(c.missing for c in compared)),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-cell", type=int, default=80, help="placements per game and hand")
    parser.add_argument("--seed", type=int, default=1, help="the first series' seed")
    parser.add_argument("--json", help="write every comparison there")
    args = parser.parse_args()
    print(machine_line())
    cells = play(args.per_cell, args.seed, print)
    everything = [c for cell in cells for c in cell.compared]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(c) | {"same": c.same} for c in everything], out, indent=1)
    print_table(
        (
            "game",
            "hand",
            "compared",
            "pieces",
            "with falls",
            "same",
            "fell same",
            "moved same",
            "scores same",
            "extra falls",
            "missing falls",
        ),
        summary_rows(cells),
    )
    share = sum(c.same for c in everything) / len(everything)
    verdict = "met" if share >= TARGET else "MISSED"
    print(f"same verdict: {share:.1%} (target >= {TARGET:.0%}): {verdict}")
    for c in everything:
        if not c.same:
            print(
                f"differs: {c.game} {c.hand} seed {c.seed} action {c.action} ({c.pieces} pieces):"
                f" rest 1 {asdict(c.old)} / rest 2 {asdict(c.new)}"
            )


if __name__ == "__main__":
    main()
