"""The legal random computer player for Crazy Tower.

Every discrete decision is a random legal choice. Positions are tidy rather than
clever: a block goes where the rules allow it with half a centimetre to spare around
red boxes, clear of the blocks already on the card and, when it can, where the card
and its load stay balanced over the blocks that carry it; a floor card is centred
somewhere over the blocks of the top card. The physics still decides what happens.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from rules.chance import Chance
from rules.crazy_tower import check_placement, covered_boxes, get_card, legal_moves
from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.constraints import challenge_of
from rules.crazy_tower.placement import target_floor
from rules.crazy_tower.state import DIAMONDS, LAY_CARD, PLACE, REPLACE, TURN, CrazyTowerState
from rules.errors import IllegalMove
from simulator.games.computer_seat import ComputerPlayer
from simulator.games.crazy_tower.bodies import block_span, card_half_length, is_card
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.survey import shadow
from simulator.physics.world import Entry

STEP = 0.25  # cm between the positions a player considers
RED_MARGIN = 0.5  # cm a block keeps from covering a red box (the hand is never exact)
GAP = 0.4  # cm kept between blocks on a card
BALANCE_MARGIN = 0.8  # cm the load's centre stays inside the blocks that carry the card
CARD_REACH = 6.0  # cm: the farthest a card is laid off the top card's centre
SKIP_DIAMONDS = 0.5  # chance of declining a diamonds removal
CUBE_MASS = 6.0  # g: a 2 cm wooden cube in the 2D side view (4 cm^2 x 1.5 g/cm^2)


# A Crazy Tower computer player (RandomPlayer, bots.CrazyTowerBot).
CrazyTowerPlayer = ComputerPlayer[CrazyTowerMatch, dict[str, Any]]


@dataclass
class RandomPlayer:
    seed: int

    def __post_init__(self) -> None:
        # Its own stream: the game's chance (deck, saboteur, hand noise) must not depend
        # on the players.
        self.chance = Chance.from_seed(self.seed).fork(0x7C7)

    def decide(self, match: CrazyTowerMatch) -> dict[str, Any]:
        state = match.state
        moves = legal_moves(state)
        if not moves:
            raise IllegalMove("the game is over")
        balance = TowerBalance(match)  # the world stands still while the player decides
        if state.phase in (TURN, PLACE):
            return self._turn(match, balance, moves)
        if state.phase == LAY_CARD:
            return {**moves[0], "offset": self._offset(match, balance)}
        if state.phase == REPLACE:
            move = self.chance.choice(moves)
            piece = move["piece"]
            out = {"type": "replace_piece", "player": move["player"], "piece": piece}
            if is_card(piece):
                return {**out, "offset": self._offset(match, balance)}
            spot = self._position(match, balance, piece, target_floor(state, piece))
            return {**out, "at": spot[0] if spot is not None else card_half_length() - 1.0}
        if state.phase == DIAMONDS:
            # a careful player pulls only blocks the tower does not lean on
            removals = [
                m
                for m in moves
                if m["type"] == "remove_block"
                and balance.slack([], without=m["block"]) >= BALANCE_MARGIN
            ]
            if removals and self.chance.uniform() >= SKIP_DIAMONDS:
                return self.chance.choice(removals)
            return next(m for m in moves if m["type"] == "skip_removal")
        move = dict(self.chance.choice(moves))
        move.pop("with", None)
        return move

    # -- move A or B ---------------------------------------------------------------------

    def _turn(
        self, match: CrazyTowerMatch, balance: TowerBalance, moves: list[dict[str, Any]]
    ) -> dict[str, Any]:
        state = match.state
        places = [m for m in moves if m["type"] == "place_block"]
        reveal = [m for m in moves if m["type"] == "reveal_card"]
        load = len(state.blocks_on(state.top_card))
        if reveal and (not places or self.chance.uniform() < 0.15 + 0.2 * load):
            return reveal[0]
        best: tuple[float, dict[str, Any]] | None = None
        for move in self.chance.shuffled(places):
            spot = self._position(match, balance, move["block"], move["floor"], room=True)
            if spot is None:
                continue
            at, slack = spot
            action = {
                "type": "place_block",
                "player": move["player"],
                "block": move["block"],
                "at": at,
            }
            if slack >= BALANCE_MARGIN:
                return action
            if best is None or slack > best[0]:
                best = (slack, action)
        if reveal:  # nowhere steady for a block: build a floor higher instead
            return reveal[0]
        if best is not None:
            return best[1]
        if places:  # no tidy spot anywhere: somewhere legal, overhang and all
            move = self.chance.choice(places)
            spot = self._position(match, balance, move["block"], move["floor"], tidy=False)
            at = spot[0] if spot is not None else card_half_length() - 1.0
            return {
                "type": "place_block",
                "player": move["player"],
                "block": move["block"],
                "at": at,
            }
        return self.chance.choice(moves)

    def _position(
        self,
        match: CrazyTowerMatch,
        balance: TowerBalance,
        block: str,
        floor: int,
        *,
        tidy: bool = True,
        room: bool = False,
    ) -> tuple[float, float] | None:
        """A position (card coordinate of the block's left edge) and how steady the
        tower stays with the block there (tower_slack), or None: a random steady one,
        else the steadiest there is. ``room``: a new block leaves room for the blocks the
        challenge still needs on the card."""
        state, world = match.state, match.world
        card_id = state.floors[floor]
        card = world.entry(card_id)
        angle = match.handicap.block_angle_deg if match.handicap else 0.0
        span = block_span(block, angle)
        length = 2 * card_half_length()
        red = get_card(card_id).red_boxes()
        taken = [shadow(world.entry(b), card) for b in state.blocks_on(card_id) if b in world]
        lo, hi = (0.0, length - span) if tidy else (-span / 2, length - span / 2)
        # A challenge that wants more blocks on this card: leave them room (challenge 3).
        still = still_needed(state, card_id, block, angle) if tidy and room else []
        candidates = []
        at = lo
        while at <= hi + 1e-9:
            boxes = covered_boxes(at, at + span)
            wide = covered_boxes(at - RED_MARGIN, at + span + RED_MARGIN)
            free = all(at + span + GAP <= a or at >= b + GAP for a, b in taken)
            if still and free:
                free = fits(still, [*taken, (at, at + span)], length, red)
            if boxes and not (wide & red) and (free or not tidy):
                try:
                    check_placement(state, block, boxes, floor)
                    candidates.append(at)
                except IllegalMove:
                    pass
            at += STEP
        if not candidates:
            return None
        slacks = [self._slack(balance, card, floor, a, span) for a in candidates]
        steady = steadiest(candidates, slacks)
        at = self.chance.choice(steady) if steady else candidates[slacks.index(max(slacks))]
        return at, slacks[candidates.index(at)]

    def _slack(
        self, balance: TowerBalance, card: Entry, floor: int, at: float, span: float
    ) -> float:
        """How balanced the tower stays with the new block at ``at`` on ``card``."""
        if floor != len(balance.match.state.floors) - 1:
            return math.inf  # a block put back under a card: no choice worth making
        x = card.pose.x + (at + span / 2 - card_half_length()) * math.cos(card.pose.angle)
        return balance.slack([(floor, x, span * CUBE_MASS / 2.0)])

    def _offset(self, match: CrazyTowerMatch, balance: TowerBalance) -> float:
        """A floor card's offset: its centre over the top card's blocks, where the tower
        stays steadiest, not too far off the top card's centre."""
        state, world = match.state, match.world
        top = world.entry(state.top_card)
        span = balance.carriers
        if span is None:
            return 0.0
        left, right = span[0] + BALANCE_MARGIN, span[1] - BALANCE_MARGIN
        if right < left:
            left = right = (span[0] + span[1]) / 2
        near_left = max(left, top.pose.x - CARD_REACH)
        near_right = min(right, top.pose.x + CARD_REACH)
        if near_left <= near_right:
            left, right = near_left, near_right
        spots = _spread(left, right)
        level, mass = len(state.floors), top.body.mass
        carriers = span
        slacks = [balance.slack([(level, x, mass)], carriers=carriers) for x in spots]
        steady = steadiest(spots, slacks)
        centre = self.chance.choice(steady) if steady else spots[slacks.index(max(slacks))]
        return round(centre - top.pose.x, 2)


def still_needed(state: CrazyTowerState, card: str, block: str, angle: float) -> list[float]:
    """The spans of the blocks the solo challenge still needs on ``card`` once ``block``
    is on it: the shortest the player holds of each colour not yet there, as few as
    needed ([] when the challenge needs no more; [inf] when the hand cannot supply them)."""
    challenge = challenge_of(state)
    if challenge is None or challenge.min_blocks_per_floor < 2:
        return []
    on_card = state.blocks_on(card)
    need = challenge.min_blocks_per_floor - len(on_card) - 1
    if need <= 0:
        return []
    used = {get_block(b).colour for b in [*on_card, block]}
    shortest: dict[str, float] = {}
    for held in state.hands[state.current_player]:
        colour = get_block(held).colour
        if held != block and colour not in used:
            span = block_span(held, angle)
            shortest[colour] = min(span, shortest.get(colour, math.inf))
    spans = sorted(shortest.values())[:need]
    return spans if len(spans) == need else [math.inf]


def fits(spans: list[float], taken: list[tuple[float, float]], length: float, red: Any) -> bool:
    """Whether blocks of these spans still go on a card of ``length`` beside ``taken``,
    as tidily as the player lays them (the longest first, each as far left as it goes)."""
    taken = list(taken)
    for span in sorted(spans, reverse=True):
        at = 0.0
        while at <= length - span + 1e-9:
            wide = covered_boxes(at - RED_MARGIN, at + span + RED_MARGIN)
            if not wide & red and all(at + span + GAP <= a or at >= b + GAP for a, b in taken):
                break
            at += STEP
        else:
            return False
        taken.append((at, at + span))
    return True


def _spread(left: float, right: float) -> list[float]:
    count = max(1, int((right - left) / STEP))
    return [left + (right - left) * i / count for i in range(count + 1)]


def tower_slack(
    match: CrazyTowerMatch,
    extra: list[tuple[int, float, float]],
    carriers: tuple[float, float] | None = None,
    without: str | None = None,
) -> float:
    """TowerBalance.slack of the tower as it stands now (one question; a player weighing
    many candidates reads the tower once with TowerBalance)."""
    return TowerBalance(match).slack(extra, carriers, without)


Item = tuple[float, float]  # (world x, mass) of a piece
# Per floor, its pieces and the span that carries the floor above (TowerBalance.slack)
Standing = tuple[dict[int, list[Item]], dict[int, tuple[float, float]]]


@dataclass(frozen=True)
class Carried:
    """A block on a floor card as the balance reads it."""

    id: str
    item: Item
    extent: tuple[float, float]  # world x of its leftmost and rightmost points


@dataclass(frozen=True)
class Floor:
    """A floor card as the balance reads it: its own (x, mass), the blocks on it in the
    order they were placed, and its own extent (what carries a card laid on it bare)."""

    card: Item
    blocks: tuple[Carried, ...]
    bare: tuple[float, float]

    def items(self, without: str | None) -> list[Item]:
        return [self.card, *(b.item for b in self.blocks if b.id != without)]

    def span(self, without: str | None) -> tuple[float, float]:
        """World x from the leftmost to the rightmost point of the blocks that carry the
        card above (the min and max of all their points, as one list gives them)."""
        extents = [b.extent for b in self.blocks if b.id != without]
        if not extents:
            return self.bare
        return min(lo for lo, _ in extents), max(hi for _, hi in extents)


class TowerBalance:
    """The tower as a player judges its balance by eye, read from the world once.

    The world stands still while a player decides, and reading poses and outlines was
    most of tower_slack's cost (a fifth of a Crazy Tower game when it was asked afresh
    for every candidate position): a decision reads once and asks per candidate."""

    def __init__(self, match: CrazyTowerMatch) -> None:
        self.match = match

    @functools.cached_property
    def floors(self) -> list[Floor]:
        """Read on the first question (a decision may ask none)."""
        state, world = self.match.state, self.match.world
        floors = []
        for card in state.floors:
            entry = world.entry(card)
            blocks = tuple(_carried(b, world.entry(b)) for b in state.blocks_on(card) if b in world)
            floors.append(Floor((entry.pose.x, entry.body.mass), blocks, _extent(entry)))
        return floors

    @property
    def carriers(self) -> tuple[float, float] | None:
        """World x from the leftmost to the rightmost point of the blocks on the top card
        (what the next floor card will rest on), or None when it carries none."""
        top = self.floors[-1]
        return top.span(None) if top.blocks else None

    def slack(
        self,
        extra: list[tuple[int, float, float]],
        carriers: tuple[float, float] | None = None,
        without: str | None = None,
    ) -> float:
        """Static balance of the whole tower: for every floor card k >= 1, how far the
        centre of mass of card k and everything above it lies inside the span of the
        blocks on card k - 1 that carry it; the smallest such distance (cm, negative
        when it lies outside). ``extra`` adds pieces as (floor, x, mass); ``carriers``
        is the span that will carry a new top floor; ``without`` leaves a block out
        (one a diamonds box might pull)."""
        levels, spans = self._standing(without)
        for k, x, mass in extra:  # new lists: the standing tower's are kept for the next
            levels[k] = [*levels.get(k, []), (x, mass)]
        if carriers is not None:
            spans[len(self.floors) - 1] = carriers
        slack = math.inf
        moment = mass_sum = 0.0
        for k in sorted(levels, reverse=True):
            moment += sum(x * m for x, m in levels[k])
            mass_sum += sum(m for _, m in levels[k])
            if k == 0:
                break
            span = spans[k - 1]
            centre = moment / mass_sum
            slack = min(slack, centre - span[0], span[1] - centre)
        return slack

    def _standing(self, without: str | None) -> Standing:
        """Each floor's pieces and carrying span, ``without`` left out (fresh dicts over
        lists shared between questions)."""
        if without is not None:
            return self._read(without)
        levels, spans = self._standing_tower
        return dict(levels), dict(spans)

    @functools.cached_property
    def _standing_tower(self) -> Standing:
        return self._read(None)

    def _read(self, without: str | None) -> Standing:
        levels = {k: floor.items(without) for k, floor in enumerate(self.floors)}
        spans = {k: floor.span(without) for k, floor in enumerate(self.floors)}
        return levels, spans


def _carried(block: str, entry: Entry) -> Carried:
    return Carried(block, (entry.pose.x, entry.body.mass), _extent(entry))


def _extent(entry: Entry) -> tuple[float, float]:
    xs = [x for poly in entry.world_polygons() for x, _ in poly]
    return min(xs), max(xs)


def steadiest(values: list[float], slacks: list[float]) -> list[float]:
    """The values a careful player would pick from: balanced with a margin, and at least
    half as steady as the steadiest one."""
    best = max(slacks, default=-math.inf)
    if best < BALANCE_MARGIN:
        return []
    return [v for v, s in zip(values, slacks, strict=True) if s >= max(BALANCE_MARGIN, best / 2)]
