"""Keyboard-only placement, for a player who cannot drag precisely: a number key picks a
block, Left / Right move it a column (LOTS) or a cube (Crazy Tower), Up raises it, Down
lowers it, Space releases and Enter confirms, and the piece lands where the ghost said."""

from __future__ import annotations

from collections.abc import Callable

from pyglet.window import key

from simulator.app.crazy_tower.hand import STEP
from simulator.games.crazy_tower.bodies import card_half_length
from simulator.games.crazy_tower.live import SETTLED as CT_SETTLED
from simulator.games.lots.live import SETTLED
from tests.app.crazy_tower_helpers import holding, open_ct, settle
from tests.app.helpers import close, frames, open_lots, send, until_my_placement


def _press(window, symbol: int, count: int = 1) -> None:
    for _ in range(count):
        send(window, "on_key_press", symbol, 0)
        send(window, "on_key_release", symbol, 0)
        frames(window, 40)


def _lower(window, lowering: Callable[[], bool]) -> None:
    """Hold Down until the piece rests (``lowering()`` says it goes on)."""
    send(window, "on_key_press", key.DOWN, 0)
    for _ in range(600):
        frames(window)
        if not lowering():
            break
    send(window, "on_key_release", key.DOWN, 0)


def test_a_lots_placement_by_keys_only_lands_where_the_ghost_said():
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        _press(window, key._1)
        block = screen.live.piece
        for _ in range(12):  # from the pick-up spot left of the lot, column by column
            _press(window, key.RIGHT)
            if screen.turns.ghost_spot()[2] == 3:
                break
        cells, problem, col = screen.turns.ghost_spot()[:3]
        assert col == 3 and problem is None and min(r for r, _ in cells) == 0  # on the base
        # Each key is one column exactly: right, up (no column change), left, right.
        _press(window, key.RIGHT)
        assert screen.turns.ghost_spot()[2] == 4
        height = screen.turns.target[1]
        _press(window, key.UP)
        assert screen.turns.target[1] == height + match.lot.grid.cell
        _press(window, key.LEFT)
        assert screen.turns.ghost_spot()[:3] == (cells, None, 3)
        _lower(window, lambda: screen.turns.lowering)
        _press(window, key.SPACE)
        for _ in range(900):
            frames(window)
            if screen.live.stage == SETTLED:
                break
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        assert screen.live is None and match.actions[-1]["block"] == block
        assert {tuple(c) for c in match.state.tower[block]} == set(cells)
    finally:
        close(window)


def test_a_crazy_tower_block_by_keys_only_covers_the_box_aimed_at():
    window, screen = open_ct()
    match = screen.match
    try:
        _press(window, key._3)  # red-2a: two cubes, one box long
        assert holding(screen)
        card = match.world.entry("fc-00")
        aim = card.pose.x - card_half_length() + 8.0  # box 3's left end (2 boxes of 4 cm)

        def left_end() -> float:
            return min(x for poly in screen.live.held.world_polygons() for x, _ in poly)

        for _ in range(20):
            _press(window, key.RIGHT)
            if left_end() > aim - STEP / 2:
                break
        assert abs(left_end() - aim) < 0.1
        _lower(window, lambda: screen.turn.hand.lowering)
        _press(window, key.SPACE)
        settle(window, screen)
        assert screen.live.stage == CT_SETTLED and screen.message.startswith("Verdict:")
        _press(window, key.RETURN)
        placed = [e for e in match.state.events if e["type"] == "block_placed"][-1]
        assert placed["block"] == "red-2a" and placed["card"] == "fc-00"
        assert placed["boxes"] == [2]  # the third box, 0-based in the log
    finally:
        close(window)
