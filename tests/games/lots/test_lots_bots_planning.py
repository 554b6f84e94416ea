"""How the LOTS bots plan and aim: the grid planner (points, holes, tipping, the solo
touch), the aim beside real bodies, and what that aim is worth to a noisy hand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from rules.chance import Chance
from rules.errors import IllegalMove
from rules.footprints import get_footprint
from rules.lots import LotsOptions, new_game
from simulator.bots.dexterity import Jitter, draw, get_profile
from simulator.bots.levels import level
from simulator.bots.rollout import Sample
from simulator.games.lots import bots
from simulator.games.lots.bots import LotsBot
from simulator.games.lots.bots_aim import INTRUDE, TILT, aim, margin_for
from simulator.games.lots.bots_candidates import Candidate, blocked_spots, candidates
from simulator.games.lots.bots_grid import Board, Drop, dead_rows, drops, load_margin, points
from simulator.games.lots.bots_plan import WIN, Outlook, _best_turn, plan, solo_colour
from simulator.games.lots.bots_risk import SOLO_FALL, noisy, rollout, stress_falls
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.player import standing_fill
from simulator.games.runner import perform
from simulator.physics.profile import load_profile

FOOTPRINT = get_footprint("1A")


def _board(**tower: list[tuple[int, int]]) -> Board:
    return Board.of(FOOTPRINT, {piece.replace("_", "-"): cells for piece, cells in tower.items()})


# -- the grid ------------------------------------------------------------------------


def test_a_piece_whose_load_stands_over_the_edge_of_its_support_tips() -> None:
    column = [(0, 2), (1, 2), (2, 2), (3, 2)]  # an upright I in column 2
    on_edge = _board(red_1=column, orange_1=[(4, 2), (4, 3), (5, 2), (5, 3)])
    assert load_margin(on_edge) == 0.0  # the O's centre stands over the I's right edge
    on_stem = _board(red_1=column, yellow_1=[(4, 2), (5, 1), (5, 2), (5, 3)])
    assert load_margin(on_stem) == 0.5  # a T on its stem is centred on the I
    lying = _board(red_1=column, red_2=[(4, 2), (4, 3), (4, 4), (4, 5)])
    assert load_margin(lying) < 0  # an I lying on the column's top from its left end


def test_a_load_on_the_line_between_two_supports_is_shared() -> None:
    # two upright I's side by side carry an O across both: each takes half of it at
    # their common edge, which leaves each a third of a cell inside its own edge
    board = _board(
        red_1=[(0, 2), (1, 2), (2, 2), (3, 2)],
        red_2=[(0, 3), (1, 3), (2, 3), (3, 3)],
        orange_1=[(4, 2), (4, 3), (5, 2), (5, 3)],
    )
    assert load_margin(board) == pytest.approx(1 / 3)


def test_a_covered_hole_spoils_its_row_and_side_matches_need_a_steady_hand() -> None:
    board = _board(green_1=[(0, 0), (0, 1), (0, 2), (1, 2)], green_2=[(1, 0), (1, 1), (2, 1)])
    assert dead_rows(board) == 0
    assert dead_rows(board.with_piece("red-1", frozenset({(1, 3), (1, 4), (1, 5), (2, 5)}))) == 1
    beside = frozenset({(0, 3), (0, 4), (0, 5), (1, 3)})  # an L beside green-1's foot
    assert points(board, "green-3", beside, sides=False) == (1, 0)  # a floor, no match
    assert points(board, "green-3", beside, sides=True) == (1, 1)
    on_top = frozenset({(3, 1), (3, 2), (3, 3), (4, 3)})  # resting on green-2
    assert points(board, "green-3", on_top, sides=False) == (0, 1)


# -- the planner ---------------------------------------------------------------------


def _solo(seed: int = 4) -> LotsMatch:
    match = LotsMatch(LotsOptions(players=("Solo",), footprint="1A", seed=seed))
    while match.state.phase != "place":
        match.perform({"type": "roll", "player": 0})
    return match


def test_solo_plans_for_a_steady_hand_rest_on_the_last_block() -> None:
    match = _solo()
    block = match.state.banks[0][0]
    match.place(Placement(block=block, col=0))
    match.perform({"type": "roll", "player": 0})
    state = match.state
    last = {tuple(c) for c in state.tower[block]}
    plans = plan(state, Board.of(FOOTPRINT, state.tower), state.banks[0], sides=False)
    assert plans
    assert all(any((r - 1, c) in last for r, c in p.drop.cells) for p in plans)
    beside = plan(state, Board.of(FOOTPRINT, state.tower), state.banks[0], sides=True)
    assert len(beside) > len(plans)  # a surgeon's hand may also meet it side by side


def test_the_plan_that_reaches_the_target_is_worth_a_win() -> None:
    state = new_game(LotsOptions(players=("Solo",), footprint="1A", seed=4))
    state.stage, state.pending = "place", []
    state.banks[0] = ["red-1"]
    state.scores[0] = state.target - 5
    state.last_block = None
    board = _board(orange_1=[(0, 0), (0, 1), (1, 0), (1, 1)])
    best = plan(state, board, ["red-1"], sides=False)[0]
    assert best.points == 5 and best.value >= WIN
    assert best.drop.cells == {(0, 2), (0, 3), (0, 4), (0, 5)}


def test_the_solo_die_follows_the_marker() -> None:
    state = new_game(LotsOptions(players=("Solo",), footprint="1A", seed=4))
    outlook = Outlook.of(state, sides=False)
    outlook = Outlook(True, 40, False, {**outlook.supply, "orange": ()}, "orange")
    # the cube settles at yellow, the next pile, before a wild face moves it on once more
    assert solo_colour(outlook, "?") == "green"
    assert solo_colour(outlook, "O") == "yellow"  # an empty pile: the cube's pile
    assert solo_colour(outlook, "I") == "red"


# -- the aim -------------------------------------------------------------------------


def _beside_a_block() -> tuple[LotsMatch, Placement]:
    """Ben's S stands in columns 3-5; Ann holds an O for columns 1-2, flush against it."""
    options = LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=3)
    match = LotsMatch(
        options,
        load_profile(grip=1),
        # grip 1: what this test describes was measured with it (grip 2 differs)
    )
    match.perform({"type": "roll", "player": "Ben"})
    match.place(Placement(block="blue-2", col=3))
    match.perform({"type": "roll", "player": "Ann"})
    return match, Placement(block="orange-1", col=1)


