"""Run by test_real_window.py under Xvfb: a real Crazy Tower window (the loop-box example,
Bob to move, with the average hand) waiting for the real keys and mouse to lay a floor
card on the tower.

Writes to the folder its first argument names ``ready.json`` (the window-relative pixel,
y down as xdotool counts, over the tower where the card is to be let go), then
``settled.json`` when the card has settled: the verdict, the ghost's spread as it stood
while the card was last held, and where the card came to rest. Never run by pytest
directly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyglet

from simulator.app import screens
from simulator.bots.dexterity import get_profile
from simulator.games.crazy_tower.live import SETTLED

TITLE = "towersim xtest crazy tower"
ROOT = Path(__file__).resolve().parents[2]


def _xs(polygons: list[list[tuple[float, float]]]) -> list[float]:
    xs = [x for poly in polygons for x, _ in poly]
    return [min(xs), max(xs)]


def main(out: Path) -> None:
    from simulator.app.window import AppWindow

    screen = screens.load_game(ROOT / "scenarios/crazy-tower/loop-box.toml")
    screen.turn.dexterity = get_profile("average")  # as the start screen's "Your hand"
    window = AppWindow(screen, caption=TITLE)
    world = screen.match.world
    tops = [s.bb for e in world.entries if not e.is_table for s in e.shapes]
    middle = (min(b.left for b in tops) + max(b.right for b in tops)) / 2
    top = max(b.top for b in tops)

    def target(x: float, y: float) -> list[int]:
        lx, ly = screen.camera().to_screen(x, y)
        wx, wy = window.box.to_window(lx, ly)
        return [round(wx), round(window.height - wy)]

    state: dict = {"ready": False, "spread": None, "ghost": None, "card": None}

    def watch(_: float) -> None:
        turn = screen.turn
        if not state["ready"]:
            (out / "ready.json").write_text(json.dumps({"over": target(middle, top + 2.5)}))
            state["ready"] = True
        landed = turn.landed()
        if landed is not None:  # a card in the hand: its ghost and the hand's spread
            state["spread"], state["ghost"] = turn.spread(), _xs(landed[0])
            state["card"] = turn.live.piece
        live = turn.live
        if live is not None and live.stage == SETTLED and state["card"]:
            card = state["card"]
            entry = screen.match.world.entry(card) if card in screen.match.world else None
            rest = _xs(entry.world_polygons()) if entry is not None else None
            said = {"message": screen.message, "spread": state["spread"], "ghost": state["ghost"]}
            (out / "settled.json").write_text(json.dumps({**said, "rest": rest}))
            pyglet.app.exit()

    pyglet.clock.schedule_interval(watch, 0.1)
    pyglet.clock.schedule_once(lambda _: pyglet.app.exit(), 90.0)  # never hang a test
    pyglet.app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
