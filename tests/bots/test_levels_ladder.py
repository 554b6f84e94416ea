"""The bot levels as a ladder: the strongest level thinks more than hard, keeps air for
the spread its hand has at its own careful pace, and every game's bots accept it."""

from __future__ import annotations

import pytest

from rules.lots import LotsOptions, legal_moves
from simulator.bots.dexterity import get_profile, hand_named
from simulator.bots.levels import LEVEL_NAMES, LEVELS, level, seat_levels
from simulator.games.lots.bots import LotsBot
from simulator.games.lots.bots_aim import at_pace, margin_for
from simulator.games.lots.match import LotsMatch
from simulator.games.registry import GAMES


def test_expert_is_the_last_level_and_thinks_more_than_hard() -> None:
    assert LEVEL_NAMES[-2:] == ("hard", "expert")
    assert set(LEVELS) == set(LEVEL_NAMES) - {"random"}
    hard, expert = level("hard"), level("expert")
    assert expert.candidates > hard.candidates and expert.rollouts > hard.rollouts
    assert expert.budget_steps > hard.budget_steps and expert.finalists > hard.finalists
    assert expert.paced_margins and not hard.paced_margins
    assert seat_levels("expert", ["2=hard"], 2) == {0: "expert", 1: "hard"}


def test_a_careful_pace_narrows_a_model_two_hands_margin() -> None:
    hand = hand_named("steady", 2)
    careful, own, hasty = (margin_for(at_pace(hand, pace)) for pace in (0.8, 1.0, 1.2))
    assert careful < own / 2 < hasty / 2
    assert own == pytest.approx(margin_for(hand))
    old = get_profile("steady")  # a model-1 profile has one spread at any pace
    assert at_pace(old, 0.8) == old


def test_expert_aims_for_its_careful_hand_and_hard_for_its_own_pace() -> None:
    match = LotsMatch(LotsOptions(players=("Solo",), footprint="2B", seed=3))
    expert, hard = LotsBot(1, level("expert")), LotsBot(1, level("hard"))
    for bot in (expert, hard):
        bot._model = match.profile.hand_model
    assert match.profile.hand_model == 2
    assert margin_for(expert.aiming_hand) < margin_for(hard.aiming_hand)
    assert margin_for(hard.aiming_hand) == margin_for(hard.hand)


@pytest.mark.parametrize("game", ["lots", "crazy-tower", "filled-in"])
def test_every_game_seats_an_expert(game: str) -> None:
    computers = GAMES.get(game).load("computer")
    player = computers.player("expert", 5, "Computer", None)
    assert callable(player.decide)


def test_an_expert_solo_decision_repeats_and_leaves_the_match_as_it_was() -> None:
    def first_decision() -> tuple[object, str, str]:
        match = LotsMatch(LotsOptions(players=("Solo",), footprint="2B", seed=6))
        while match.state.phase != "place":
            match.perform(legal_moves(match.state)[0])
        before = match.state_hash()
        return LotsBot(6, level("expert")).decide(match), before, match.state_hash()

    decision, before, after = first_decision()
    assert decision[0] == "place" and before == after  # the rehearsals ran in copies
    assert first_decision()[0] == decision
