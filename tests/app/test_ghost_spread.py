"""The ghost is honest (issue 43), in LOTS and in Crazy Tower: it is the held piece
dropped straight down from where it hangs, the chosen hand's spread lies around it, and
a piece let go lands there; a LOTS piece let go sticking out past the footprint is
refused with the reason."""

from __future__ import annotations

import statistics

import pytest
from pyglet.window import key

from rules.chance import Chance
from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.window import AppWindow
from simulator.bots.dexterity import draw, hand_named, miss_sd
from simulator.games.lots.live import SETTLED
from tests.app.crazy_tower_helpers import holding, hover, open_ct, over_card, settle
from tests.app.helpers import close, frames, send, until_my_placement, world_to_window
from tests.turns.lots_turns import drive, new_turns, to_placement


def _xs(polygons):
    xs = [x for poly in polygons for x, _ in poly]
    return min(xs), max(xs)


@pytest.mark.parametrize("hand", ["older", "average"])
def test_a_piece_let_go_lands_on_its_ghost_inside_the_hands_spread(hand):
    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, dexterity=hand)
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        lot = match.lot
        # over the lot's left part, above the tower: the piece falls onto it
        send(window, "on_mouse_motion", *world_to_window(window, screen, lot.left + 4, 14.0), 0, 0)
        frames(window, 90)
        turns = screen.turns
        spot, spread = turns.ghost_spot(), turns.spread()
        assert spot is not None and spot.problem is None and spread is not None
        held = turns.held()
        # the ghost is the piece where it hangs, moved straight down by the drop
        hung, ghost = _xs(held.world_polygons()), _xs(spot.shape)
        assert ghost == pytest.approx(hung, abs=1e-9) and spot.drop > 1.0
        # the spread: the aim (the ghost less this piece's miss) +- 2 SD of the hand's
        sd = miss_sd(hand_named(hand), (2 * spot.drop / match.profile.gravity) ** 0.5)
        aim = (ghost[0] - turns.jitter.dx, ghost[1] - turns.jitter.dx)
        assert spread == pytest.approx((aim[0] - 2 * sd, aim[1] + 2 * sd))
        assert turns.jitter.dx != 0.0 and spread[0] <= ghost[0] and ghost[1] <= spread[1]
        piece, let_go = held.id, held.pose
        send(window, "on_key_press", key.SPACE, 0)  # let go where it hangs
        for _ in range(600):
            frames(window)
            if screen.live is not None and screen.live.stage == SETTLED:
                break
        assert screen.live is not None and screen.live.stage == SETTLED
        landed = _xs(match.world.entry(piece).world_polygons())
        assert spread[0] <= landed[0] and landed[1] <= spread[1], (landed, spread)
        # where the ghost showed it: a piece let go a little off square (the hand's angle
        # error) tips flat as it lands, which moves its corners, not where it is
        rest = match.world.entry(piece).pose
        assert abs(rest.x - let_go.x) < 0.25 and landed[0] == pytest.approx(ghost[0], abs=0.1)
    finally:
        close(window)


def test_the_spread_is_the_spread_of_the_hands_miss():
    """miss_sd is what draw's offsets scatter by (the app's reach, own pace)."""
    for name, model in (("average", 2), ("shaky", 1)):
        hand = hand_named(name, model)
        chance = Chance(7)
        misses = [draw(hand, chance.fork(i)).dx for i in range(3000)]
        assert statistics.pstdev(misses) == pytest.approx(miss_sd(hand), rel=0.06)


def test_a_piece_sticking_out_past_the_footprint_is_refused_with_the_reason():
    turns, _ = new_turns()
    to_placement(turns)
    turns.pick_bank(0)
    lot = turns.match.lot
    drive(turns, 30)
    spot = turns.ghost_spot()
    assert spot is not None
    turns.step_sideways(-spot.col)  # the piece's left edge on the lot's left line
    drive(turns, 120)
    spot = turns.ghost_spot()
    assert spot is not None and spot.problem is None and spot.col == 0
    x, y = turns.target
    turns.aim(x - 0.6, y)  # 0.6 cm past the dashed line: the cells still snap inside
    drive(turns, 60)
    spot = turns.ghost_spot()
    assert spot is not None and spot.col == 0
    assert spot.problem == "the piece would stick out 0.6 cm past the left edge of the footprint"
    assert _xs(spot.shape)[0] == pytest.approx(lot.left - 0.6, abs=0.05)
    turns.release()
    assert turns.holding() and turns.message.startswith("Refused: the piece would stick out")


def test_a_crazy_tower_block_let_go_lands_on_its_ghost_inside_the_hands_spread():
    window, screen = open_ct(dexterity="older")
    try:
        send(window, "on_key_press", key._3, 0)  # a two-cube block
        frames(window)
        assert holding(screen)
        hover(window, screen, *over_card(screen, "fc-00", 9.0, 5.0), count=90)
        turn = screen.turn
        landed, between = turn.landed(), turn.spread()
        assert landed is not None and between is not None and landed[1] > 3.0
        held = screen.live.held
        shape, drop = landed
        # the drawn ghost is the piece where it hangs, moved straight down onto the card
        assert _xs(shape) == pytest.approx(_xs(held.world_polygons()), abs=1e-9)
        assert screen.view.ghost_pose() == pytest.approx(
            (held.pose.x, held.pose.y - drop, held.pose.angle)
        )
        card_top = max(s.bb.top for s in screen.match.world.entry("fc-00").shapes)
        assert min(y for poly in shape for _, y in poly) == pytest.approx(card_top, abs=0.05)
        assert between[0] <= _xs(shape)[0] and _xs(shape)[1] <= between[1]
        piece, let_go = held.id, held.pose
        send(window, "on_key_press", key.SPACE, 0)
        settle(window, screen)
        rest = screen.match.world.entry(piece)
        landed_x = _xs(rest.world_polygons())
        assert between[0] <= landed_x[0] and landed_x[1] <= between[1], (landed_x, between)
        assert abs(rest.pose.x - let_go.x) < 0.25
    finally:
        close(window)