def _o_drop(match: LotsMatch) -> Drop:
    board = Board.of(FOOTPRINT, match.state.tower)
    return next(d for d in drops(board, "orange-1") if (d.col, d.turns) == (1, 0))


def test_the_aim_keeps_a_margin_from_a_wall_and_hugs_within_the_touching_gap() -> None:
    match, _ = _beside_a_block()
    drop = _o_drop(match)
    steady = margin_for(get_profile("steady"))
    aimed = aim(match, "orange-1", drop, steady)
    assert aimed.fits and aimed.nudge <= -steady + 1e-3  # away from the S, to the left
    surgeon = margin_for(get_profile("surgeon"))
    hugging = aim(match, "orange-1", drop, surgeon, hug={"blue-2"})
    assert -0.1 < hugging.nudge < 0
    hand = get_profile("surgeon")
    for k in range(4):  # a surgeon's hand aimed there touches the S (within 0.1 cm)
        twin = match.scratch_copy()
        placement = Placement(block="orange-1", col=1, nudge=hugging.nudge)
        outcome = twin.place(noisy(placement, draw(hand, Chance.from_seed(k))))
        assert frozenset({"orange-1", "blue-2"}) in outcome.touching
    assert standing_fill(match, INTRUDE, TILT) >= {(0, 3), (0, 4), (1, 4), (1, 5)}


def test_a_drop_through_a_standing_body_does_not_fit() -> None:
    match, _ = _beside_a_block()
    # the I lying across columns 0-3 would have to pass through the S's foot
    drop = Drop("red-1", 0, 0, False, frozenset({(0, 0), (0, 1), (0, 2), (0, 3)}), 0)
    assert not aim(match, "red-1", drop, 0.1).fits


def _hangs(match: LotsMatch, placement: Placement, draws: int) -> int:
    """How many of ``draws`` steady-hand placements leave the O tilted or fallen."""
    bad = 0
    hand = get_profile("steady")
    for k in range(draws):
        twin = match.scratch_copy()
        outcome = twin.place(noisy(placement, draw(hand, Chance.from_seed(k))))
        if outcome.fallen:  # fallen pieces leave the world
            bad += 1
        else:
            bad += abs(math.degrees(twin.world.entry("orange-1").body.angle)) > 1.0
    return bad


