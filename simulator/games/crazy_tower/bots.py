"""Computer players for Crazy Tower that think physically (easy, normal, hard), and the
saboteur's way of playing.

On a turn the bot lists its blocks at their steadiest tidy positions (bots_candidates)
and the option to reveal a floor card, ranks them (block points, then steadiness), and
plays the best few in copies of the match under its dexterity profile (bots_risk). It
keeps the one with the best expected points minus the risk of a fall or a collapse,
within the level's budget of simulated work; the best ranked is played first and the
others only if they could beat it by more than half a cm of slack (pick). A floor card
is laid the same way; put-back pieces are placed by rollouts too; diamonds removals
are declined, but in the competitive race hard and expert pull the other player's block
when the tower stands without it (see _diamonds); exchanges follow the random player.

A saboteur (state.saboteur) scores fragility: the less slack the tower keeps after its
move the better, as long as its own rollouts do not collapse.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.chance import Chance
from rules.crazy_tower import legal_moves
from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.state import DIAMONDS, LAY_CARD, PLACE, REPLACE, TURN
from rules.errors import IllegalMove
from simulator.bots.budget import Budget
from simulator.bots.dexterity import TYPICAL_REACH, Dexterity, draw, get_profile, in_model
from simulator.bots.levels import Level, level
from simulator.bots.rollout import Estimate, Sample, best, evaluate
from simulator.games.computer_seat import Computers
from simulator.games.crazy_tower.bodies import is_card
from simulator.games.crazy_tower.bots_candidates import block_positions, card_offsets
from simulator.games.crazy_tower.bots_race import (
    TEMPO,
    diamonds_boxes,
    leaves_loop,
    loop_boxes,
    loop_odds,
    pull_offered,
    pulling,
    pulls,
    racing,
    takes_loop,
    takes_pull,
    took_loop,
)
from simulator.games.crazy_tower.bots_risk import collapsed, noisy, reveal_rollout, rollout
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import (
    BALANCE_MARGIN,
    CrazyTowerPlayer,
    RandomPlayer,
    tower_slack,
)
from simulator.games.crazy_tower.resort import LastResort
from simulator.games.crazy_tower.scenario import MAX_COMPUTER_DECISIONS
from simulator.games.lots.bots_risk import rollout_noise
from simulator.motor.placing import clock_hurry

BOT_SALT = 0xB07C
REVEAL = 1.5  # what revealing a floor card is worth: room for more blocks later
SLACK_WEIGHT = 0.3  # points per cm of slack (capped) in the prior
SLACK_CAP = 3.0
FRAGILE = 1.0  # saboteur: points per cm of slack taken from the tower
# Points a rival may still gain on the best prior without being rolled out (pick): half
# a cm of slack. Rivals then differ by hundredths of a point (a tower with 2.9 cm of
# slack left wherever the block goes), which took two thirds of a game's rollouts.
CLOSE_ENOUGH = SLACK_WEIGHT * 0.5
# cm of slack a rival's rollouts may keep beyond what its static slack promises, once
# corrected by what the best prior's rollouts showed (_expected).
SETTLE_MARGIN = 0.5

# What a move costs under a clock besides the hand's own time and the thinking: the
# tower settling before the next move (s; house estimate, docs/bots.md "Hurry").
SETTLE_S = 1.0
# Floor cards a tower takes per block still to place: a card carries about three blocks
# (house estimate from the bots' games: 5 cards for 14 blocks; docs/bots.md "Hurry").
CARDS_PER_BLOCK = 1 / 3

# How widely a turn looks for a block's spot, (room, wide) in turn, until one has any: a
# spot that leaves the challenge room for the blocks it still needs on the card, any tidy
# spot, and any spot at all that covers no red box (bots_candidates.block_positions).
SEARCHES = ((True, False), (False, False), (False, True))

# Diamonds pulls rehearsed at most, the steadiest on paper first (_diamonds).
PULLS_TRIED = 3

C = TypeVar("C")


@dataclass
class CrazyTowerBot:
    seed: int
    level: Level
    dexterity: Dexterity | None = None
    # Hand model 2: how many times its own pace the hand moves (None: the level's pace,
    # or under a clock as fast as the time left asks; docs/bots.md, "Hurry").
    hurry: float | None = None
    chance: Chance = field(init=False)
    helper: RandomPlayer = field(init=False)
    last_estimates: list[Estimate[dict[str, Any]]] = field(init=False, default_factory=list)
    # The hand model of the match deciding now (its [physics] hand_model).
    _model: int = field(init=False, default=1)

    def __post_init__(self) -> None:
        self.chance = Chance.from_seed(self.seed).fork(BOT_SALT)
        self.helper = RandomPlayer(self.seed)
        if self.dexterity is None:
            self.dexterity = get_profile(self.level.dexterity)

    @property
    def hand(self) -> Dexterity:
        """The bot's hand as the match deciding now draws it (its hand model)."""
        assert self.dexterity is not None
        return in_model(self.dexterity, self._model)

    def pace(self, match: CrazyTowerMatch) -> float:
        """How many times its own pace the bot's hand moves now: as asked, else the
        level's pace, hurried under a timed challenge's clock (clock_hurry)."""
        if self.hurry is not None:
            return self.hurry
        motor, state = self.hand.motor, match.state
        limit = match.time_limit
        if motor is None or limit is None:
            return self.level.hurry
        blocks = len(state.hands.get(state.current_player, ())) + len(state.down)
        cards = math.ceil(blocks * CARDS_PER_BLOCK)
        moves = blocks + cards  # each laid by hand, each card revealed first
        fixed = (moves + cards) * match.think_seconds + moves * SETTLE_S
        left = limit - state.elapsed
        return clock_hurry(motor, left, moves, fixed, TYPICAL_REACH, least=self.level.hurry)

    def decide(self, match: CrazyTowerMatch) -> dict[str, Any]:
        self._model = match.profile.hand_model
        action = self.plan(match)
        if action["type"] in ("place_block", "lay_card", "replace_piece"):
            try:
                reach = match.reach(action)
            except (IllegalMove, KeyError):  # the rules will refuse it anyway
                reach = None
            jitter = draw(self.hand, self.chance, reach, self.pace(match))
            action = noisy(action, jitter)  # the real hand
        return action

    def plan(self, match: CrazyTowerMatch) -> dict[str, Any]:
        """The decision as planned, before the hand's noise (``decide`` adds it; the
        research environments add their own hand's)."""
        state = match.state
        moves = legal_moves(state)
        if not moves:
            raise IllegalMove("the game is over")
        if state.phase in (TURN, PLACE):
            action = self._turn(match, moves)
        elif state.phase == LAY_CARD:
            action = self._lay(match, moves[0])
        elif state.phase == DIAMONDS:
            action = self._diamonds(match, moves)
        elif state.phase == REPLACE:
            action = self._put_back(match, moves)
        else:
            action = self.helper.decide(match)
        return action

    # -- choosing -----------------------------------------------------------------------

    def _turn(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        saboteur = match.state.saboteur == match.state.current_player
        pool: list[tuple[dict[str, Any], float]] = []
        for room, wide in SEARCHES:
            found = self._turn_pool(match, moves, saboteur, room, wide)
            if any(action["type"] == "place_block" for action, _ in found):
                pool = found
                break
            pool = pool or found  # a reveal, should no search find a block a spot
        if not pool:
            return self.helper.decide(match)
        pool.sort(key=lambda item: -item[1])
        return self._choose(match, pool[: self.level.candidates], saboteur, self._racing(match))

    def _racing(self, match: CrazyTowerMatch) -> bool:
        """Whether this turn counts the race (bots_race): a competitive game and a level
        that looks ahead (Level.lookahead 1: the turns a placement wins; 2: also the
        turn it leaves the next player)."""
        return racing(match) and self.level.lookahead >= 1

    def _race(self, match: CrazyTowerMatch, action: dict[str, Any], offered: bool = False) -> float:
        """The planned ``action``'s turns won and given away, in points (bots_race);
        ``offered``: a diamonds box of the top card would give a pull that wins a turn
        (pull_offered), which lookahead 2 takes as a loop."""
        value = TEMPO if takes_loop(match, action) else 0.0
        if self.level.lookahead >= 2:
            if leaves_loop(match, action):
                value -= TEMPO
            if offered and takes_pull(match, action):
                value += TEMPO
        return value

    def _pulls(self, match: CrazyTowerMatch) -> bool:
        """Whether this turn weighs diamonds pulls (_diamonds makes them): the race at
        lookahead 2 (hard, expert)."""
        return self._racing(match) and self.level.lookahead >= 2

    def _reveal(self, match: CrazyTowerMatch) -> float:
        """What revealing a card is worth: room for more blocks; with the deck's odds
        (Level.deck_odds) also the turn a loop box on it would win and the block that
        goes on it this turn all the same (move B), the biggest in hand."""
        state = match.state
        if not (self.level.deck_odds and self._racing(match)):
            return REVEAL
        hand = state.hands.get(state.current_player, ())
        points = max((get_block(b).points for b in hand), default=0)
        return REVEAL + TEMPO * loop_odds(match) + points

    def _turn_pool(
        self,
        match: CrazyTowerMatch,
        moves: list[dict[str, Any]],
        saboteur: bool,
        room: bool,
        wide: bool,
    ) -> list[tuple[dict[str, Any], float]]:
        """The turn's candidates with their priors (block_positions' ``room`` and
        ``wide``)."""
        pool: list[tuple[dict[str, Any], float]] = []
        shapes = set()
        race = self._racing(match)
        covering = loop_boxes(match.state.top_card) if race else frozenset()
        offered = self._pulls(match) and pull_offered(match)
        if offered:
            covering |= diamonds_boxes(match.state.top_card)
        for move in moves:
            if move["type"] == "reveal_card":
                pool.append((move, self._reveal(match)))
            elif move["type"] == "place_block":
                block = get_block(move["block"])
                if (block.colour, block.shape) in shapes:
                    continue  # its twin (same colour and shape) plays the same way
                shapes.add((block.colour, block.shape))
                spots = block_positions(
                    match,
                    move["block"],
                    move["floor"],
                    fragile=saboteur,
                    room=room,
                    wide=wide,
                    covering=covering,
                )
                for at, slack in spots:
                    action = {**{k: v for k, v in move.items() if k != "floor"}, "at": at}
                    steady = min(slack, SLACK_CAP)
                    prior = block.points + (-FRAGILE if saboteur else SLACK_WEIGHT) * steady
                    if race:
                        prior += self._race(match, action, offered)
                    pool.append((action, prior))
        return pool

    def _lay(self, match: CrazyTowerMatch, move: dict[str, Any]) -> dict[str, Any]:
        base = {k: v for k, v in move.items() if k != "card"}
        pool = [
            ({**base, "offset": offset}, SLACK_WEIGHT * min(slack, SLACK_CAP))
            for offset, slack in card_offsets(match)
        ]
        return self._choose(match, pool[: self.level.candidates], saboteur=False)

    def _diamonds(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """Decline, except in the race at lookahead 2 (hard, expert): there a pull of the
        other player's block wins a turn (bots_race.pulls), and one is made when the
        tower keeps its static slack without the block and a rehearsal on a copy drops
        nothing. Elsewhere a pull is worth a point or two, and in benchmarks pulls the
        rollouts called safe still collapsed the tower: a pull has no hand noise to
        rehearse, so every rollout is the same copy, and a copied world is not
        bit-identical to the real one; hence the static margin first."""
        if self._pulls(match):
            for move in pulls(match, moves)[:PULLS_TRIED]:
                if _pull_stands(match, move):
                    return move
        return next(m for m in moves if m["type"] == "skip_removal")

    def _put_back(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A fallen piece goes back where the rollouts say the tower stands best; with no
        tidy spot for any, wider (block_positions ``wide``) before the random player's way."""
        pool = self._put_back_pool(match, moves, wide=False) or self._put_back_pool(
            match, moves, wide=True
        )
        if not pool:
            return self.helper.decide(match)
        pool.sort(key=lambda item: -item[1])
        return self._choose(match, pool[: self.level.candidates], saboteur=False)

    def _put_back_pool(
        self, match: CrazyTowerMatch, moves: list[dict[str, Any]], wide: bool
    ) -> list[tuple[dict[str, Any], float]]:
        pool: list[tuple[dict[str, Any], float]] = []
        for move in moves:
            base = {k: v for k, v in move.items() if k != "floor"}
            if is_card(move["piece"]):
                spots = [("offset", o, s) for o, s in card_offsets(match)]
            else:
                found = block_positions(match, move["piece"], move["floor"], wide=wide)
                spots = [("at", a, s) for a, s in found]
            for key, value, slack in spots:
                pool.append(({**base, key: value}, SLACK_WEIGHT * min(slack, SLACK_CAP)))
        return pool

    def _choose(
        self,
        match: CrazyTowerMatch,
        pool: list[tuple[dict[str, Any], float]],
        saboteur: bool,
        race: bool = False,
    ) -> dict[str, Any]:
        """The pool's best by rollouts; with ``race``, a rollout whose move won a turn
        (its loop box acted; at lookahead 2 also a diamonds box that offers a pull
        winning a turn) gains TEMPO, and a placement that leaves the next player a loop
        box loses it (_race, judged once on the plan)."""
        decision_seed = self.chance.next_u64()
        hand, weight = self.hand, self.level.risk_weight
        hurry = self.pace(match)
        reveal = self._reveal(match)
        # With the deck's odds a reveal is rehearsed: its card laid under the hand's
        # noise, worth the slack it leaves and charged what fell (reveal_rollout).
        rehearsed = self.level.deck_odds and race
        pulled = race and self._pulls(match)  # a diamonds pull is worth a turn too
        tempo = (2 * TEMPO if pulled else TEMPO) if race else 0.0  # a rollout's most
        left: dict[int, float] = {}  # the turn each candidate leaves, judged once
        before = len(match.state.events)

        def simulate(action: dict[str, Any], k: int) -> Sample:
            revealing = action["type"] == "reveal_card"
            if revealing and not rehearsed:
                return Sample(reveal, False, 0)  # nothing moves until the card is laid
            noise = rollout_noise(decision_seed, k, hand, hurry)
            sample, twin = (reveal_rollout if revealing else rollout)(match, action, noise)
            slack = None
            if twin is not None and not collapsed(twin):
                slack = min(tower_slack(twin, []), SLACK_CAP)
            if revealing:
                kept = SLACK_WEIGHT * slack if slack is not None else 0.0
                return Sample(reveal + sample.value + kept, sample.fell, sample.steps)
            value = _value(action, sample.value, slack, saboteur)
            if race and twin is not None and slack is not None:
                if id(action) not in left:
                    gain = TEMPO if takes_loop(match, action) else 0.0
                    left[id(action)] = self._race(match, action) - gain
                value += left[id(action)] + (TEMPO if took_loop(twin, before) else 0.0)
                if pulled and twin.state.phase == DIAMONDS and pulling(twin):
                    value += TEMPO  # its diamonds box acted and a pull wins a turn
            return Sample(value, sample.fell, sample.steps)

        def score(e: Estimate[dict[str, Any]]) -> float:
            return e.mean - weight * e.risk

        top = reveal + (SLACK_WEIGHT * SLACK_CAP if rehearsed else 0.0)  # a reveal's best

        def ceiling(action: dict[str, Any], prior: float, first: Estimate[Any]) -> float:
            return _expected(action, prior, first, saboteur, tempo, top)

        level = self.level
        chosen, self.last_estimates = pick(pool, simulate, score, level, ceiling, CLOSE_ENOUGH)
        return dict(chosen)


def _pull_stands(match: CrazyTowerMatch, move: dict[str, Any]) -> bool:
    """Whether ``move`` (a diamonds pull) drops nothing on a copy and the tower it leaves
    keeps the careful margin of static slack (player.BALANCE_MARGIN)."""
    twin = match.scratch_copy()
    events = len(twin.state.events)
    try:
        twin.perform(move)
    except IllegalMove:
        return False
    if any(e.get("type") == "piece_fell" for e in twin.state.events[events:]):
        return False
    return tower_slack(twin, []) >= BALANCE_MARGIN


def _value(action: dict[str, Any], penalty: float, slack: float | None, saboteur: bool) -> float:
    """What one rollout of ``action`` is worth: its ``penalty`` (0 or less), the block's
    points, and the slack the tower kept (None: it collapsed or the rules refused)."""
    gain = 0.0
    if action["type"] == "place_block":
        gain = get_block(action["block"]).points
    if slack is not None:
        gain += -FRAGILE * slack if saboteur else SLACK_WEIGHT * slack
    return penalty + gain


def _ceiling(
    action: dict[str, Any], saboteur: bool, tempo: float = 0.0, reveal: float = REVEAL
) -> float:
    """The most one rollout of ``action`` can be worth (a saboteur's has no ceiling;
    ``tempo``: what a loop box taken adds in the race; ``reveal``: what a reveal is)."""
    if action["type"] == "reveal_card":
        return reveal
    if saboteur:
        return math.inf
    return _value(action, 0.0, SLACK_CAP, saboteur) + tempo


def pick(
    pool: list[tuple[C, float]],
    simulate: Callable[[C, int], Sample],
    score: Callable[[Estimate[C]], float],
    level: Level,
    ceiling: Callable[[C, float, Estimate[C]], float],
    tolerance: float = 0.0,
) -> tuple[C, list[Estimate[C]]]:
    """The candidate evaluate() and best() choose from ``pool`` (best prior first) at
    ``level``, and the estimates: without rollouts when there is one candidate, without
    the rivals' when the first is unbeatable (_unbeatable); ``ceiling(candidate, prior,
    first)`` is the most one rollout of a candidate can be worth (``first``: the best
    prior's estimate so far). With a ``tolerance``, the first is taken when
    no rival could outscore it by more than that (then a rival evaluate() would have
    chosen scores at most ``tolerance`` more)."""
    if len(pool) == 1:  # nothing to compare: no rollout could change the choice
        return pool[0][0], [Estimate(*pool[0])]
    first, sure = _unbeatable(pool, simulate, score, level.rollouts, ceiling, tolerance)
    if sure:
        return first.candidate, [first, *(Estimate(c, p) for c, p in pool[1:])]
    played = first.samples

    def again(candidate: C, k: int) -> Sample:
        if candidate is first.candidate and k < len(played):
            return played[k]  # evaluate() plays the same rollouts first
        return simulate(candidate, k)

    budget = Budget(level.budget_steps)
    estimates = evaluate(pool, again, budget, level.rollouts, score, level.finalists)
    return best(estimates, score).candidate, estimates


def _expected(
    action: dict[str, Any],
    prior: float,
    first: Estimate[Any],
    saboteur: bool,
    tempo: float = 0.0,
    reveal: float = REVEAL,
) -> float:
    """The most a rival's rollout is taken to be worth: its prior (points and static
    slack), corrected by how far the best prior's rollouts beat or missed its own prior
    (the same tower settles the same way), plus SETTLE_MARGIN cm of slack; never more
    than its ceiling. A falling tower is no worry: the first's falls lower its score."""
    ceiling = _ceiling(action, saboteur, tempo, reveal)
    if saboteur or action["type"] == "reveal_card" or not first.samples:
        return ceiling
    surprise = max(s.value for s in first.samples) - first.prior
    return min(ceiling, prior + surprise + SLACK_WEIGHT * SETTLE_MARGIN)


def _unbeatable(
    pool: list[tuple[C, float]],
    simulate: Callable[[C, int], Sample],
    score: Callable[[Estimate[C]], float],
    rollouts: int,
    ceiling: Callable[[C, float, Estimate[C]], float],
    tolerance: float,
) -> tuple[Estimate[C], bool]:
    """The best prior's rollouts, played first while no rival could outscore it.

    evaluate() plays the best prior first in every round while nothing scores more. If
    after each of its rollouts it scores at least what a rival with as many rollouts
    scores at best (each worth the rivals' highest ceiling), no halving drops
    it, the budget cuts it no shorter than a rival, and best() keeps it (ties go to the
    better prior): evaluate() would choose it, and the rivals need no rollouts. Within
    ``tolerance`` of that score, the rival evaluate() chooses instead scores at most
    ``tolerance`` more. Returns the first's estimate and whether that held."""
    first = Estimate(*pool[0])
    for k in range(rollouts):
        first.samples.append(simulate(first.candidate, k))
        top = max(ceiling(c, p, first) for c, p in pool[1:])
        # a rival's best score with as many rollouts, rounded as Estimate.mean rounds it
        rival = Estimate(None, 0.0, [Sample(top, False, 0)] * (k + 1))
        if not score(first) >= rival.mean - tolerance:
            return first, False
    return first, True


def _bot(seed: int, level_name: str, dexterity: Dexterity | None) -> CrazyTowerPlayer:
    return CrazyTowerBot(seed, level(level_name), dexterity)


# The registry's ``computer`` part (simulator/games/computer_seat.py). Crazy Tower's
# players were always refused at most 8 times in a row before a seat stopped, and the
# recorded and golden games that let them decide replay only with that limit.
COMPUTERS = Computers.of(
    RandomPlayer, _bot, MAX_COMPUTER_DECISIONS, retries=8, last_resort=LastResort
)


def make_player(level_name: str, seed: int, dexterity: Dexterity | None = None) -> CrazyTowerPlayer:
    """A player of a level; ``random`` is the legal random player."""
    player: CrazyTowerPlayer = COMPUTERS.player(level_name, seed, "", dexterity)
    return player
