"""Computer players for LOTS: Filled In that play for the best expected final score.

There is no physics while Filled In is played, so the bots think with the rules alone:
- place: every legal block (with the crew card when the level allows) is drawn on a
  scratch copy (rules.filled_in.moves.preview_place) and judged by the player's score
  after it, plus, looking ahead, how many of the dice's shapes still fit somewhere on
  the sheet (a sheet with room keeps scoring) and how low the block sits;
- draft: each free die is judged by the best block it makes with the die already held
  (or, for the first die, with the best of the others still free);
- roll: the only move.
``random`` is the legal random player (rules.filled_in.playout.random_move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.chance import Chance
from rules.filled_in.choices import placement_moves, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crafting import craft_options
from rules.filled_in.crew import FREE_PLACEMENT
from rules.filled_in.moves import preview_place
from rules.filled_in.placement import has_placement, legal_placements
from rules.filled_in.scoring import colour_area_winners, largest_areas, player_breakdown
from rules.filled_in.state import DRAFT, PLACE, GameState, PlayerState
from rules.filled_in.turns import legal_moves
from simulator.bots.cli import Seats
from simulator.bots.dexterity import Dexterity
from simulator.bots.levels import Level, Playouts, Sketch, level
from simulator.games.computer_seat import FALLBACK, Computers, Table, given, seated_by_seed
from simulator.games.filled_in.bots_playout import sketch_move
from simulator.games.filled_in.bots_search import (
    best_by_playouts,
    decision_seed,
    draft_by_playouts,
)
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.player import RandomSeat, RandomTable, player_chance
from simulator.games.filled_in.scenario import MAX_COMPUTER_DECISIONS

ROOM = 0.6  # points per shape that still fits somewhere after the block (lookahead)
LOW = 0.05  # points per row lower the block's top sits
ROOM_LOOKAHEAD = 2  # the greedy's lookahead that counts ROOM (as _Judge reads it)
# The crew card is kept for a turn when it is worth at least this much more.
CREW_MARGIN = 2.0


@dataclass
class FilledInBot:
    level: Level
    seed: int = 0  # the playouts' dice (levels that search), never the game's

    def decide(self, state: GameState, name: str) -> dict[str, Any]:
        if self.level.sketch is not None and state.phase in (DRAFT, PLACE):
            return self._sketch(state, name, self.level.sketch)
        if state.phase == PLACE:
            return self._place(state, name)
        moves = legal_moves(state, name)
        if state.phase == DRAFT:
            search = self.level.playouts
            if search is not None and search.drafts and len(moves) > 1:
                seed = decision_seed(self.seed, state, name)
                return draft_by_playouts(state, name, moves, search, seed)
            fit = _Fit(state.player(name))
            return max(moves, key=lambda m: _die_value(state, name, m["die"], fit))
        return moves[0]

    def _sketch(self, state: GameState, name: str, weights: Sketch) -> dict[str, Any]:
        """The rule of thumb: any die; the block low, tool boxes in their colours."""
        rng = Chance.from_seed(decision_seed(self.seed, state, name))
        if state.phase == DRAFT:
            return rng.choice(legal_moves(state, name))
        move = sketch_move(state, state.player(name), rng, weights)
        return move or legal_moves(state, name)[0]  # only the crew card fits: play it

    # -- placing ------------------------------------------------------------------------

    def _place(self, state: GameState, name: str) -> dict[str, Any]:
        player = state.player(name)
        plain = placement_moves(state, player, with_crew=False)
        search = self.level.playouts
        crewed = []
        if (self.level.lookahead > 0 or search) and unused_crew_effect(player) is not None:
            crewed = [m for m in placement_moves(state, player) if m.get("crew")]
        if not (plain or crewed):
            return legal_moves(state, name)[0]
        if search is not None:  # candidates ranked by the greedy with its room lookahead
            judge = _Judge(state, name, ROOM_LOOKAHEAD)
            return self._search(state, name, judge, plain, crewed, search)
        judge = _Judge(state, name, self.level.lookahead)
        best_crew = judge.best(crewed)
        best_plain = judge.best(plain) or best_crew
        assert best_plain is not None  # there are moves
        if best_crew is not None and best_crew[1] - best_plain[1] >= CREW_MARGIN:
            return best_crew[0]
        return best_plain[0]

    def _search(
        self,
        state: GameState,
        name: str,
        judge: _Judge,
        plain: list[dict[str, Any]],
        crewed: list[dict[str, Any]],
        search: Playouts,
    ) -> dict[str, Any]:
        """The greedy's best few blocks played out; the crew card is spent when its best
        block's playouts beat the plain ones' by CREW_MARGIN (playouts never use it, so
        they cannot see what keeping it is worth)."""
        seed = decision_seed(self.seed, state, name)
        # half as many crew blocks: the card is spent once, and they would double the cost
        counts = (search.candidates, max(1, search.candidates // 2))
        picks = [judge.ranked(m)[:n] for m, n in zip((plain, crewed), counts, strict=True)]
        found = [best_by_playouts(state, name, p, search, seed) if p else None for p in picks]
        best_plain, best_crew = found
        if best_plain is None or (
            best_crew is not None and best_crew[1] - best_plain[1] >= CREW_MARGIN
        ):
            assert best_crew is not None
            return best_crew[0]
        return best_plain[0]


class _Judge:
    """Values of blocks for one player in one position: the player's score after the
    block (only their own sheet is drawn on, so the others' colour areas are measured
    once) plus the lookahead terms."""

    def __init__(self, state: GameState, name: str, lookahead: int) -> None:
        self.state, self.name, self.lookahead = state, name, lookahead
        self.others = {
            p.name: largest_areas(p.tower.grid()) for p in state.players if p.name != name
        }

    def best(self, moves: list[dict[str, Any]]) -> tuple[dict[str, Any], float] | None:
        """The first of the best moves and its value (as ``max``), None if there are none."""
        best: tuple[dict[str, Any], float] | None = None
        for move in moves:
            value = self.value(move)
            if best is None or value > best[1]:
                best = (move, value)
        return best

    def ranked(self, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The moves best first (equals in their given order)."""
        values = [self.value(m) for m in moves]
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        return [moves[i] for i in order]

    def value(self, move: dict[str, Any]) -> float:
        after = preview_place(
            self.state,
            self.name,
            move["shape"],
            move["colour"],
            move["cells"],
            crew=move.get("crew", False),
            swap=move.get("swap"),
        )
        player = after.player(self.name)
        areas = {**self.others, self.name: largest_areas(player.tower.grid())}
        total = float(player_breakdown(after, player, colour_area_winners(areas)).total)
        top = max(r for r, _ in move["cells"])
        total -= LOW * top
        if self.lookahead > 1:
            total += ROOM * _room(player)
        return total


