"""Passing the device in saboteur mode: the saboteur's role stays hidden on a shared
screen.

A cover hides the whole screen: "Pass to <name>" until that player clicks, then (when
the cover is a role reveal) the role, shown only to its owner, until the next click.
The screen queues covers: each human's role once at the start, a pass cover whenever
the turn goes from one human to another, a role reveal on request.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.crazy_tower.state import CrazyTowerState
from simulator.app.crazy_tower.words import role_text
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.widgets import Hud

PASS, ROLE = "pass", "role"
INK = (240, 240, 240)
SHADE = (26, 30, 40)


@dataclass
class Cover:
    player: str
    show_role: bool  # after the pass cover, reveal the player's role
    stage: str = PASS

    def click(self) -> bool:
        """The player clicked: True when the cover is done."""
        if self.stage == PASS and self.show_role:
            self.stage = ROLE
            return False
        return True

    def draw(self, hud: Hud, state: CrazyTowerState) -> None:
        hud.clear()
        hud.rect(0, 0, DESIGN_W, DESIGN_H, SHADE, 255, layer=0)
        mid = DESIGN_W / 2
        if self.stage == PASS:
            hud.text(
                f"Pass the device to {self.player}",
                mid,
                DESIGN_H / 2 + 40,
                30,
                INK,
                bold=True,
                anchor_x="center",
            )
            hud.text(
                f"{self.player}: click anywhere (or press Space) when only you can see the screen.",
                mid,
                DESIGN_H / 2 - 20,
                15,
                INK,
                anchor_x="center",
            )
            return
        headline, text = role_text(state, self.player)
        saboteur = state.saboteur == self.player
        tone = (220, 70, 60) if saboteur else (90, 170, 240)
        hud.rect(mid - 380, DESIGN_H / 2 - 130, 760, 260, (40, 46, 60), 255, layer=1)
        hud.text(headline, mid, DESIGN_H / 2 + 60, 28, tone, bold=True, anchor_x="center")
        hud.text(text, mid - 340, DESIGN_H / 2 + 10, 15, INK, width=680, anchor_y="top")
        hud.text(
            "Click (or Space) to hide your role and play.",
            mid,
            DESIGN_H / 2 - 105,
            12,
            (190, 190, 190),
            anchor_x="center",
        )