def test_a_steady_hand_aimed_off_the_wall_does_not_catch_its_corner() -> None:
    match, flush = _beside_a_block()
    aimed = aim(match, "orange-1", _o_drop(match), margin_for(get_profile("steady")))
    assert _hangs(match, Placement(block="orange-1", col=1, nudge=aimed.nudge), 16) == 0
    assert _hangs(match, flush, 16) >= 2  # flush on the grid it may land on the S's corner


@pytest.mark.parametrize(("nudge", "narrowed"), [(-0.06, True), (0.0, False)])
def test_a_slot_the_bodies_have_narrowed_is_left_out_of_the_turns_ahead(
    nudge: float, narrowed: bool
) -> None:
    """Column 1 is left between an upright I and an O; rows 0 and 1 lack only it, so an
    I stood in it would make two floors. With the O standing 0.06 cm left of its cells
    the slot is 2.44 cm wide and no piece goes down it: the planner's next turn must
    not count on it."""
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=6))
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="red-1", col=0, turns=1))
    match.perform({"type": "roll", "player": "Ben"})
    match.place(Placement(block="orange-1", col=2, nudge=nudge))
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="orange-2", col=4))
    board = Board.of(FOOTPRINT, match.state.tower)
    blocked = blocked_spots(match, board)
    upright = frozenset({(0, 1), (1, 1), (2, 1), (3, 1)})
    assert (upright in blocked) is narrowed
    assert all(any(c == 1 for _, c in spot) for spot in blocked)  # only the slot's
    outlook = Outlook.of(match.state, True, blocked)
    value = _best_turn(outlook, board, None, ["red-3"], 0, True, 1)
    assert (value < 10) is narrowed  # two floors, or the best the I can do elsewhere


def test_a_slot_narrower_than_the_piece_is_left_out_when_the_hand_wants_air() -> None:
    """The O stands 0.01 cm into column 1: the slot is 2.49 cm wide. The bodies give
    0.02 cm, so an upright I still goes down it, but not with a surgeon's 0.036 cm of
    air beside it, which is what solo's turns ahead count on."""
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=6))
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="red-1", col=0, turns=1))
    match.perform({"type": "roll", "player": "Ben"})
    match.place(Placement(block="orange-1", col=2, nudge=-0.01))
    board = Board.of(FOOTPRINT, match.state.tower)
    upright = frozenset({(0, 1), (1, 1), (2, 1), (3, 1)})
    assert upright not in blocked_spots(match, board)
    assert upright in blocked_spots(match, board, margin_for(get_profile("surgeon")))


def test_hard_plays_with_a_surgeons_hand() -> None:
    assert level("hard").dexterity == "surgeon"
    assert level("hard").stress and not level("normal").stress  # solo stress test
    assert margin_for(get_profile("surgeon")) < margin_for(get_profile("steady"))


@pytest.mark.parametrize(
    ("i_col", "o_col", "carried", "side"),
    [(0, 3, 3, -1), (2, 1, 2, +1)],  # the I's right end: aimed left; its left end: right
)
def test_a_piece_on_the_edge_of_its_support_is_aimed_inside_it(
    i_col: int, o_col: int, carried: int, side: int
) -> None:
    """An O over the end of an I lying flat rests on one column: aimed on the grid its
    weight stands right over the I's corner; the aim moves it 0.15 of a cell in."""
    options = LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=6)
    match = LotsMatch(
        options,
        load_profile(grip=1),
        # grip 1: what this test describes was measured with it (grip 2 differs)
    )
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="red-1", col=i_col))  # the I lying across four columns
    match.perform({"type": "roll", "player": "Ben"})  # Ben holds orange-1
    board = Board.of(FOOTPRINT, match.state.tower)
    drop = next(d for d in drops(board, "orange-1") if (d.col, d.turns) == (o_col, 0))
    assert {c for r, c in drop.cells if r == 1 and (0, c) in board.owner} == {carried}
    surgeon = get_profile("surgeon")
    aimed = aim(match, "orange-1", drop, margin_for(surgeon))
    cell = match.lot.grid.cell
    assert aimed.fits and aimed.nudge == pytest.approx(side * 0.15 * cell, abs=0.02)
    for k in range(4):
        twin = match.scratch_copy()
        placement = Placement(block="orange-1", col=o_col, nudge=aimed.nudge)
        outcome = twin.place(noisy(placement, draw(surgeon, Chance.from_seed(k))))
        assert not outcome.fallen
        assert abs(math.degrees(twin.world.entry("orange-1").body.angle)) < 1.0
    # on the grid it tips off the I's corner
    assert match.scratch_copy().place(Placement(block="orange-1", col=o_col)).fallen


