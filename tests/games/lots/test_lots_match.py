"""The LOTS match: placements through the hand and the physics, judged by the rules."""

from __future__ import annotations

import re

import pytest

from rules.errors import IllegalMove
from rules.lots import LotsOptions
from simulator.games.lots.match import LotsMatch, Placement
from simulator.physics.profile import load_profile


def _match(seed: int = 3, grip: int | None = None, rest: int | None = None) -> LotsMatch:
    """Ann and Ben on footprint 1A; with seed 3 Ben starts, holding blue-1 (an S)."""
    profile = load_profile(grip=grip, rest=rest)
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=seed), profile)
    match.perform({"type": "roll", "player": "Ben"})
    assert match.state.banks[1] == ["blue-1", "blue-2"]
    return match


def test_a_placement_lands_in_the_predicted_cells_and_is_scored() -> None:
    match = _match()
    outcome = match.place(Placement(block="blue-2", col=0))
    assert outcome.fallen == ()
    assert outcome.cells["blue-2"] == {(0, 0), (0, 1), (1, 1), (1, 2)}
    assert match.state.tower["blue-2"] == [[0, 0], [0, 1], [1, 1], [1, 2]]
    assert match.state.banks[1] == ["blue-1"]
    assert match.actions[-1] == {"type": "place", "player": "Ben", "block": "blue-2", "col": 0}


@pytest.mark.parametrize(
    ("placement", "reason"),
    [
        (Placement(block="red-1", col=0), "cannot be placed now"),
        (Placement(block="blue-2", col=4), "would leave footprint 1A"),
        (Placement(block="blue-2", col=0, turns=1, mirror=True, cube="purple-1"), "purple cube"),
        (Placement(block="nonsense-9", col=0), "not a LOTS piece"),
    ],
)
def test_an_illegal_placement_is_refused_and_changes_nothing(
    placement: Placement, reason: str
) -> None:
    match = _match()
    before = match.state_hash()
    with pytest.raises(IllegalMove, match=reason):
        match.place(placement)
    assert match.state_hash() == before
    assert [e.id for e in match.world.dynamic_entries] == []


def test_a_careless_path_sweeps_a_piece_off_and_the_turn_scores_zero() -> None:
    # The first grip carries the orange on after the sweep (grip 2 lets it slip out of
    # the fingers, and it falls too: tests/physics/test_hand.py has the grips' sweeps).
    match = _match(grip=1)
    match.place(Placement(block="blue-2", col=0))
    match.perform({"type": "roll", "player": "Ann"})
    outcome = match.place(Placement(block="orange-1", col=4, travel_height=4.5))
    assert outcome.fallen == ("blue-2",)
    assert "blue-2" not in match.world  # it left the game, and the world
    assert match.state.removed == ["blue-2"]
    (score,) = [e for e in match.state.events if e["type"] == "turn_score" and e["turn"] == 2]
    assert score["accident"] and score["points"] == 0


def test_a_block_nudged_off_the_footprint_is_taken_back_and_placed_again() -> None:
    match = _match()
    # Aimed at columns 4-5 of a 6-wide lot and pushed 1.5 cm right: it comes to rest
    # hanging over the edge, in column 7.
    match.state.banks[1] = ["orange-1", "blue-2"]
    outcome = match.place(Placement(block="orange-1", col=4, nudge=1.5))
    assert outcome.fallen == ("orange-1",)
    assert match.state.phase == "replace"
    (notice,) = [e for e in match.events() if e["type"] == "taken_back"]
    assert notice["piece"] == "orange-1" and "right edge" in notice["reason"]
    match.place(Placement(block="orange-1", col=4))
    assert match.state.phase != "replace"
    assert "orange-1" in match.state.tower


@pytest.mark.parametrize(
    ("nudge", "rest", "kept"), [(0.5, 2, True), (0.5, 3, False), (0.2, 3, True)]
)
def test_a_block_resting_past_the_edge_is_judged_by_its_real_extent_from_rest_3(
    nudge: float, rest: int, kept: bool
) -> None:
    # Pushed 0.5 cm right at the lot's right edge it rests about 0.7 cm out, snapping to
    # columns 4-5 (within half a cell). Rest 2 read only the cells; rest 3 reads the piece, and
    # 0.5 cm is past the rulebook's boundaries (assets/lots/game.toml: 0.25 cm).
    match = _match(rest=rest)
    match.state.banks[1] = ["orange-1", "blue-2"]
    outcome = match.place(Placement(block="orange-1", col=4, nudge=nudge))
    notices = [e for e in match.events() if e["type"] == "taken_back"]
    if kept:
        assert outcome.fallen == () and "orange-1" in match.state.tower and not notices
        shape = match.world.entry("orange-1").world_polygons()
        right = max(x for poly in shape for x, _ in poly)
        # at rest 2 it stays well past the boundaries' 0.25 cm; nudged 0.2 cm, within them
        assert (right - match.lot.right > 0.4) == (nudge == 0.5)
    else:
        assert outcome.fallen == ("orange-1",) and match.state.phase == "replace"
        (notice,) = notices
        assert re.fullmatch(
            r"it sticks out 0\.\d cm past the right edge of the footprint", notice["reason"]
        )


def test_refused_actions_are_logged_in_order_with_the_rules_events() -> None:
    match = _match()
    match.refuse("Ann", "not your turn", 2)
    match.place(Placement(block="blue-2", col=0))
    types = [e["type"] for e in match.events()]
    assert types.index("refused") < types.index("place")
    assert len(match.events()) == len(match.state.events) + 1


@pytest.mark.parametrize("rest", [3, 4])
def test_a_solo_block_taken_back_is_placed_again_from_rest_4(rest: int) -> None:
    # The solo game fails when blocks fall off the tower (lots.txt); a block resting
    # past the lot's outline has not fallen. Rest 3 took it for a fall, and lost.
    match = LotsMatch(
        LotsOptions(players=("Ann",), footprint="1A", seed=3), load_profile(rest=rest)
    )
    match.perform({"type": "roll", "player": "Ann"})
    block = "green-1"  # an L
    assert block in match.state.banks[0]
    before = match.state_hash()
    if rest == 3:
        outcome = match.place(Placement(block=block, col=3, nudge=0.5))
        assert outcome.fallen == (block,) and outcome.taken_back == ()
        assert match.state.over and match.state.events[-1]["reason"] == "solo_fall"
        return
    with pytest.raises(IllegalMove) as refused:
        match.place(Placement(block=block, col=3, nudge=0.5))
    assert re.fullmatch(
        r"the green L came to rest outside the footprint and is taken back \(it sticks out "
        r"0\.\d cm past the right edge of the footprint\): place a block again",
        str(refused.value),
    )
    assert match.state_hash() == before and not match.state.over
    assert [e.id for e in match.world.dynamic_entries] == []  # the world is as it was
    outcome = match.place(Placement(block=block, col=3))
    assert outcome.fallen == () and block in match.state.tower and not match.state.over
