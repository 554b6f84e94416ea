"""Computer players for Crazy Tower that think physically (easy, normal, hard), and the
saboteur's way of playing.

On a turn the bot lists its blocks at their steadiest tidy positions (bots_candidates)
and the option to reveal a floor card, ranks them (block points, then steadiness), and
plays the best few in copies of the match under its dexterity profile (bots_risk). It
keeps the one with the best expected points minus the risk of a fall or a collapse,
within the level's budget of simulated work; a floor card is laid the same way. Put-back
pieces, diamonds removals and exchanges follow the random player's careful rules.

A saboteur (state.saboteur) scores fragility: the less slack the tower keeps after its
move the better, as long as its own rollouts do not collapse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.chance import Chance
from rules.crazy_tower import legal_moves
from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.state import LAY_CARD, PLACE, TURN
from rules.errors import IllegalMove
from simulator.bots.budget import Budget
from simulator.bots.dexterity import Dexterity, draw, get_profile
from simulator.bots.levels import Level, level
from simulator.bots.rollout import Estimate, Sample, best, evaluate
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
        else:
            action = self.helper.decide(match)
        if action["type"] in ("place_block", "lay_card", "replace_piece"):
            action = noisy(action, draw(self.hand, self.chance))  # the real hand
        return action

    # -- choosing -----------------------------------------------------------------------

    def _turn(self, match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> dict[str, Any]:
        saboteur = match.state.saboteur == match.state.current_player
        pool: list[tuple[dict[str, Any], float]] = []
        for move in moves:
            if move["type"] == "reveal_card":
                pool.append((move, REVEAL))
            elif move["type"] == "place_block":
                points = get_block(move["block"]).points
                for at, slack in block_positions(match, move["block"], move["floor"]):
                    action = {k: v for k, v in move.items() if k != "floor"}
                    steady = min(slack, SLACK_CAP)
                    prior = points + (-FRAGILE if saboteur else SLACK_WEIGHT) * steady
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

    def _choose(
        self, match: CrazyTowerMatch, pool: list[tuple[dict[str, Any], float]], saboteur: bool
    ) -> dict[str, Any]:
        decision_seed = self.chance.next_u64()
        hand, weight = self.hand, self.level.risk_weight

        def simulate(action: dict[str, Any], k: int) -> Sample:
            if action["type"] == "reveal_card":
                return Sample(REVEAL, False, 0)  # nothing moves until the card is laid
            sample, twin = rollout(match, action, rollout_noise(decision_seed, k, hand))
            gain = get_block(action["block"]).points if action["type"] == "place_block" else 0.0
            if twin is not None and not collapsed(twin):
                slack = min(tower_slack(twin, []), SLACK_CAP)
                gain += -FRAGILE * slack if saboteur else SLACK_WEIGHT * slack
            return Sample(sample.value + gain, sample.fell, sample.steps)

        def score(e: Estimate[dict[str, Any]]) -> float:
            return e.mean - weight * e.risk

        estimates = evaluate(
            pool, simulate, Budget(self.level.budget_steps), self.level.rollouts, score
        )
        self.last_estimates = estimates
        return dict(best(estimates, score).candidate)


def make_player(level_name: str, seed: int, dexterity: Dexterity | None = None) -> CrazyTowerPlayer:
    """A player of a level; ``random`` is the legal random player."""
    if level_name == "random":
        return RandomPlayer(seed)
    return CrazyTowerBot(seed, level(level_name), dexterity)