def test_a_placement_is_stress_tested_in_the_tails_of_the_hands_spread() -> None:
    """An O over the end of an I lying flat, aimed 0.15 of a cell in: 2.5 sigma of a
    surgeon's spread (0.05 cm) either way leaves it standing; 2.5 sigma of a shaky hand's
    (1.9 cm) off the I's end tips it, and towards the I's middle does not."""
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=6))
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="red-1", col=0))
    match.perform({"type": "roll", "player": "Ben"})
    board = Board.of(FOOTPRINT, match.state.tower)
    drop = next(d for d in drops(board, "orange-1") if (d.col, d.turns) == (3, 0))
    surgeon = get_profile("surgeon")
    placement = Placement(
        block="orange-1", col=3, nudge=aim(match, "orange-1", drop, margin_for(surgeon)).nudge
    )
    before = match.state.digest()
    assert stress_falls(match, placement, surgeon) == 0
    assert stress_falls(match, placement, get_profile("shaky")) == 1
    assert match.state.digest() == before  # tried in copies


def test_a_solo_win_in_hand_beats_a_plan_to_win_next_turn() -> None:
    """1A seed 1 at 36 points, as hard played it to its 14th turn. An upright I in
    column 0 finishes a floor and wins now; a T on top scores nothing but leaves a win
    for every roll, which the plan values as highly (1004). Hard used to take the T, and
    the next turn's win fell; a rollout that wins must beat any promise of a win later.
    Hand model 1: the surgeon's old numbers the position was traced with (under model 2
    the braced hand's wider margins plan other candidates; docs/bots.md, "Hurry")."""
    profile = load_profile(hand_model=1)
    match = LotsMatch(LotsOptions(players=("Solo",), footprint="1A", seed=1), profile)
    actions = json.loads((Path(__file__).parent / "solo_1A_seed1_turn14.json").read_text())
    for index, action in enumerate(actions):
        perform(match, action, index, seed=1)
    assert match.state.scores == [36]
    assert not match.notices  # nothing refused
    found = {
        (c.placement.block, c.placement.col, c.placement.turns): c
        for c in candidates(match, get_profile("surgeon"), rolls=2)
    }
    win, later = found[("red-3", 0, 1)], found[("yellow-3", 1, 0)]
    assert later.points == 0 and later.prior >= win.prior - 0.01  # the plan's trap
    assert rollout(match, win.placement, Jitter()).won
    assert not rollout(match, later.placement, Jitter()).won
    bot = LotsBot(7919, level("hard"))
    kind, chosen = bot.decide(match)
    assert kind == "place" and (chosen.block, chosen.col, chosen.turns) == ("red-3", 0, 1)
    means = {
        (p.block, p.col, p.turns): e.mean
        for e in bot.last_estimates
        for p in [e.candidate.placement]
    }
    assert means[("red-3", 0, 1)] > means[("yellow-3", 1, 0)] + WIN / 20


