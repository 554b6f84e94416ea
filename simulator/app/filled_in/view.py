"""What the Filled In screen draws, read from its turn controller: one tab per player,
the viewed sheet with its crane and footer, the panel, the block under the mouse and
the message line. It holds every pyglet object of the screen and changes nothing in
the game: the panel's buttons call the controller."""

from __future__ import annotations

from typing import Any

import pyglet

from simulator.app.filled_in.controller import FilledInTurns, Ghost
from simulator.app.filled_in.geometry import LEFT_W
from simulator.app.filled_in.panel import draw_panel
from simulator.app.filled_in.sheet_view import INK, paint_crane, paint_ghost, paint_sheet
from simulator.app.filled_in.strips import paint_footer, paint_tabs
from simulator.app.flashes import Flashes
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.render.mesh import Mesh
from simulator.render.scene import MeshGroup, mesh_list

TABS = (8.0, 668.0, 784.0, 60.0)
CRANE_Y = 626.0
STALE = "stale"  # a ghost key no ghost has: it is drawn again


class FilledInView:
    def __init__(self, turns: FilledInTurns) -> None:
        self.turns = turns
        self.back, self.front = Hud(), Hud()  # under and over the mesh
        self.banner = Banner(LEFT_W, height=62, size=12)
        self.tally, self.flashes = Tally(), Flashes()  # scores count up; scoring flashes
        self._batch = pyglet.graphics.Batch()
        self._group = MeshGroup(0)
        self._lists: list[Any] = []
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_list: Any = None
        self._ghost_key: Any = None

    def step(self, seconds: float) -> None:
        self.tally.step(seconds)
        self.flashes.step(seconds)

    def reset(self) -> None:
        """Another game is shown (a load): no count-up, no flash of the last one."""
        self.tally.reset()
        self.flashes.clear()

    def draw(self, elsewhere: dict[str, str]) -> None:
        """Draw, rebuilt first when the controller changed (``elsewhere``: the seats
        played on another desk, as the tabs name them)."""
        turns = self.turns
        if turns.dirty:
            self._rebuild(elsewhere)
        self.back.draw()
        self.tally.draw()
        self._batch.draw()
        self.flashes.draw(turns.table.players[turns.viewed].name)  # on the sheet shown
        self.front.draw()
        self._draw_ghost()
        self.banner.draw(turns.message)

    def close(self) -> None:
        """Free the GL objects; safe to call twice."""
        self._delete_lists()
        self._ghost_key = STALE
        for hud in (self.back, self.front, self.banner.hud):
            hud.clear()

    def _delete_lists(self) -> None:
        for item in self._lists:
            item.delete()
        self._lists.clear()
        if self._ghost_list is not None:
            self._ghost_list.delete()
            self._ghost_list = None

    def _draw_ghost(self) -> None:
        turns = self.turns
        found: Ghost | None = turns.ghost()
        pending = turns.pending
        shown = found if found is None else (found, pending and pending.order[:])
        if shown != self._ghost_key:
            self._ghost_key = shown
            if self._ghost_list is not None:
                self._ghost_list.delete()
                self._ghost_list = None
            if found is not None:
                mesh = Mesh()
                cells, name, problem = found
                paint_ghost(mesh, turns.geometry(), cells, name, problem)
                self._ghost_list = mesh_list(mesh, self._ghost_batch, self._group)
        self._ghost_batch.draw()

    def _rebuild(self, elsewhere: dict[str, str]) -> None:
        turns = self.turns
        turns.dirty = False
        self.back.clear()
        self.front.clear()
        self._delete_lists()
        self._ghost_key = STALE  # the ghost is drawn again, over the new sheet
        state, table = turns.state, turns.table
        mesh = Mesh()
        paint_tabs(
            mesh,
            self.front,
            table,
            TABS,
            viewed=turns.viewed,
            movers=turns.arrows(),
            labels={p.name: turns.label(p.name, elsewhere) for p in table.players},
            totals={p.name: p.breakdown.total for p in table.players},
            on_view=turns.view,
        )
        player = table.players[turns.viewed]
        pencil = None
        pending = turns.pending
        if pending is not None and pending.player == player.name:
            pencil = (pending.crafted(state)[1], pending.block, pending.purples)
        paint_sheet(mesh, self.front, turns.geometry(), table, player, pencil)
        pencilled = len(pencil[2]) if pencil else 0
        spec = player.sheet
        right = paint_crane(mesh, self.front, 20, CRANE_Y, spec, len(player.purples), pencilled)
        name = player.name if len(player.name) <= 14 else player.name[:13] + "."
        title = f"{name}  ·  sheet {spec.id}, {spec.name}"
        self.front.text(title, right + 10, CRANE_Y + 9, 13, INK, bold=True)
        paint_footer(mesh, self.front, player)
        draw_panel(
            mesh,
            self.back,
            self.front,
            table,
            state,
            active=turns.active(),
            viewed=turns.viewed,
            pending=pending,
            purple_mode=turns.purple_mode,
            actions=turns,
            tally=self.tally,
        )
        self._lists.append(mesh_list(mesh, self._batch, self._group))
