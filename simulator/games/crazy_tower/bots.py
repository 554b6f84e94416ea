"""Computer players for Crazy Tower that think physically (easy, normal, hard), and the
saboteur's way of playing.

On a turn the bot lists its blocks at their steadiest tidy positions (bots_candidates)
and the option to reveal a floor card, ranks them (block points, then steadiness), and
plays the best few in copies of the match under its dexterity profile (bots_risk). It
keeps the one with the best expected points minus the risk of a fall or a collapse,
within the level's budget of simulated work; a floor card is laid the same way. Put-back
pieces are placed by rollouts too; diamonds removals are declined (see _diamonds);
exchanges follow the random player.

A saboteur (state.saboteur) scores fragility: the less slack the tower keeps after its
move the better, as long as its own rollouts do not collapse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.chance import Chance
from rules.crazy_tower import legal_moves
from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.state import DIAMONDS, LAY_CARD, PLACE, REPLACE, TURN
from rules.errors import IllegalMove
from simulator.bots.budget import Budget
from simulator.bots.dexterity import Dexterity, draw, get_profile
from simulator.bots.levels import Level, level
from simulator.bots.rollout import Estimate, Sample, best, evaluate
from simulator.games.crazy_tower.bodies import is_card
from simulator.games.crazy_tower.bots_candidates import block_positions, card_offsets
from simulator.games.crazy_tower.bots_risk import collapsed, noisy, rollout
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import CrazyTowerPlayer, RandomPlayer, tower_slack
from simulator.games.lots.bots_risk import rollout_noise

BOT_SALT = 0xB07C
REVEAL = 1.5  # what revealing a floor card is worth: room for more blocks later
SLACK_WEIGHT = 0.3  # points per cm of slack (capped) in the prior
SLACK_CAP = 3.0
FRAGILE = 1.0  # saboteur: points per cm of slack taken from the tower


@dataclass
class CrazyTowerBot:
    seed: int
    level: Level
    dexterity: Dexterity | None = None
    chance: Chance = field(init=False)
    helper: RandomPlayer = field(init=False)
    last_estimates: list[Estimate[dict[str, Any]]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.chance = Chance.from_seed(self.seed).fork(BOT_SALT)
        self.helper = RandomPlayer(self.seed)
        if self.dexterity is None:
            self.dexterity = get_profile(self.level.dexterity)

    @property
    def hand(self) -> Dexterity:
        assert self.dexterity is not None
        return self.dexterity

    def decide(self, match: CrazyTowerMatch) -> dict[str, Any]:
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
        if action["type"] in ("place_block", "lay_card", "replace_piece"):
            action = noisy(action, draw(self.hand, self.chance))  # the real hand
        return action

    # -- choosing -----------------------------------------------------------------------

    def _turn(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        saboteur = match.state.saboteur == match.state.current_player
        pool: list[tuple[dict[str, Any], float]] = []
        shapes = set()
        for move in moves:
            if move["type"] == "reveal_card":
                pool.append((move, REVEAL))
            elif move["type"] == "place_block":
                block = get_block(move["block"])
                if (block.colour, block.shape) in shapes:
                    continue  # its twin (same colour and shape) plays the same way
                shapes.add((block.colour, block.shape))
                spots = block_positions(match, move["block"], move["floor"], fragile=saboteur)
                for at, slack in spots:
                    action = {k: v for k, v in move.items() if k != "floor"}
                    steady = min(slack, SLACK_CAP)
                    prior = block.points + (-FRAGILE if saboteur else SLACK_WEIGHT) * steady
                    pool.append(({**action, "at": at}, prior))
        if not pool:
            return self.helper.decide(match)  # no tidy spot anywhere: as the random player
        pool.sort(key=lambda item: -item[1])
        return self._choose(match, pool[: self.level.candidates], saboteur)

    def _lay(self, match: CrazyTowerMatch, move: dict[str, Any]) -> dict[str, Any]:
        base = {k: v for k, v in move.items() if k != "card"}
        pool = [
            ({**base, "offset": offset}, SLACK_WEIGHT * min(slack, SLACK_CAP))
            for offset, slack in card_offsets(match)
        ]
        return self._choose(match, pool[: self.level.candidates], saboteur=False)

    def _diamonds(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """Decline: a pull is worth a point or two (the block goes back to its owner's
        hand), and in benchmarks pulls the rollouts called safe still collapsed the
        tower: a pull has no hand noise to rehearse, so every rollout is the same copy,
        and a copied world is not bit-identical to the real one."""
        return next(m for m in moves if m["type"] == "skip_removal")

    def _put_back(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A fallen piece goes back where the rollouts say the tower stands best."""
        pool: list[tuple[dict[str, Any], float]] = []
        for move in moves:
            base = {k: v for k, v in move.items() if k != "floor"}
            if is_card(move["piece"]):
                spots = [("offset", o, s) for o, s in card_offsets(match)]
            else:
                found = block_positions(match, move["piece"], move["floor"])
                spots = [("at", a, s) for a, s in found]
            for key, value, slack in spots:
                pool.append(({**base, key: value}, SLACK_WEIGHT * min(slack, SLACK_CAP)))
        if not pool:
            return self.helper.decide(match)
        pool.sort(key=lambda item: -item[1])
        return self._choose(match, pool[: self.level.candidates], saboteur=False)

    def _choose(
        self, match: CrazyTowerMatch, pool: list[tuple[dict[str, Any], float]], saboteur: bool
    ) -> dict[str, Any]:
        decision_seed = self.chance.next_u64()
        hand, weight = self.hand, self.level.risk_weight

        def simulate(action: dict[str, Any], k: int) -> Sample:
            if action["type"] == "reveal_card":
                return Sample(REVEAL, False, 0)  # nothing moves until the card is laid
            sample, twin = rollout(match, action, rollout_noise(decision_seed, k, hand))
            gain = 0.0
            if action["type"] == "place_block":
                gain = get_block(action["block"]).points
            if twin is not None and not collapsed(twin):
                slack = min(tower_slack(twin, []), SLACK_CAP)
                gain += -FRAGILE * slack if saboteur else SLACK_WEIGHT * slack
            return Sample(sample.value + gain, sample.fell, sample.steps)

        def score(e: Estimate[dict[str, Any]]) -> float:
            return e.mean - weight * e.risk

        estimates = evaluate(
            pool,
            simulate,
            Budget(self.level.budget_steps),
            self.level.rollouts,
            score,
            self.level.finalists,
        )
        self.last_estimates = estimates
        return dict(best(estimates, score).candidate)


def make_player(level_name: str, seed: int, dexterity: Dexterity | None = None) -> CrazyTowerPlayer:
    """A player of a level; ``random`` is the legal random player."""
    if level_name == "random":
        return RandomPlayer(seed)
    return CrazyTowerBot(seed, level(level_name), dexterity)