def _room(player: PlayerState) -> int:
    """How many of the shapes still fit somewhere on the player's sheet."""
    spec, filled = player.tower.spec, player.tower.filled()
    free = unused_crew_effect(player) == FREE_PLACEMENT
    shapes = rules_config().shape_letters
    return sum(1 for s in shapes if has_placement(spec, filled, s, free=free))


# -- drafting -----------------------------------------------------------------------------


class _Fit:
    """How well a shape fits the player's sheet now: 0 if nowhere, else 1 plus a tenth
    per spot up to ten spots; each shape counted once a decision."""

    def __init__(self, player: PlayerState) -> None:
        self.spec, self.filled = player.tower.spec, player.tower.filled()
        self.known: dict[str, float] = {}

    def __call__(self, shape: str) -> float:
        if shape not in self.known:
            count = len(legal_placements(self.spec, self.filled, shape))
            self.known[shape] = 1.0 + min(count, 10) / 10.0 if count else 0.0
        return self.known[shape]


def _die_value(state: GameState, name: str, die: int, fit: _Fit) -> float:
    """A free die judged by the best block it makes with the die already held (or, for
    the first die, with the best of the others still free)."""
    player = state.player(name)
    taken = {pos for p in state.players for pos in p.hand}
    partners = list(player.hand) or [
        pos for pos in range(len(state.dice)) if pos not in taken and pos != die
    ]
    best = 0.0
    for other in partners:
        for shape, _ in craft_options(state.face(die), state.face(other)):
            best = max(best, fit(shape))
    return best


@dataclass
class BotSeat:
    """A bot playing one seat (the computer-seat protocol: ``decide(match)``)."""

    name: str
    bot: FilledInBot

    def decide(self, match: FilledInMatch) -> dict[str, Any]:
        return self.bot.decide(match.state, self.name)


def seat_player(
    level_name: str, seed: int, name: str, hand: Dexterity | None = None
) -> BotSeat | RandomSeat:
    """Seat ``name``'s player of a level (no hand: Filled In is drawn, not placed)."""
    if level_name == "random":
        return RandomSeat(name, Chance.from_seed(seed))
    return BotSeat(name, FilledInBot(level(level_name), seed))


BOT_TABLE_SALT = 0xB0  # the stream that picks who moves next when bots are seated


def seated(match: FilledInMatch, seating: Seats, seed: int) -> Table:
    """A game of computers alone: random players alone are one random table (the stream
    a scenario's first ``computer`` action uses, so a recording could equally be written
    as one); with bots, the seats as every game seats them, but each random seat draws
    from a stream of its own and another picks who moves when several may."""
    names = list(match.summary()["players"])
    if set(seating.levels.values()) == {"random"}:
        return given(dict.fromkeys(names, RandomTable(player_chance(seed))), COMPUTERS)
    table = seated_by_seed(COMPUTERS, match, seating, seed)
    for i, name in enumerate(names):
        if table.seats[name].level == FALLBACK:
            table.seats[name].player = RandomSeat(name, player_chance(seed, 1 + i))
    return replace(table, choose=player_chance(seed, BOT_TABLE_SALT).choice)


# The registry's ``computer`` part (simulator/games/computer_seat.py).
COMPUTERS = Computers(seat_player, MAX_COMPUTER_DECISIONS, table=seated)
