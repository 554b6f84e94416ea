"""The panel's game log: one sentence an event in the game's words, the newest at the
bottom, in the panel's free space only, following the game."""

from __future__ import annotations

from pyglet.window import key

from simulator.app.game_log import free_top, lines
from simulator.app.lots.panel import PANEL_X
from simulator.app.watch_transport import told
from tests.app.helpers import close, frames, open_lots, send


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_the_log_tells_the_latest_moves_below_the_panel_and_follows_the_game():
    window, screen, match = open_lots(players=("You", "Ann"))
    try:
        frames(window, 2)
        log = screen.game_log
        said = lines(match.kind, match.events())
        assert log.shown == said[-len(log.shown) :] and log.shown  # the latest, in order
        send(window, "on_key_press", key.R, 0)  # a roll: its sentence comes in last
        frames(window, 2)
        newest = told(match.kind, (match.events()[-1],))
        assert log.shown[-1] == newest
        # it sits below the panel's last item and never over a button or a text of it
        panel = screen.view.hud
        top = free_top(panel, PANEL_X)
        for text in log.hud.texts:
            box = text.box
            assert box.y + box.h <= top + 20
            for button in panel.buttons:
                assert not _overlap(
                    (box.x, box.y, box.w, box.h), (button.x, button.y, button.w, button.h)
                )
    finally:
        close(window)
