"""Run by test_real_window.py under Xvfb: a real LOTS window waiting for the real mouse.

Writes to the folder its first argument names ``ready.json`` (window-relative pixel
targets, y down as xdotool counts), then ``settled.json`` when the released block has
settled (with the ghost's spread as it stood while the piece was last held, and where
the block came to rest), then ``result.json`` once the placement is confirmed, and
exits. A second argument names your hand (a dexterity profile). Never run by pytest
directly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyglet

from rules.lots import legal_moves, spec_of
from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.window import AppWindow
from simulator.games.computer_seat import play_players
from simulator.games.lots.landing import spots
from simulator.games.lots.live import SETTLED
from simulator.games.lots.player import RandomPlayer
from simulator.physics.geometry import centroid_offset, piece_polygons

TITLE = "towersim xtest"


def _xs(polygons: list[list[tuple[float, float]]]) -> list[float]:
    xs = [x for poly in polygons for x, _ in poly]
    return [min(xs), max(xs)]


def main(out: Path, hand: str | None = None) -> None:
    match = session.new_match(["You", "Computer 2"], "1A", 3)
    computer = RandomPlayer(11)
    while not (match.state.to_act == 0 and match.state.phase == "place"):
        if match.state.to_act == 0:
            match.perform(legal_moves(match.state)[0])
        else:
            play_players(match, {"Computer 2": computer}, 1)
    screen = LotsScreen(match, seed=3, autosave=False, dexterity=hand)
    window = AppWindow(screen, caption=TITLE)
    lot = match.lot
    block = match.state.banks[0][0]
    spec = spec_of(block)
    state_cells = [tuple(c) for cells in match.state.tower.values() for c in cells]
    filled = set(match.state.footprint_spec().ground_cells()) | set(state_cells)
    # The tidiest spot without turning: balanced, fewest holes, lowest.
    spot = min(
        (
            s
            for s in spots(spec.cells, filled, lot.footprint.width)
            if s.turns == 0 and not s.mirror
        ),
        key=lambda s: (not s.balanced, s.holes, min(r for r, _ in s.cells)),
    )
    polygons = piece_polygons(spec)
    width = max(c for _, c in spec.cells) + 1
    x = lot.column_x(spot.col + width / 2) + centroid_offset(polygons, 0.0)
    bottom = lot.grid.origin[1] + min(r for r, _ in spot.cells) * lot.grid.cell
    rest_y = bottom - min(y for poly in polygons for _, y in poly)

    def target(x: float, y: float) -> list[int]:
        lx, ly = screen.camera().to_screen(x, y)
        wx, wy = window.box.to_window(lx, ly)
        return [round(wx), round(window.height - wy)]

    state: dict = {"ready": False, "settled": False, "spread": None, "ghost": None}

    def watch(_: float) -> None:
        if not state["ready"]:
            (out / "ready.json").write_text(
                json.dumps(
                    {
                        "block": block,
                        "high": target(x, rest_y + 10.0),
                        "low": target(x, rest_y + 0.4),
                        # a hand that misses lets go 3 cm up and 0.8 cm clear of the
                        # neighbour on the left (a miss of a millimetre catches its corner)
                        "drop": target(x + 0.8, rest_y + 3.0),
                    }
                )
            )
            state["ready"] = True
        live = screen.live
        spot = screen.turns.ghost_spot()
        if spot is not None:  # while held: the ghost and the hand's spread now
            state["spread"], state["ghost"] = screen.turns.spread(), _xs(spot.shape)
        if live is not None and live.stage == SETTLED and not state["settled"]:
            rest = _xs(match.world.entry(block).world_polygons()) if block in match.world else None
            said = {"message": screen.message, "spread": state["spread"], "ghost": state["ghost"]}
            (out / "settled.json").write_text(json.dumps({**said, "rest": rest}))
            state["settled"] = True
        if state["settled"] and screen.live is None:
            result = {
                "actions": match.actions,
                "events": match.state.events,
                "message": screen.message,
            }
            (out / "result.json").write_text(json.dumps(result))
            pyglet.app.exit()

    pyglet.clock.schedule_interval(watch, 0.1)
    pyglet.clock.schedule_once(lambda _: pyglet.app.exit(), 90.0)  # never hang a test
    pyglet.app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else None)
