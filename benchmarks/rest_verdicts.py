"""Do rest 2's verdicts agree with today's? Random legal placements with the ``average``
and ``clumsy`` hands on LOTS and Crazy Tower towers of 5 to 40 pieces, each played twice
from the same start: once at rest 1 (today's default) and once at rest 2 (the new
default, docs/physics.md "Resting").

A series is one 4-player game of legal random players (each game's own RandomPlayer).
The game itself goes on with their exact placements, so the tower grows tall; at each
physical action with 5 to 40 pieces in the world, the same action as a hand of the given
dexterity makes it (its noise drawn from the series' seed as the bots draw theirs) is
tried on two exact copies of the match (``Match.copy``, the log replayed: bit for bit,
where ``Space.copy`` is not), one at rest 1 and one at rest 2. Compared: the pieces
that fell, the pieces the fall monitor saw move, the scores after the action, and
whether the rules refused it. Random LOTS games collapse before their towers reach 20
pieces, so a third series (``lots-wall``) tries random placements with the same hands on
settled brick-bonded walls of 20 to 40 pieces, judged by the fall monitor alone.

Where they differ, each copy's world then runs on for RUN_ON seconds with its monitor
still watching, to tell a settle that ended early from chaos: a difference is "rest 1
early" when rest 1's world, run on, loses the pieces rest 2 saw fall (rest 1 ended its
settle while they were already going), "rest 2 early" the other way round, and chaos
otherwise (a knock at a tipping point that goes either way). Reported per game and
hand: placements compared, how many agree in full, the differences by kind, and the
falls rest 2 has that rest 1 has not ("extra") against the other way ("missing") among
the chaotic ones: an unbiased rule has about as many of each (issue 38: at least 97 %
the same, differences chaos rather than bias).

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

from benchmarks.placement_latency import PIECES, settled_tower
from benchmarks.towers import lot_span, machine_line, print_table, top_of
from rules.chance import Chance
from rules.errors import IllegalMove
from rules.lots.setup import LotsOptions
from rules.pieces import get_piece
from simulator.bots.dexterity import Dexterity, draw, get_profile
from simulator.games.crazy_tower import bots_risk as crazy_risk
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import RandomPlayer as CrazyRandom
from simulator.games.lots import bots_risk as lots_risk
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer as LotsRandom
from simulator.games.match import PhysicalMatch
from simulator.physics.hand import Hand, HandPath
from simulator.physics.materials import materials
from simulator.physics.monitor import WATCH_EVERY, Monitor
from simulator.physics.profile import PhysicsProfile, load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World
from simulator.seeds import seat_seed

GAMES = ("lots", "crazy-tower", "lots-wall")
HANDS = ("average", "clumsy")
PLAYERS = 4
FEWEST, MOST = 5, 40  # pieces in the world before the action
TARGET = 0.97  # issue 38: at least this share of verdicts the same
HAND_SALT = 0x4E57  # the series' hand noise stream, apart from the players' own
MAX_ACTIONS = 600  # per series: a random game that never ends stops here
RUN_ON = 2.0  # s a world runs on after a differing verdict


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
    # After a difference: the pieces fallen once each world ran on RUN_ON seconds.
    old_run_on: tuple[str, ...] = ()
    new_run_on: tuple[str, ...] = ()

    @property
    def same(self) -> bool:
        return self.old == self.new

    @property
    def kind(self) -> str:
        if self.same:
            return "same"
        if self.old.refused or self.new.refused:
            return "chaos"
        old, new = set(self.old.fallen), set(self.new.fallen)
        if old == new:
            return "moved only"
        # One saw more fall, and the other's world, run on, lost those pieces too.
        if old < new and new <= set(self.old_run_on):
            return "rest 1 early"
        if new < old and old <= set(self.new_run_on):
            return "rest 2 early"
        return "chaos"

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


@dataclass
class Tried:
    """An action tried on a copy: what it decided, and the means to run it on."""

    seen: Seen
    match: PhysicalMatch
    monitors: list[Monitor]

    def run_on(self) -> tuple[str, ...]:
        """The pieces fallen once the world has run on RUN_ON seconds, watched as the
        match watched it."""
        return WorldRun(self.match.world, self.monitors).run_on()


def attempt(match: PhysicalMatch, profile: PhysicsProfile, action: dict[str, Any]) -> Tried:
    """``action`` on an exact copy of ``match`` going on at ``profile``'s rest."""
    twin = match.copy()
    twin.profile = twin.world.profile = profile
    with monitors_seen() as made:
        try:
            verdict = twin.perform(action)
        except IllegalMove:
            return Tried(Seen(refused=True), twin, made)
    moved = tuple(sorted({m for monitor in made for m in monitor.moved}))
    fallen = tuple(sorted(verdict.fallen)) if verdict is not None else ()
    scores = twin.summary()["scores"]
    return Tried(Seen(False, fallen, moved, tuple(scores[n] for n in sorted(scores))), twin, made)


