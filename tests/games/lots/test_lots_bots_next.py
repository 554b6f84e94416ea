"""The next turn a LOTS solo placement leaves, rehearsed physically (bots_next)."""

from __future__ import annotations

from dataclasses import replace

from rules.lots import LotsOptions, legal_moves
from simulator.bots.dexterity import hand_named
from simulator.games.lots.bots_aim import margin_for
from simulator.games.lots.bots_candidates import candidates
from simulator.games.lots.bots_next import next_turn_risk
from simulator.games.lots.bots_risk import rollout_noise
from simulator.games.lots.match import LotsMatch


def _first_placement(footprint: str, seed: int) -> LotsMatch:
    match = LotsMatch(LotsOptions(players=("Solo",), footprint=footprint, seed=seed))
    while match.state.phase not in ("place", "replace"):
        match.perform(legal_moves(match.state)[0])
    return match


def test_the_rehearsed_next_turn_leaves_the_match_as_it_was_and_repeats() -> None:
    match = _first_placement("3B", 7)
    before = match.state_hash()
    hand = hand_named("steady", match.profile.hand_model)
    chosen = candidates(match, hand, rolls=0)[0]

    def noise(i: int):
        return rollout_noise(11, i, hand)

    left = next_turn_risk(match, chosen.placement, noise(99), noise, margin_for(hand), False)
    assert match.state_hash() == before  # rehearsals never touch the match they advise
    assert 0.0 <= left.faces <= 1.0 and 0 <= left.stuck <= len(match.state.banks[0])
    assert left.steps > 0
    again = next_turn_risk(match, chosen.placement, noise(99), noise, margin_for(hand), False)
    assert again == left


def test_a_placement_that_is_refused_leaves_nothing_to_count() -> None:
    match = _first_placement("2B", 3)
    hand = hand_named("steady", match.profile.hand_model)
    chosen = candidates(match, hand, rolls=0)[0]
    # the block far off the lot: the rules refuse it, the rollouts count that
    off = replace(chosen.placement, nudge=40.0)
    left = next_turn_risk(
        match, off, rollout_noise(1, 0, hand), lambda i: rollout_noise(1, i, hand), 0.3, False
    )
    assert (left.faces, left.stuck) == (0.0, 0)