def test_a_risky_solo_win_now_loses_to_a_sure_move_whose_plan_wins_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As traced in 1A seed 14 at 34 points: a win now that falls in one rollout of four
    against a move that always stands and whose plan wins next turn for most rolls (870).
    A win now is worth a tenth more than a plan's win, not twice as much: at twice, the
    gamble (a lost game one time in four) was taken."""
    match = LotsMatch(LotsOptions(players=("Solo",), footprint="1A", seed=14))
    match.perform({"type": "roll", "player": "Solo"})
    gamble = Candidate(Placement(block="blue-3", col=0, turns=1), points=6, shape=WIN)
    sure = Candidate(Placement(block="red-3", col=0), points=0, shape=870.0)
    tries: dict[str | None, int] = {}

    def scripted(
        _match: LotsMatch, placement: Placement, _jitter: Jitter, _copies: object = None
    ) -> Sample:
        k = tries[placement.block] = tries.get(placement.block, -1) + 1
        if placement.block == "red-3":
            return Sample(0.0, False, 100)
        if k % 4 == 3:
            return Sample(-SOLO_FALL, True, 100)
        return Sample(6.0, False, 100, won=True)

    monkeypatch.setattr(bots, "rollout", scripted)
    monkeypatch.setattr(bots, "stress_falls", lambda *_: 0)
    bot = LotsBot(14, level("hard"))
    assert bot.choose(match, [gamble, sure]) is sure
    estimates = {e.candidate.placement.block: e for e in bot.last_estimates}
    assert estimates["blue-3"].risk == 0.25 and estimates["red-3"].risk == 0.0
    assert estimates["blue-3"].mean < estimates["red-3"].mean


def test_the_balance_aim_measures_the_support_where_it_stands() -> None:
    """The I stands 0.08 cm left of its cells: the O over its right end goes that much
    further left (and stands), not just 0.15 of a cell off the grid."""
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=6))
    match.perform({"type": "roll", "player": "Ann"})
    match.place(Placement(block="red-1", col=0, nudge=-0.08))
    match.perform({"type": "roll", "player": "Ben"})
    board = Board.of(FOOTPRINT, match.state.tower)
    drop = next(d for d in drops(board, "orange-1") if (d.col, d.turns) == (3, 0))
    cell = match.lot.grid.cell
    shift = match.world.entry("red-1").body.position.x - match.lot.column_x(2)
    assert shift == pytest.approx(-0.08, abs=0.01)
    aimed = aim(match, "orange-1", drop, margin_for(get_profile("surgeon")))
    assert aimed.nudge == pytest.approx(-0.15 * cell + shift, abs=0.005)
    outcome = match.scratch_copy().place(Placement(block="orange-1", col=3, nudge=aimed.nudge))
    assert not outcome.fallen


def test_the_margin_counts_the_angle_and_forgives_a_small_overlap() -> None:
    steady = get_profile("steady")
    swing = 2.5 * math.radians(steady.angle_noise_deg)  # a corner 2.5 cm from the centre
    spread = math.hypot(steady.position_noise_cm, steady.tremor_cm, swing)
    assert margin_for(steady) == pytest.approx(3 * spread - 0.03)
    assert 0.2 < margin_for(steady) < 0.25  # measured: 0.2 cm off, 1 of 100 tilted
    assert margin_for(get_profile("shaky")) > margin_for(steady)


@pytest.mark.parametrize(("col", "side"), [(0, 1), (1, -1)])
def test_a_piece_at_the_lots_edge_keeps_the_hands_air_inside_the_limit(col: int, side: int) -> None:
    """3B's ridge: an O over the valley wants to lean towards the ground block that
    carries it, out past the lot's edge. From rest 3 a piece resting past the edge's
    limit (0.25 cm) is taken back: aimed at the limit, most of a steady hand's draws
    were (12 of 16); from rest 4 the aim leans no piece out past the outline."""
    match = LotsMatch(LotsOptions(players=("Ann",), footprint="3B", seed=1))
    match.perform({"type": "roll", "player": "Ann"})
    match.state.banks[0] = ["orange-1", *match.state.banks[0][1:]]
    board = Board.of(get_footprint("3B"), match.state.tower)
    drop = next(d for d in drops(board, "orange-1") if (d.col, d.turns) == (col, 0))
    steady = get_profile("steady")
    margin = margin_for(steady)
    aimed = aim(match, "orange-1", drop, margin)
    assert match.world.profile.resting.names_taken_back  # rest 4, what new games use
    assert aimed.nudge == 0.0  # flush with the edge, on the grid
    refused = 0
    for k in range(8):
        twin = match.scratch_copy()
        placement = Placement(block="orange-1", col=col, nudge=aimed.nudge)
        try:
            twin.place(noisy(placement, draw(steady, Chance.from_seed(k))))
        except IllegalMove:
            refused += 1
    assert refused == 0