class Series:
    """One game of random players; each physical action tried with a hand's noise."""

    def __init__(self, game: str, hand: Dexterity, seed: int) -> None:
        self.game, self.hand, self.seed = game, hand, seed
        self.noise = Chance.from_seed(seed).fork(HAND_SALT)
        names = tuple(f"Player {i + 1}" for i in range(PLAYERS))
        if game == "lots":
            self.old = load_profile(rest=1)
            self.match: PhysicalMatch = LotsMatch(LotsOptions(names, "2B", seed), self.old)
            self.players: dict[Any, Any] = {
                i: LotsRandom(seat_seed(seed, i)) for i in range(PLAYERS)
            }
        else:
            self.old = tower_profile(load_profile(rest=1), sleep_given=False)
            options = {"mode": "competitive", "players": list(names), "seed": seed}
            self.match = CrazyTowerMatch(options, self.old)
            self.players = {n: CrazyRandom(seat_seed(seed, i)) for i, n in enumerate(names)}
        self.new = self.old.with_overrides(rest=2)

    def next_action(self) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        """The next decision as an action, and as the hand makes it (None: no hand)."""
        match = self.match
        if self.game == "lots":
            seat = match.state.to_act
            if seat is None:
                return None
            kind, what = self.players[seat].decide(match)
            if kind == "move":
                return what, None
            player = match.state.players[seat]
            noisy = lots_risk.noisy(what, draw(self.hand, self.noise))
            return what.as_action(player), noisy.as_action(player)
        if match.state.is_over:
            return None
        action = self.players[match.state.current_player].decide(match)
        if action["type"] in crazy_risk.HANDLED:
            return action, crazy_risk.noisy(action, draw(self.hand, self.noise))
        return action, None

    def run(self, want: int, cell: Cell) -> None:
        refusals = 0
        for _ in range(MAX_ACTIONS):
            if len(cell.compared) >= want:
                return
            step = self.next_action()
            if step is None:
                return
            exact, by_hand = step
            pieces = len(self.match.world.dynamic_entries)
            if by_hand is not None and FEWEST <= pieces <= MOST:
                old = attempt(self.match, self.old, by_hand)
                new = attempt(self.match, self.new, by_hand)
                compared = Compared(
                    self.game,
                    cell.hand,
                    self.seed,
                    self.match.action_count,
                    pieces,
                    old.seen,
                    new.seen,
                )
                if not compared.same:
                    compared.old_run_on, compared.new_run_on = old.run_on(), new.run_on()
                cell.compared.append(compared)
            try:
                self.match.perform(exact)
                refusals = 0
            except IllegalMove:
                refusals += 1
                if refusals > 12:  # the players found nothing the rules accept: game over
                    return


class WallSeries:
    """Random placements with a hand's noise on settled brick-bonded walls of 20 to 40
    LOTS pieces (``benchmarks.towers``): the LOTS games of random players above collapse
    before 20, so this is where taller towers are tried. A placement is a random piece,
    turn and spot over the lot, carried by the hand from beside the lot as the placement
    benchmark carries it; the verdict is the fall monitor's (no rules, no scores)."""

    FEWEST, MOST = 20, 40

    def __init__(self, hand: Dexterity, seed: int) -> None:
        self.hand, self.seed = hand, seed
        self.chance = Chance.from_seed(seed).fork(HAND_SALT)
        self.old = load_profile(rest=1)
        self.new = self.old.with_overrides(rest=2)

    def run(self, want: int, cell: Cell) -> None:
        left, right = lot_span()
        while len(cell.compared) < want:
            pieces = self.FEWEST + self.chance.below(self.MOST - self.FEWEST + 1)
            piece = self.chance.choice(list(PIECES))
            turn = 90.0 * self.chance.below(4)
            x = left + (right - left) * self.chance.uniform()
            jitter = draw(self.hand, self.chance)
            path = (piece, x + jitter.dx, turn + jitter.angle)
            old, new = (self._place(profile, pieces, *path) for profile in (self.old, self.new))
            compared = Compared(
                "lots-wall", cell.hand, self.seed, len(cell.compared), pieces, old[0], new[0]
            )
            if not compared.same:
                compared.old_run_on, compared.new_run_on = old[1].run_on(), new[1].run_on()
            cell.compared.append(compared)

    def _place(
        self, profile: PhysicsProfile, pieces: int, piece: str, x: float, angle: float
    ) -> tuple[Seen, WorldRun]:
        world = settled_tower(self.old, pieces)  # the same start for both rests
        world.profile = profile
        left, _ = lot_span()
        spec = get_piece(piece)
        start = Pose(left - 15.0, top_of(world) + 10.0, 0.0)
        world.add_piece("new", spec, start, materials()[spec.material])
        monitor = Monitor(world, support=lot_span())
        monitor.watch_falls("new")
        hand = Hand(world)
        hand.grab("new")
        steps = [0]

        def watch() -> None:
            steps[0] += 1
            if steps[0] % WATCH_EVERY == 0:
                monitor.check()

        hand.carry(HandPath(x=x, angle=angle), on_step=watch)
        monitor.watch("new")
        settle(world, monitor)
        seen = Seen(False, tuple(sorted(monitor.fallen)), tuple(sorted(monitor.moved)))
        return seen, WorldRun(world, [monitor])


