"""Computer players for LOTS that think physically (levels easy, normal, hard, expert).

A placement decision: plan every drop of the bank's blocks on the grid, as many rolls
ahead as the level looks (bots_plan), aim each at the gap the real bodies leave
(bots_aim, bots_candidates), then play the best few in copies of the match under the
bot's own dexterity profile (bots_risk) and keep the one with the best expected value
minus the risk of a fall, within the level's budget of simulated work. The chosen
placement is then performed with a fresh noise draw from the bot's stream, recorded
in the action, so the game replays without the bot.

Discrete decisions follow simple rules: roll, take the pile whose block plans best
(for another player, the worst), play an after-score or win-stealing crew card
whenever the rules open the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.lots import legal_moves
from simulator.bots.budget import Budget
from simulator.bots.dexterity import Dexterity, draw, get_profile, in_model
from simulator.bots.levels import Level, level
from simulator.bots.rollout import Estimate, Sample, best, evaluate
from simulator.games.computer_seat import Computers
from simulator.games.lots.bots_aim import at_pace, margin_for
from simulator.games.lots.bots_candidates import (
    Candidate,
    candidates,
    planning_board,
    sides_count,
)
from simulator.games.lots.bots_next import next_turn_risk
from simulator.games.lots.bots_plan import WIN, plan
from simulator.games.lots.bots_risk import (
    SOLO_FALL,
    TAIL,
    noisy,
    rollout,
    rollout_noise,
    stress_falls,
)
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.player import Decision, LotsPlayer, RandomPlayer, apply_decision
from simulator.games.lots.resort import LastResort
from simulator.games.lots.scenario import MAX_COMPUTER_DECISIONS

BOT_SALT = 0xB07
# A solo rollout that wins: above any plan's value (a win later is worth at most WIN
# and a few points), but only by a tenth, about how often the bodies refuse a planned
# move: a plan's win next turn is not sure either. At twice WIN, a win now that fell in
# a quarter of its rollouts beat a move that always stood and whose plan wins next turn
# for most rolls (1A seed 14 at 34 points), and a game is lost on every such fall.
SOLO_WON = 1.1 * WIN
GIVE_UP_RISK = 0.5
# Solo, a next roll on whose block every good drop fell in its rehearsal (bots_next):
# half a fall now, as the next turn has its own rollouts and other drops to try.
NEXT_FALL = SOLO_FALL / 2
# A block kept in the bank with no drop that stands on the tower left: it must go down
# some day (LOTS solo 3B seed 7: two S blocks kept until both had to go, and fell).
KEPT_STUCK = SOLO_FALL / 4
# The rollout streams the next turn's rehearsals draw from (past any level's rollouts).
FOLLOW_KEY = 64


@dataclass
class LotsBot:
    seed: int
    level: Level
    dexterity: Dexterity | None = None  # None: the level's own hand
    # Hand model 2: how many times its own pace the hand moves (None: the level's pace;
    # LOTS has no clock to beat). docs/bots.md, "Hurry".
    hurry: float | None = None
    # The hand whose margins the aim keeps, if not its own: a seat of the research
    # environment, whose careful aim (bots_candidates.careful_nudge) keeps its profile's.
    aim_hand: Dexterity | None = None
    chance: Chance = field(init=False)
    last_estimates: list[Estimate[Candidate]] = field(init=False, default_factory=list)
    # Placements the rules refused after the physics ran, for the position they were
    # tried in: asked again in the same position, the bot tries something else.
    _tried: tuple[str, set[Placement]] = field(init=False, default_factory=lambda: ("", set()))
    # The hand model of the match deciding now (its [physics] hand_model): how the hand
    # named ``dexterity`` draws its noise there.
    _model: int = field(init=False, default=1)

    def __post_init__(self) -> None:
        self.chance = Chance.from_seed(self.seed).fork(BOT_SALT)
        if self.dexterity is None:
            self.dexterity = get_profile(self.level.dexterity)

    @property
    def hand(self) -> Dexterity:
        """The bot's hand as the match deciding now draws it (its hand model)."""
        assert self.dexterity is not None
        return in_model(self.dexterity, self._model)

    @property
    def aiming_hand(self) -> Dexterity:
        """The hand whose spread the aim and the planner keep air for: at the bot's own
        pace where its level says so (Level.paced_margins), else at the hand's."""
        if self.aim_hand is not None:
            return self.aim_hand
        if self.level.paced_margins:
            return at_pace(self.hand, self.pace)
        return self.hand

    @property
    def pace(self) -> float:
        return self.level.hurry if self.hurry is None else self.hurry

    def decide(self, match: LotsMatch) -> Decision:
        self._model = match.profile.hand_model
        state = match.state
        if state.phase in ("place", "replace"):
            return "place", self._place(match)
        moves = list(legal_moves(state))
        if not moves:
            raise IllegalMove(f"no legal decision in phase {state.phase}")
        return "move", self._discrete(match, moves)

    # -- placements ---------------------------------------------------------------------

    def _place(self, match: LotsMatch) -> Placement:
        found = candidates(match, self.aiming_hand, rolls=self.level.lookahead)
        position = f"{match.state.digest()}/{len(match.actions)}"
        if self._tried[0] != position:
            self._tried = (position, set())
        found = [c for c in found if c.placement not in self._tried[1]] or found
        if not found:
            raise IllegalMove("no legal spot for any block in the bank")
        size = self.level.candidates
        chosen = self.choose(match, found[:size])
        tried = list(self.last_estimates)
        # A piece being put back that would likely fall again: look further down the
        # list, a batch at a time, each with its own budget.
        for batch in range(1, self.level.retry_batches + 1):
            if _risk(tried, chosen) < GIVE_UP_RISK or batch * size >= len(found):
                break
            if match.state.phase != "replace":
                break  # measured: looking further for a normal turn loses points
            more = self.choose(match, found[batch * size : (batch + 1) * size])
            tried += self.last_estimates
            if _risk(tried, more) < _risk(tried, chosen):
                chosen = more
        self.last_estimates = tried
        self._tried[1].add(chosen.placement)
        # The real hand: its own draw, recorded in the placement.
        try:
            reach: tuple[float, float] | None = match.reach(chosen.placement)
        except IllegalMove:  # the rules will refuse it anyway: any reach will do
            reach = None
        return noisy(chosen.placement, draw(self.hand, self.chance, reach, self.pace))

    def choose(self, match: LotsMatch, pool: list[Candidate]) -> Candidate:
        """The candidate with the best expected value after rollouts."""
        decision_seed = self.chance.next_u64()  # one per decision: common noise
        hand = self.hand
        weight = self.level.risk_weight

        solo = match.state.solo
        copies = match.scratch_copies()  # every rollout starts from this position

        def simulate(candidate: Candidate, k: int) -> Sample:
            noise = rollout_noise(decision_seed, k, hand, self.pace)
            sample = rollout(match, candidate.placement, noise, copies)
            if solo and sample.fell:
                return sample  # the game is lost: no future to count
            if sample.won:
                # Points beyond the target are worth nothing, and a win now beats any
                # plan's promise of one later; winners differ by the tower they leave
                # (the plan's steadiness) and how tight their aim is.
                return replace(sample, value=SOLO_WON + candidate.shape - WIN)
            # the plan's future stays: the rollout measures now, the plan what follows
            return replace(sample, value=sample.value + candidate.shape)

        def score(e: Estimate[Candidate]) -> float:
            return e.mean - weight * e.risk

        estimates = evaluate(
            [(c, c.prior) for c in pool],
            simulate,
            Budget(self.level.budget_steps),
            self.level.rollouts,
            score,
            self.level.finalists,
        )
        self.last_estimates = estimates
        if not (solo and self.level.stress):
            return best(estimates, score).candidate
        # Solo, a fall loses the game: the two best are also tried in the tails of the
        # hand's spread, and a fall there costs the share of draws that far out (beyond
        # the budget: at most four more placements).
        # the tails of the spread the hand places with
        spread = at_pace(hand, self.pace) if self.level.paced_margins else hand
        most = max(e.n for e in estimates)
        finalists = sorted((e for e in estimates if e.n == most), key=score, reverse=True)

        aiming = self.aiming_hand
        margin, sides = margin_for(aiming), sides_count(aiming)

        def stressed(e: Estimate[Candidate]) -> float:
            falls = 0
            if e.risk < 1.0:
                falls = stress_falls(match, e.candidate.placement, spread, copies)
            value = score(e) - falls * TAIL * (SOLO_FALL + max(e.mean, 0.0))
            if self.level.followups and e.risk < 1.0:
                # What it leaves: the next roll's blocks rehearsed on the tower it stands.
                left = next_turn_risk(
                    match,
                    e.candidate.placement,
                    rollout_noise(decision_seed, FOLLOW_KEY, hand, self.pace),
                    lambda i: rollout_noise(decision_seed, FOLLOW_KEY + 1 + i, hand, self.pace),
                    margin,
                    sides,
                )
                value -= NEXT_FALL * left.faces + KEPT_STUCK * left.stuck
            return value

        final = self._final(estimates, finalists, score)
        if self.level.followups:
            return max(final, key=stressed).candidate

        # Hard: a tail's fall costs at most a little (two tries a candidate), so a first
        # finalist ahead of the rest by more than that wins untried, and a rival that
        # could not beat the stressed best even unharmed is not tried: the same choice
        # as trying them all, for up to four placements less.
        def harm(e: Estimate[Candidate]) -> float:
            return 2 * TAIL * (SOLO_FALL + max(e.mean, 0.0))

        return lazy_best(final, score, stressed, harm).candidate

    def _final(
        self,
        estimates: list[Estimate[Candidate]],
        finalists: list[Estimate[Candidate]],
        score: Callable[[Estimate[Candidate]], float],
    ) -> list[Estimate[Candidate]]:
        """The candidates the final choice is made among: the two best finalists; with
        followups, the best ``followups`` different drops that stood in most of at least
        two rollouts (the finalists are often one drop aimed twice, and what a drop
        leaves the next turn is what tells drops apart)."""
        if not self.level.followups:
            return finalists[:2]
        out: list[Estimate[Candidate]] = []
        seen: set[tuple[str | None, int, int, bool]] = set()
        tried = (e for e in estimates if e.n >= 2 and e.risk < GIVE_UP_RISK)
        for e in sorted(tried, key=score, reverse=True):
            p = e.candidate.placement
            if (p.block, p.col, p.turns, p.mirror) not in seen:
                seen.add((p.block, p.col, p.turns, p.mirror))
                out.append(e)
            if len(out) == self.level.followups:
                break
        return out or finalists[:2]

    # -- discrete decisions -------------------------------------------------------------

    def _discrete(self, match: LotsMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        state = match.state
        crew = [m for m in moves if m["type"] == "play_crew"]
        if state.phase in ("bonus", "steal") and crew:
            return crew[0]  # the window opens only when the card is playable: take it
        if state.phase == "supply":
            # the pile whose block plans best for the recipient (worst, for another)
            sign = 1.0 if state.pending[0]["recipient"] == state.to_act else -1.0
            return max(moves, key=lambda m: sign * self._pile_value(match, m["colour"]))
        for kind in ("roll", "pass"):
            for move in moves:
                if move["type"] == kind:
                    return move
        return moves[0]  # give_crew: the first card

    def _pile_value(self, match: LotsMatch, colour: str) -> float:
        """How well the top block of a pile could be placed now, by the grid planner."""
        state = match.state
        pile = state.supply.get(colour) or []
        if not pile:
            return float("-inf")
        plans = plan(
            state, planning_board(match), [pile[-1]], sides_count(self.aiming_hand), ahead=False
        )
        return plans[0].value if plans else float("-inf")


def lazy_best(
    final: list[Estimate[Candidate]],
    score: Callable[[Estimate[Candidate]], float],
    stressed: Callable[[Estimate[Candidate]], float],
    harm: Callable[[Estimate[Candidate]], float],
) -> Estimate[Candidate]:
    """``max(final, key=stressed)`` (the first on ties) where ``score(e) - harm(e) <=
    stressed(e) <= score(e)``, calling ``stressed`` only where it can change the answer."""
    first, rivals = final[0], final[1:]
    if not rivals or score(first) - harm(first) >= max(score(e) for e in rivals):
        return first
    best, value = first, stressed(first)
    for e in rivals:
        if score(e) > value:  # unharmed, it could win; at best a tie keeps the earlier
            now = stressed(e)
            if now > value:
                best, value = e, now
    return best


def _risk(estimates: list[Estimate[Candidate]], candidate: Candidate) -> float:
    return next(e.risk for e in estimates if e.candidate is candidate)


def _bot(seed: int, level_name: str, dexterity: Dexterity | None) -> LotsPlayer:
    return LotsBot(seed, level(level_name), dexterity)


# The registry's ``computer`` part (simulator/games/computer_seat.py).
COMPUTERS = Computers.of(
    RandomPlayer, _bot, MAX_COMPUTER_DECISIONS, apply_decision, last_resort=LastResort
)


def make_player(level_name: str, seed: int, dexterity: Dexterity | None = None) -> LotsPlayer:
    """A player of a level; ``random`` is the legal random player."""
    player: LotsPlayer = COMPUTERS.player(level_name, seed, "", dexterity)
    return player