@dataclass
class WorldRun:
    """A world and its monitors, to run on after a differing verdict."""

    world: World
    monitors: list[Monitor]

    def run_on(self) -> tuple[str, ...]:
        for _ in range(round(RUN_ON / self.world.profile.dt / WATCH_EVERY)):
            self.world.step(WATCH_EVERY)
            for monitor in self.monitors:
                monitor.check()
        return tuple(sorted({f for monitor in self.monitors for f in monitor.fallen}))


def play(
    per_cell: int, first_seed: int, say: Callable[[str], None], games: tuple[str, ...] = GAMES
) -> list[Cell]:
    cells = []
    for game in games:
        for hand_name in HANDS:
            cell = Cell(game, hand_name)
            seed = first_seed
            while len(cell.compared) < per_cell:
                started = time.perf_counter()
                hand = get_profile(hand_name)
                if game == "lots-wall":
                    WallSeries(hand, seed).run(per_cell, cell)
                else:
                    Series(game, hand, seed).run(per_cell, cell)
                say(
                    f"{game} {hand_name} seed {seed}: {len(cell.compared)} compared "
                    f"({time.perf_counter() - started:.0f} s)"
                )
                seed += 1
            cells.append(cell)
    return cells


KINDS = ("same", "moved only", "rest 1 early", "rest 2 early", "chaos")


def summary_rows(cells: list[Cell]) -> list[tuple[str, ...]]:
    rows = [_row(cell.game, cell.hand, cell.compared) for cell in cells]
    rows.append(_row("all", "", [c for cell in cells for c in cell.compared]))
    return rows


def _row(game: str, hand: str, compared: list[Compared]) -> tuple[str, ...]:
    n = len(compared)
    sizes = [c.pieces for c in compared]
    kinds = [c.kind for c in compared]
    same = kinds.count("same")
    chaos = [c for c in compared if c.kind == "chaos"]
    return (
        game,
        hand,
        str(n),
        f"{min(sizes)}-{max(sizes)}",
        str(sum(bool(c.old.fallen or c.new.fallen) for c in compared)),
        f"{same} ({same / n:.1%})",
        *(str(kinds.count(kind)) for kind in KINDS[1:]),
        f"{sum(c.extra for c in chaos)} / {sum(c.missing for c in chaos)}",
    )


def _read(path: str) -> list[Cell]:
    """The cells of an earlier run's --json file, in its order."""
    with open(path, encoding="utf-8") as source:
        rows = json.load(source)
    cells: dict[tuple[str, str], Cell] = {}
    for row in rows:
        seen = {
            k: Seen(**{**row[k], **{f: tuple(row[k][f]) for f in ("fallen", "moved", "scores")}})
            for k in ("old", "new")
        }
        compared = Compared(
            row["game"], row["hand"], row["seed"], row["action"], row["pieces"],
            seen["old"], seen["new"], tuple(row["old_run_on"]), tuple(row["new_run_on"]),
        )  # fmt: skip
        cells.setdefault(
            (row["game"], row["hand"]), Cell(row["game"], row["hand"])
        ).compared.append(compared)
    return list(cells.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-cell", type=int, default=80, help="placements per game and hand")
    parser.add_argument("--seed", type=int, default=1, help="the first series' seed")
    parser.add_argument("--json", help="write every comparison there")
    parser.add_argument("--games", default=",".join(GAMES), help="which of them, by name")
    parser.add_argument("--from-json", help="report an earlier run's --json file, playing nothing")
    args = parser.parse_args()
    if args.from_json:
        cells = _read(args.from_json)
    else:
        print(machine_line())
        cells = play(args.per_cell, args.seed, print, tuple(args.games.split(",")))
    everything = [c for cell in cells for c in cell.compared]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            rows = [asdict(c) | {"same": c.same, "kind": c.kind} for c in everything]
            json.dump(rows, out, indent=1)
    print_table(
        (
            "game",
            "hand",
            "compared",
            "pieces",
            "with falls",
            "same",
            *KINDS[1:],
            "chaos: extra / missing falls",
        ),
        summary_rows(cells),
    )
    share = sum(c.same for c in everything) / len(everything)
    verdict = "met" if share >= TARGET else "MISSED"
    print(f"same verdict: {share:.1%} (target >= {TARGET:.0%}): {verdict}")
    for c in everything:
        if not c.same:
            print(
                f"{c.kind}: {c.game} {c.hand} seed {c.seed} action {c.action} "
                f"({c.pieces} pieces): rest 1 {asdict(c.old)} (run on: {c.old_run_on}) / "
                f"rest 2 {asdict(c.new)} (run on: {c.new_run_on})"
            )


if __name__ == "__main__":
    main()
